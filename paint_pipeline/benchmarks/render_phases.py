"""Where a render's time goes, at two resolutions, side by side.

Renders each sketch of the benchmark corpus on one warm page (pool of 1, one
sketch at a time, so no other page competes), at our resolution and at the
baseline's, and prints the mean milliseconds of each stage the page's harness
marks:

    load     the document and the libraries (p5, p5.brush) until they ran
    start    from there to the sketch's presetup (p5's own start)
    sketch   the sketch's setup()/draw() on the main thread (p5.brush's JavaScript)
    gpu      copying the WebGL canvas: waits for the GPU work the sketch queued (SwiftShader)
    encode   the PNG
    other    the rest of the item's latency (navigation, the report, the service)

Only the `gpu` stage depends much on the number of pixels: it bounds how much
a smaller render can gain (Amdahl). Same seeds at both sizes.

    .venv/bin/paint-pipeline bench render-phases [--limit N] [--sizes 256,600]

What the `sketch` stage itself is made of: `paint-pipeline bench canvas-ops` (render_canvas_ops.js).
"""

from __future__ import annotations

import argparse
import statistics

from paint_pipeline.render.client import RenderResult

STAGES = ("load", "start", "sketch", "gpu", "encode", "other")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=None, help="first N sketches of the corpus")
    parser.add_argument("--sizes", default="256,600", help="comma-separated resolutions")


def stages(result: RenderResult) -> dict[str, float] | None:
    """Milliseconds per stage of one successful render, or None when its marks are incomplete."""
    m = result.marks
    if not result.ok or not all(k in m for k in ("libs_loaded", "presetup", "drawn", "read", "encoded")):
        return None
    out = {"load": m["libs_loaded"], "start": m["presetup"] - m["libs_loaded"], "sketch": m["drawn"] - m["presetup"],
           "gpu": m["read"] - m["drawn"], "encode": m["encoded"] - m["read"]}
    out["other"] = max(0.0, result.render_ms - m["encoded"])
    return out


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.render.bench import TIMEOUT_MS, WARMUP, load_corpus
    from paint_pipeline.render.client import RenderItem
    from paint_pipeline.render.service import RendererService

    sizes = [int(s) for s in args.sizes.split(",")]
    sketches = load_corpus(None, args.limit)
    means: dict[int, dict[str, float]] = {}
    with RendererService(None, pool_size=1) as client:
        for size in sizes:
            client.render_batch([RenderItem("warmup", WARMUP, 0, size)], timeout_ms=TIMEOUT_MS)
            rows = []
            for i, (name, code) in enumerate(sketches):
                result = client.render_batch([RenderItem(name, code, seed=i, size=size)], timeout_ms=TIMEOUT_MS)[0]
                row = stages(result)
                if row is None:
                    print(f"{size} px: {name}: {result.status}, left out")
                    continue
                rows.append(row)
            means[size] = {k: statistics.fmean(r[k] for r in rows) for k in STAGES}
            means[size]["total"] = sum(means[size][k] for k in STAGES)
            print(f"{size} px: {len(rows)} sketches", flush=True)
    print(f"\nmean ms per render, one page, {len(sketches)} corpus sketches")
    print(f"{'stage':10}" + "".join(f"{f'{s} px':>12}" for s in sizes) + "".join(
        f"{f'{s}/{sizes[0]}':>12}" for s in sizes[1:]))
    for stage in (*STAGES, "total"):
        cells = "".join(f"{means[s][stage]:12.1f}" for s in sizes)
        ratios = "".join(f"{means[s][stage] / max(means[sizes[0]][stage], 1e-9):12.2f}" for s in sizes[1:])
        print(f"{stage:10}{cells}{ratios}")
    return 0
