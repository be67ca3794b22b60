"""How far from its paper a pen's colour must be for the reward to see its marks.

The reward counts a pixel as painted when it is at least `background_delta_e`
(CIELAB ΔE76) from the background, and a canvas as blank below `min_coverage`
painted. A p5.brush mark is not its pen's colour on every pixel: pens are
translucent and textured, and their marks are blended into the paper, so a pen
just past the reward's distance may leave marks within it. The `paper` decoding
guard judges a pen by its written colour; this measures what that colour means
once rendered.

For each paper, each direction a pen's colour can leave it in (towards white,
black, red or blue, along the straight sRGB line), each distance and each kind
of mark, it renders one small painting (eight lines with the pen, or a filled
circle for `fill`) on that paper and prints the painted fraction the reward
reads, in percent; a cell below the canvas's `min_coverage` is marked `blank`,
and a distance the direction cannot reach from that paper is `-`.

    .venv/bin/paint-pipeline bench pen-visibility [--papers '#121212,#f4efe4'] [--distances 10,15,20,30,40]
"""

from __future__ import annotations

import argparse
import re

import numpy as np

PAPERS = ("#121212", "#123456", "#606060", "#a0a0a0", "#f4efe4")
DIRECTIONS = {"white": (255, 255, 255), "black": (0, 0, 0), "red": (255, 0, 0), "blue": (0, 0, 255)}
MARKS = ("rotring", "HB", "charcoal", "fill")
SIZE = 256
CHUNK = 64  # renders per batch: under the service's batch limit, and progress to watch


def _papers(text: str) -> list[str]:
    papers = [p.strip() for p in text.split(",") if p.strip()]
    bad = [p for p in papers if not re.fullmatch(r"#[0-9a-fA-F]{6}", p)]
    if not papers or bad:
        raise argparse.ArgumentTypeError(f"papers are #rrggbb colours, comma-separated; not {bad or text!r}")
    return [p.lower() for p in papers]


def _distances(text: str) -> list[float]:
    try:
        distances = [float(d) for d in text.split(",")]
    except ValueError:
        distances = []
    if not distances or any(not 0 < d < 200 for d in distances):
        raise argparse.ArgumentTypeError(f"distances are ΔE76 values between 0 and 200, comma-separated; not {text!r}")
    return distances


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--papers", type=_papers, default=list(PAPERS), help="comma-separated #rrggbb background "
                                                                             "colours")
    parser.add_argument("--distances", type=_distances, default=[10.0, 15.0, 20.0, 30.0, 40.0],
                        help="comma-separated ΔE76 of the pen from the paper")
    parser.add_argument("--marks", default=",".join(MARKS), help="comma-separated brush names (a name p5.brush "
                                                                 "does not know shows as RUNTIME_ERROR), or fill")


def pen_at(paper: str, towards: tuple[int, int, int], distance: float) -> str | None:
    """The first colour on the sRGB line from `paper` towards `towards` at least `distance` (ΔE76) from the paper,
    as #rrggbb; None when the line ends closer."""
    from paint_pipeline.colour import delta_e, hex_to_lab, hex_to_rgb8, srgb8_to_lab

    start = np.array(hex_to_rgb8(paper), dtype=float)
    steps = np.linspace(0.0, 1.0, 1025)[:, None]
    line = np.rint(start * (1 - steps) + np.array(towards, dtype=float) * steps).astype(np.uint8)
    far = np.nonzero(delta_e(srgb8_to_lab(line), hex_to_lab(paper)) >= distance)[0]
    return None if not len(far) else "#%02x%02x%02x" % tuple(int(v) for v in line[far[0]])


def painting(paper: str, mark: str, pen: str) -> str:
    """The painting rendered for one cell: eight lines with the pen, or a filled circle with no outline."""
    if mark == "fill":
        body = f"  brush.noStroke();\n  brush.fill('{pen}', 140);\n  brush.circle(0, 0, 60);\n"
    else:
        body = (f"  brush.set('{mark}', '{pen}', 1.5);\n"
                "  for (let i = 0; i < 8; i++) brush.line(-100, -90 + i * 25, 100, -80 + i * 25);\n")
    return f"function setup() {{\n  createCanvas({SIZE}, {SIZE}, WEBGL);\n  background('{paper}');\n{body}}}\n"


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.imaging import decode_png
    from paint_pipeline.progress import progress_bar
    from paint_pipeline.render import RendererService, RenderItem
    from paint_pipeline.reward.config import RewardConfig
    from paint_pipeline.reward.features import analyse

    cfg = RewardConfig()
    papers, distances = args.papers, args.distances
    marks = [m.strip() for m in args.marks.split(",") if m.strip()]
    cells, items = {}, []
    for paper in papers:
        for name, towards in DIRECTIONS.items():
            for d in distances:
                pen = pen_at(paper, towards, d)
                if pen is None:
                    continue  # out of reach: the table shows '-'
                for mark in marks:
                    cells[(paper, name, mark, d)] = str(len(items))
                    items.append(RenderItem(id=str(len(items)), code=painting(paper, mark, pen), seed=1, size=SIZE))
    print(f"{len(items)} renders: {len(papers)} papers x {len(DIRECTIONS)} directions x {len(distances)} distances "
          f"x {len(marks)} marks; painted fraction in %, 'blank' below {cfg.min_coverage:.1%}, '-' out of reach")
    results = {}
    with RendererService(pool_size=1) as client:
        for start in progress_bar(range(0, len(items), CHUNK), desc="rendering", unit="chunk"):
            results.update((r.id, r) for r in client.render_batch(items[start:start + CHUNK]))

    def cell(key) -> str:
        if key not in cells:
            return "-"
        r = results[cells[key]]
        if not r.ok:
            return r.status
        coverage = analyse(decode_png(r.png), cfg.analysis_size, cfg.background_delta_e).coverage
        return "blank" if coverage < cfg.min_coverage else f"{coverage:.1%}"

    header = f"{'paper':8} {'towards':7} {'mark':9}" + "".join(f"{'ΔE ' + format(d, 'g'):>8}" for d in distances)
    print(header)
    for paper in papers:
        for name in DIRECTIONS:
            for mark in marks:
                print(f"{paper:8} {name:7} {mark:9}" + "".join(f"{cell((paper, name, mark, d)):>8}"
                                                               for d in distances))
    return 0
