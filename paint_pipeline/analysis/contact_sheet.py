"""Lays PNG renders out as one contact sheet (the README's pictures).

    .venv/bin/paint-pipeline render data/sketches/bench/*.js --out artifacts/demo --seed 0
    .venv/bin/paint-pipeline analyze contact-sheet artifacts/demo docs/images/bench_corpus.jpg
    # the best successful paintings of a pipeline's cycles (highest total reward first), one strip:
    .venv/bin/paint-pipeline analyze contact-sheet artifacts docs/images/demo_gallery.jpg --best 8 --columns 8
    # the held-out paintings of a learning curve: the first 8 test prompts, one row per policy (failures grey):
    .venv/bin/paint-pipeline analyze contact-sheet artifacts docs/images/heldout_gallery.jpg \
        --heldout cycle-test cycle-0005-test --prompts 8 --columns 8
"""

from __future__ import annotations

import argparse
import hashlib
import io
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="a folder of PNG files, or with --best a pipeline's artifacts")
    parser.add_argument("out", type=Path)
    parser.add_argument("--columns", type=int, default=7)
    parser.add_argument("--thumb", type=int, default=112)
    parser.add_argument("--best", type=int, default=0, help="the N best successful renders of the cycles")
    parser.add_argument("--heldout", nargs="+", default=None, metavar="LABEL",
                        help="evaluated policies, one row each: a label of the evaluation cache, or label@key "
                             "where it was evaluated more than once")
    parser.add_argument("--prompts", type=int, default=8, help="with --heldout: the first N test prompts")


CAPTION_LINE_HEIGHT = 12


def contact_sheet(images: list[Path | str | bytes], columns: int, thumb: int, gap: int = 4,
                  captions: list[str] | None = None, caption_lines: int = 3) -> Image.Image:
    """Tiles in rows; a str instead of a path is a grey tile that says it (a sketch that did not render), bytes
    are an encoded image. With `captions`, each tile has its caption wrapped beneath it, `caption_lines` at most."""
    import textwrap

    from PIL import Image, ImageDraw

    caption_h = caption_lines * CAPTION_LINE_HEIGHT if captions is not None else 0
    cell_w, cell_h = thumb + gap, thumb + caption_h + gap
    rows = -(-len(images) // columns)
    sheet = Image.new("RGB", (columns * cell_w + gap, rows * cell_h + gap), "white")
    draw = ImageDraw.Draw(sheet)
    width = max(12, thumb // 6)  # caption characters per line at the default bitmap font
    for i, image in enumerate(images):
        if isinstance(image, str):
            tile = Image.new("RGB", (thumb, thumb), (205, 205, 205))
            ImageDraw.Draw(tile).multiline_text((6, thumb // 2 - 12), image.replace(" ", "\n", 1), fill=(60, 60, 60))
        else:
            with Image.open(io.BytesIO(image) if isinstance(image, bytes) else image) as im:
                tile = im.convert("RGB").resize((thumb, thumb), Image.Resampling.LANCZOS)
        x, y = gap + (i % columns) * cell_w, gap + (i // columns) * cell_h
        sheet.paste(tile, (x, y))
        if captions is not None:
            lines = textwrap.wrap(captions[i], width)[:caption_lines]
            draw.multiline_text((x, y + thumb + 2), "\n".join(lines), fill=(30, 30, 30), spacing=1)
    return sheet


def heldout_renders(artifacts: Path, names: list[str], prompts: int,
                    split: str = "test") -> list[tuple[Path | str, str, float, str]]:
    """(image or status, prompt, total, name) of sample 0 of the first `prompts` prompts of the split, for each
    evaluated policy (a name of `stored_rollouts.evaluation_named`), row after row. Each painting is the one the
    evaluation's renders table names and hashes: SystemExit where it is missing or another file took its place."""
    import pyarrow.parquet as pq

    from paint_pipeline.analysis.stored_rollouts import evaluation_named
    from paint_pipeline.pipeline.evaluation import evaluation_renders_path
    from paint_pipeline.prompts import load_split

    wanted = [p.prompt_id for p in load_split(split)[:prompts]]
    out = []
    for name in names:
        try:
            path = evaluation_named(artifacts, name)
        except FileNotFoundError as exc:
            raise SystemExit(str(exc)) from None
        cards = {c["sample_id"]: c for c in pq.read_table(path, columns=["sample_id", "prompt", "status", "total"])
                 .to_pylist()}
        renders_path = evaluation_renders_path(path)
        renders = ({r["sample_id"]: r for r in pq.read_table(renders_path).to_pylist()}
                   if renders_path.is_file() else {})
        label = name.split("@")[0]
        for prompt_id in wanted:
            sid = f"eval-{label}/{prompt_id}/0"
            card = cards.get(sid)
            if card is None:
                raise SystemExit(f"{path}: no sample {sid} (the evaluation holds fewer prompts)")
            shown: Path | str = card["status"]
            if card["status"] == "SUCCESS":
                shown = _evaluation_image(artifacts, path, renders.get(sid))
            out.append((shown, card["prompt"], card["total"], name))
    return out


def _evaluation_image(artifacts: Path, path: Path, render: dict | None) -> Path:
    if render is None or not render.get("image_path"):
        raise SystemExit(f"{path}: no painting recorded for a sample that rendered (is its renders table there?)")
    image = Path(render["image_path"])
    if not image.is_absolute():
        image = artifacts.parent / image  # stored relative to the directory the pipeline ran in
    if not image.is_file():
        raise SystemExit(f"{path}: the painting {image} is missing")
    if hashlib.sha256(image.read_bytes()).hexdigest() != render["image_sha256"]:
        raise SystemExit(f"{image} is not the painting {path.name} rendered (another evaluation of the same label "
                         "wrote over it, before each evaluation kept its paintings apart): evaluate it again")
    return image


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


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.fileio import atomic_write_bytes

    if args.heldout:
        shown = heldout_renders(args.folder, args.heldout, args.prompts)
        for image, prompt, total, label in shown:
            print(f"{label}: {prompt} (total {total:.3f}{'' if isinstance(image, Path) else ', ' + image})")
        images = [image for image, _, _, _ in shown]
    elif args.best:
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
    return 0
