"""Which Chromium switches render WebGL fastest without a GPU?

Renders the benchmark corpus with our warm pool once per GL mode (see
renderer/src/config.js GL_MODES) and prints the figures side by side, with the
SSIM of each mode's images against the first mode's (a faster mode must still
draw the same pictures).

    .venv/bin/python scripts/bench_gl_modes.py [--limit N] [--size 256]
"""

from __future__ import annotations

import argparse
import statistics

from paint_pipeline.imaging import ssim_at
from paint_pipeline.render import REWARD_RESOLUTION
from paint_pipeline.render.bench import load_corpus, measure

MODES = ["swiftshader-no-gpu", "angle-swiftshader-no-gpu", "angle-swiftshader", "swiftshader-gpu-process"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=12)
    parser.add_argument("--size", type=int, default=REWARD_RESOLUTION)
    args = parser.parse_args()
    sketches = load_corpus(None, args.limit)
    rows = []
    reference = None
    for mode in MODES:
        figures, results = measure(
            sketches, size=args.size, pool_size=None, fresh_pages=False, progress=True, extra_args=["--gl-mode", mode]
        )
        if reference is None:
            reference = results
        pairs = [(a.png, b.png) for a, b in zip(results, reference) if a.png and b.png]
        same = statistics.fmean(ssim_at(a, b) for a, b in pairs) if pairs else float("nan")
        rows.append((mode, figures, same))
    print(f"{'GL mode':28} {'renders/s':>10} {'CPU s/render':>13} {'p50 ms':>8} {'SSIM vs first':>14} statuses")
    for mode, f, same in rows:
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(f["statuses"].items()))
        print(f"{mode:28} {f['renders_per_s']:>10} {f['cpu_s_per_render']:>13} {f['p50_ms']:>8} {same:>14.4f} {statuses}")


if __name__ == "__main__":
    main()
