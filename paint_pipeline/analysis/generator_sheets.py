"""The procedural generator's paintings of the train prompts, one captioned contact sheet per category.

The generator's paintings teach the policy (the warm start) and the offline judge's procedural map what a prompt
looks like, so a painting that shows something generic instead of what its prompt names teaches both the wrong
thing. No number says whether a painting shows its prompt: these sheets are for looking, prompt beside picture.
They read the reference paintings the fitted map keeps (the first painting of every train prompt, rendered when
`paint-pipeline judge-map` fitted it), so nothing is rendered again:

    .venv/bin/paint-pipeline analyze generator-sheets artifacts/generator_sheets [--category flower]
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from paint_pipeline.errors import PaintPipelineError


class GeneratorSheetsError(PaintPipelineError, RuntimeError):
    """No fitted map to read the paintings from, or one whose paintings do not match the train prompts."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=Path, help="folder for the sheets (<category>.jpg)")
    parser.add_argument("--category", action="append", default=None,
                        help="only this category (repeatable); default: every category of the train prompts")
    parser.add_argument("--map", type=Path, default=None,
                        help="a procedural map file (default: the one fitted for the current code and models)")
    parser.add_argument("--columns", type=int, default=6)
    parser.add_argument("--thumb", type=int, default=200)


def paintings_by_category(map_file: Path | None = None) -> dict[str, list[tuple[str, bytes]]]:
    """{category: [(prompt, PNG)]} of the map's reference paintings, in the train split's order."""
    from paint_pipeline.prompts import load_split
    from paint_pipeline.reward.judges import procedural_map

    fitted = procedural_map.load_map(map_file)
    if fitted is None:
        raise GeneratorSheetsError("no procedural map is fitted for the current code and models: run "
                                   f"{procedural_map.BUILD_COMMAND} (make setup does)")
    if fitted.reference is None:
        raise GeneratorSheetsError(f"the procedural map {fitted.name} keeps no reference paintings: run "
                                   f"{procedural_map.BUILD_COMMAND} --force")
    prompts = load_split(procedural_map.MAP_PROMPTS.stem)
    if len(prompts) != len(fitted.reference.pngs):
        raise GeneratorSheetsError(f"the map {fitted.name} keeps {len(fitted.reference.pngs)} paintings for "
                                   f"{len(prompts)} train prompts: it was fitted on other prompts; run "
                                   f"{procedural_map.BUILD_COMMAND} --force")
    out: dict[str, list[tuple[str, bytes]]] = {}
    for prompt, png in zip(prompts, fitted.reference.pngs):
        out.setdefault(prompt.category, []).append((prompt.prompt, png))
    return out


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.analysis.contact_sheet import contact_sheet
    from paint_pipeline.fileio import atomic_write_bytes

    by_category = paintings_by_category(args.map)
    wanted = args.category or sorted(by_category)
    unknown = [c for c in wanted if c not in by_category]
    if unknown:
        raise SystemExit(f"no train prompt of category {', '.join(unknown)} "
                         f"(categories: {', '.join(sorted(by_category))})")
    for category in wanted:
        buf = io.BytesIO()
        prompts, pngs = zip(*by_category[category])
        sheet = contact_sheet(list(pngs), args.columns, args.thumb, gap=6, captions=list(prompts))
        sheet.save(buf, format="JPEG", quality=88)
        path = atomic_write_bytes(args.out / f"{category}.jpg", buf.getvalue())
        print(f"{path}: {len(by_category[category])} paintings, {len(buf.getvalue()) // 1024} KB")
    return 0
