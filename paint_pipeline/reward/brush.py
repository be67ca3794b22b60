"""Tier 4, brush utilization: did the sketch actually paint with p5.brush?

Counted from `brush_calls`, the p5.brush calls the renderer's harness saw
execute (the sketch cannot forge them; comments, strings and dead code never
run, so they count nothing by construction; paint-code-rl matched substrings of
the source, so keywords in comments scored fully). Three parts:
- primitives drawn (line, rect, circle, arc, spline, flowLine, polygon, shapes,
  strokes): each kind earns 1 - exp(-n / saturation), so repeating one call has
  diminishing returns, and `brush_target_primitives` saturated kinds earn full marks;
- fills and hatches (fill / wash / mass, hatch): one family earns 0.6, both 1;
- brushes: distinct brushes selected (`brushes_used`), up to `brush_target_brushes`.
The total is then scaled by how much of the canvas is painted, up to
`brush_full_coverage`: calls that leave nothing visible earn nothing.
"""

from __future__ import annotations

import math

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures
from paint_pipeline.reward.scorecard import TierScore

# p5.brush 2.2.2 calls that put marks on the canvas, grouped by kind.
PRIMITIVES: dict[str, tuple[str, ...]] = {
    "line": ("line",),
    "rect": ("rect",),
    "circle": ("circle",),
    "arc": ("arc",),
    "spline": ("spline",),
    "flowLine": ("flowLine",),
    "polygon": ("polygon", "Polygon.draw", "Polygon.fill", "Polygon.hatch", "Polygon.show"),
    "shape": ("endShape",),
    "stroke": ("endStroke",),
    "plot": ("Plot.draw", "Plot.fill", "Plot.hatch", "Plot.show"),
}
FILLS = ("fill", "wash", "mass", "massArray")
HATCHES = ("hatch", "hatchArray")
PARTS = {"primitives": 0.5, "fills": 0.25, "brushes": 0.25}


def _saturating(n: int, scale: float) -> float:
    return 1.0 - math.exp(-n / scale)


def score_brush(render: RenderResult, features: ImageFeatures, config: RewardConfig) -> tuple[TierScore, list[str]]:
    calls = render.brush_calls
    sat = config.brush_saturation_calls
    kinds = {kind: sum(calls.get(m, 0) for m in methods) for kind, methods in PRIMITIVES.items()}
    kinds = {k: n for k, n in kinds.items() if n > 0}
    primitive_credit = sum(_saturating(n, sat) for n in kinds.values())
    primitives = min(1.0, primitive_credit / config.brush_target_primitives)

    n_fills = sum(calls.get(m, 0) for m in FILLS)
    n_hatches = sum(calls.get(m, 0) for m in HATCHES)
    fills = min(1.0, (0.6 if n_fills else 0.0) + (0.6 if n_hatches else 0.0))

    brushes_used = sorted(set(render.brushes_used))
    brushes = min(1.0, len(brushes_used) / config.brush_target_brushes)

    raw = (PARTS["primitives"] * primitives + PARTS["fills"] * fills + PARTS["brushes"] * brushes)
    visible = min(1.0, features.coverage / config.brush_full_coverage) if features.coverage >= config.min_coverage else 0.0
    score = raw * visible

    total_calls = sum(calls.values())
    flags = []
    listed = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])) or "none"
    explanation = (
        f"primitives {primitives:.2f} ({listed}), fills/hatches {fills:.2f} (fill {n_fills}, hatch {n_hatches}), "
        f"brushes {brushes:.2f} ({', '.join(brushes_used) or 'none'})"
    )
    if visible < 1.0:
        explanation += f"; scaled by visibility {visible:.2f} ({features.coverage:.1%} of the canvas painted)"
        if total_calls and features.coverage < config.min_coverage:
            flags.append("invisible_brush_calls")
            explanation += f": {total_calls} calls left nothing visible"
    details = {"brush_primitives": primitives, "brush_fills": fills, "brush_variety": brushes,
               "brush_visibility": visible, "brush_total_calls": float(total_calls)}
    return TierScore("brush", float(score), config.w_brush, explanation, details), flags
