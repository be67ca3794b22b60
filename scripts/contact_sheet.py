"""Lays PNG renders out as one contact sheet (the README's pictures).

    .venv/bin/paint-pipeline render data/sketches/bench/*.js --out artifacts/demo --seed 0
    .venv/bin/python scripts/contact_sheet.py artifacts/demo docs/images/bench_corpus.jpg
    # the best successful paintings of a pipeline's cycles (highest total reward first), one strip:
    .venv/bin/python scripts/contact_sheet.py artifacts docs/images/demo_gallery.jpg --best 8 --columns 8
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image

from paint_pipeline.fileio import atomic_write_bytes


def contact_sheet(images: list[Path], columns: int, thumb: int, gap: int = 4) -> Image.Image:
    rows = -(-len(images) // columns)
    sheet = Image.new("RGB", (columns * (thumb + gap) + gap, rows * (thumb + gap) + gap), "white")
    for i, path in enumerate(images):
        with Image.open(path) as im:
            tile = im.convert("RGB").resize((thumb, thumb), Image.Resampling.LANCZOS)
        sheet.paste(tile, (gap + (i % columns) * (thumb + gap), gap + (i // columns) * (thumb + gap)))
    return sheet


def best_renders(artifacts: Path, count: int) -> list[tuple[Path, str, float]]:
    """(image, prompt, total) of the `count` successful renders with the highest total reward over every cycle's
    scorecards."""
    import pyarrow.parquet as pq

    scored = []
    for cards_path in sorted((artifacts / "scorecards").glob("cycle-*.parquet")):
        renders_path = artifacts / "renders" / cards_path.name
        if not renders_path.is_file():
            continue
        images = {r["sample_id"]: r["image_path"] for r in pq.read_table(renders_path).to_pylist()}
        for card in pq.read_table(cards_path, columns=["sample_id", "prompt", "status", "total"]).to_pylist():
            path = images.get(card["sample_id"])
            if path and not Path(path).is_absolute():
                path = artifacts.parent / path  # stored relative to the directory the pipeline ran in
            if card["status"] == "SUCCESS" and path and Path(path).is_file():
                scored.append((Path(path), card["prompt"], card["total"]))
    return sorted(scored, key=lambda t: -t[2])[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of PNG files, or with --best a pipeline's artifacts")
    parser.add_argument("out", type=Path)
    parser.add_argument("--columns", type=int, default=7)
    parser.add_argument("--thumb", type=int, default=112)
    parser.add_argument("--best", type=int, default=0, help="the N best successful renders of the cycles")
    args = parser.parse_args()
    if args.best:
        best = best_renders(args.folder, args.best)
        for i, (path, prompt, total) in enumerate(best, 1):
            print(f"{i}. {prompt} (total {total:.3f}, {path.name})")
        images = [path for path, _, _ in best]
    else:
        images = sorted(args.folder.glob("*.png"))
    if not images:
        raise SystemExit(f"no {'successful renders in the scorecards of' if args.best else 'PNG files in'} "
                         f"{args.folder}")
    buf = io.BytesIO()
    fmt = "JPEG" if args.out.suffix.lower() in (".jpg", ".jpeg") else "PNG"
    contact_sheet(images, args.columns, args.thumb).save(buf, format=fmt, quality=88, optimize=True)
    atomic_write_bytes(args.out, buf.getvalue())
    print(f"{args.out}: {len(images)} images, {len(buf.getvalue()) // 1024} KB")


if __name__ == "__main__":
    main()
