"""Tier 4, brush utilization: did the sketch actually paint with p5.brush?

Counted from marks, not calls. `brush_marks` are the p5.brush calls whose paint the renderer found in the final
image: it reads every composite of p5.brush's masks onto the canvas before and after, and a call earns a mark
only when enough pixels under its own stamps (or inside its own fill regions) still hold what that composite left
at the end (renderer/README.md, "Brush marks"). So zero-size, off-canvas, transparent and painted-over calls,
strokes into a buffer that is never shown, and state calls (`set`, `fill`, `hatch` switches) earn nothing; plain
p5 shapes that cover the canvas buy no brush credit. Comments and dead code never run, so they count nothing by
construction (paint-code-rl matched substrings of the source). Three parts:
- primitives drawn (line, rect, circle, arc, spline, flowLine, polygon, shapes, strokes), half variety and half
  quantity: each kind with marks earns 1 - exp(-n / saturation) and `brush_target_primitives` saturated kinds earn
  the variety half; all marks together earn the quantity half, 1 - exp(-n / brush_full_marks) (one call of every
  primitive, tucked in a corner, is a checklist: it earns the variety half and little of the rest);
- fills and hatches: calls whose fill left marks earn 0.6, calls whose hatching left marks 0.6, both 1;
- brushes: distinct built-in brushes whose strokes left marks (`brushes_marked`), up to `brush_target_brushes`.
The total is then scaled by how much of the picture is p5.brush paint, as the renderer's ledger reads it at the end
(`brush_paint_share`, the canvas pixels still holding what a p5.brush composite left): full credit from
`brush_full_coverage` of the canvas and `brush_full_paint_share` of the painted area. A mark needs only a few
pixels, so without this a plain p5 picture drawn over brush work, all but a sliver or some hairlines, would keep the
work's full credit. Renders from before the renderer measured the share are scaled by the painted fraction alone.
The scaled score earns full credit from `brush_full` (`full_credit.py`: a floor, not a maximiser).
"""

from __future__ import annotations

import math

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures
from paint_pipeline.reward.scorecard import TierScore
from paint_pipeline.reward.tiers.full_credit import explain as explain_full
from paint_pipeline.reward.tiers.full_credit import full_credit

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
PAINTING_CALLS = frozenset(name for names in PRIMITIVES.values() for name in names) | {"hatchArray", "massArray"}
PARTS = {"primitives": 0.5, "fills": 0.25, "brushes": 0.25}


def _saturating(n: int, scale: float) -> float:
    return 1.0 - math.exp(-n / scale)


def _visibility(render: RenderResult, features: ImageFeatures, config: RewardConfig) -> float:
    """How much of the brush credit the picture shows: 0 for a blank canvas, then the lesser of the brush paint's
    share of the canvas (over `brush_full_coverage`) and of the painted area (over `brush_full_paint_share`)."""
    if features.coverage < config.min_coverage:
        return 0.0
    share = render.brush_paint_share
    if share is None:  # rendered before the renderer measured it
        return min(1.0, features.coverage / config.brush_full_coverage)
    return min(1.0, share / config.brush_full_coverage,
               share / (config.brush_full_paint_share * features.coverage))


def score_brush(render: RenderResult, features: ImageFeatures, config: RewardConfig) -> tuple[TierScore, list[str]]:
    painting_calls = sum(n for name, n in render.brush_calls.items() if name in PAINTING_CALLS)
    if render.brush_marks is None:
        return (TierScore("brush", 0.0, config.w_brush,
                          "marks not measured (rendered before the renderer counted p5.brush marks): render it again "
                          "to score brush use", {"brush_total_calls": float(painting_calls)}),
                ["brush_marks_unmeasured"])
    marks = render.brush_marks
    sat = config.brush_saturation_calls
    kinds = {kind: sum(marks.get(m, 0) for m in methods) for kind, methods in PRIMITIVES.items()}
    kinds = {k: n for k, n in kinds.items() if n > 0}
    primitive_credit = sum(_saturating(n, sat) for n in kinds.values())
    variety = min(1.0, primitive_credit / config.brush_target_primitives)
    quantity = _saturating(sum(kinds.values()), config.brush_full_marks)
    primitives = 0.5 * variety + 0.5 * quantity

    n_fills = render.brush_mark_kinds.get("fill", 0)
    n_hatches = render.brush_mark_kinds.get("hatch", 0)
    fills = min(1.0, (0.6 if n_fills else 0.0) + (0.6 if n_hatches else 0.0))

    brushes_marked = sorted(set(render.brushes_marked))
    brushes = min(1.0, len(brushes_marked) / config.brush_target_brushes)

    marks_score = (PARTS["primitives"] * primitives + PARTS["fills"] * fills + PARTS["brushes"] * brushes)
    visible = _visibility(render, features, config)
    earned = marks_score * visible
    score = full_credit(earned, config.brush_full)

    total_marks = sum(marks.values())
    flags = []
    listed = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])) or "none"
    explanation = (
        f"marks: primitives {primitives:.2f} (variety {variety:.2f}, quantity {quantity:.2f}: {listed}), "
        f"fills/hatches {fills:.2f} (fill {n_fills}, hatch "
        f"{n_hatches}), brushes {brushes:.2f} ({', '.join(brushes_marked) or 'none'})"
    )
    if painting_calls > total_marks:
        explanation += f"; {painting_calls - total_marks} of {painting_calls} painting calls left no mark"
    if painting_calls and not total_marks:
        flags.append("invisible_brush_calls")
    if visible < 1.0:
        share = render.brush_paint_share
        held = "" if share is None else f", p5.brush paint holds {share:.1%} of the canvas"
        explanation += f"; scaled by visibility {visible:.2f} ({features.coverage:.1%} of the canvas painted{held})"
        if painting_calls and features.coverage < config.min_coverage and "invisible_brush_calls" not in flags:
            flags.append("invisible_brush_calls")
    explanation += f"; {explain_full(earned, config.brush_full)}"
    details = {"brush_primitives": primitives, "brush_fills": fills, "brush_variety": brushes,
               "brush_visibility": visible, "brush_total_calls": float(painting_calls),
               "brush_marked_calls": float(total_marks), "brush_raw": earned}
    if render.brush_paint_share is not None:
        details["brush_paint_share"] = float(render.brush_paint_share)
    return TierScore("brush", float(score), config.w_brush, explanation, details), flags
