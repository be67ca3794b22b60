"""Lays PNG renders out as one contact sheet (the README's picture of the corpus).

    .venv/bin/paint-pipeline render data/sketches/bench/*.js --out artifacts/demo --seed 0
    .venv/bin/python scripts/contact_sheet.py artifacts/demo docs/images/bench_corpus.jpg
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--columns", type=int, default=7)
    parser.add_argument("--thumb", type=int, default=112)
    args = parser.parse_args()
    images = sorted(args.folder.glob("*.png"))
    if not images:
        raise SystemExit(f"no PNG files in {args.folder}")
    buf = io.BytesIO()
    fmt = "JPEG" if args.out.suffix.lower() in (".jpg", ".jpeg") else "PNG"
    contact_sheet(images, args.columns, args.thumb).save(buf, format=fmt, quality=88, optimize=True)
    atomic_write_bytes(args.out, buf.getvalue())
    print(f"{args.out}: {len(images)} images, {len(buf.getvalue()) // 1024} KB")


if __name__ == "__main__":
    main()
