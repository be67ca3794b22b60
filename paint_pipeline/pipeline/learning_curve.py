"""The learning curve: held-out results of cycle 0 and each approved cycle as a table, a chart and a verdict.

Functions over `evaluation.HeldOutRow`s; `paint-pipeline learning-curve` (cli/curve_runs.py) runs the cycles
and the evaluation, then `write_learning_curve` writes what the others return. The chart is a standalone SVG (its own
styles, no fonts or scripts from anywhere), so the README can show it as an image.
"""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.pipeline.cycles import CYCLE_RE, cycle_index
from paint_pipeline.pipeline.evaluation import HeldOutRow, failure_lines, flag_counts
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.pipeline.stats import bootstrap_ci, paired_deltas
from paint_pipeline.reward.config import TIERS

# The targets of issue 6 (CPU, embedded default).
TARGET_COMPILE = 0.90
TARGET_GAIN = 0.25


@dataclass
class Verdict:
    compile_success: float
    compile_target_met: bool
    total_gain: float | None  # relative to cycle 0; None when cycle 0's mean is not positive
    gain_target_met: bool
    intervals_separate: bool  # the last cycle's total interval lies wholly above cycle 0's
    # Mean change of the total from cycle 0 to the last cycle over the same prompts and seeds, with its 95% paired
    # bootstrap interval: pairing removes the prompt-to-prompt spread that widens the two intervals above. Not a
    # target (those are the three above), the sharper reading of the same samples. None when they do not pair.
    paired_change: tuple[float, float, float] | None = None
    paired_samples: int = 0
    # Paintings a hack detector flagged, cycle 0 and the last cycle: a reward rising through hacks shows here.
    flagged_first: int = 0
    flagged_last: int = 0
    flags_first: dict[str, int] = field(default_factory=dict)  # by detector: what a rise is made of
    flags_last: dict[str, int] = field(default_factory=dict)

    @property
    def flagged_rise(self) -> bool:
        return self.flagged_last > self.flagged_first

    @property
    def met(self) -> bool:
        return (self.compile_target_met and self.gain_target_met and self.intervals_separate
                and not self.flagged_rise)

    def lines(self) -> list[str]:
        gain = "n/a (cycle 0 mean is 0)" if self.total_gain is None else f"{self.total_gain:+.0%}"
        lines = [
            f"compile success of the last cycle: {self.compile_success:.1%} (target >= {TARGET_COMPILE:.0%}): "
            + ("met" if self.compile_target_met else "NOT met"),
            f"mean total vs cycle 0: {gain} (target >= +{TARGET_GAIN:.0%}): "
            + ("met" if self.gain_target_met else "NOT met"),
            "95% intervals of the total: " + ("separate (last above cycle 0)" if self.intervals_separate
                                              else "overlap"),
            f"paintings flagged by a hack detector: {_counted(self.flagged_first, self.flags_first)} at cycle 0, "
            f"{_counted(self.flagged_last, self.flags_last)} at the last cycle: "
            + ("a RISE" if self.flagged_rise else "no rise"),
        ]
        if self.paired_change is not None:
            mean, lo, hi = self.paired_change
            lines.append(f"paired change of the total, last cycle vs cycle 0 ({self.paired_samples} samples): "
                         f"{mean:+.3f} [95% CI {lo:+.3f}, {hi:+.3f}]")
        return lines


def _counted(paintings: int, flags: dict[str, int]) -> str:
    """`5 (barcode 3, blank_canvas 2)`: paintings flagged, then each detector's count."""
    return f"{paintings} ({flag_counts(flags)})" if flags else str(paintings)


def verdict(rows: Sequence[HeldOutRow]) -> Verdict:
    """How the last row compares with the first (cycle 0) against the targets."""
    if len(rows) < 2:
        raise ValueError("a learning curve needs cycle 0 and at least one cycle")
    first, last = rows[0], rows[-1]
    base = first.total[0]
    gain = (last.total[0] - base) / base if base > 0 else None
    paired, deltas = None, []
    if first.sample_totals and set(first.sample_totals) == set(last.sample_totals):
        deltas = paired_deltas(last.sample_totals, first.sample_totals)
        paired = (float(deltas.mean()), *bootstrap_ci(deltas))
    return Verdict(
        compile_success=last.compile_success,
        compile_target_met=last.compile_success >= TARGET_COMPILE,
        total_gain=gain,
        gain_target_met=gain is not None and gain >= TARGET_GAIN,
        intervals_separate=last.total[1] > first.total[2],
        paired_change=paired,
        paired_samples=len(deltas),
        flagged_first=first.hack_flagged,
        flagged_last=last.hack_flagged,
        flags_first=dict(first.hack_flags),
        flags_last=dict(last.hack_flags),
    )


def markdown_table(rows: Sequence[HeldOutRow]) -> str:
    head = "| policy | n | compile success [95% CI] | total [95% CI] | " + " | ".join(TIERS) + " | flagged |"
    lines = [head, "|" + "---|" * (5 + len(TIERS))]
    for r in rows:
        lo, hi = r.compile_ci
        lines.append(f"| {r.label} | {r.samples} | {r.compile_success:.1%} [{lo:.1%}, {hi:.1%}] | "
                     f"{r.total[0]:.3f} [{r.total[1]:.3f}, {r.total[2]:.3f}] | "
                     + " | ".join(f"{r.tiers[t][0]:.3f}" for t in TIERS) + f" | {r.hack_flagged} |")
    return "\n".join(lines)


def to_json(rows: Sequence[HeldOutRow], settings: dict, check: Verdict | None = None) -> str:
    result = {"rows": [asdict(r) for r in rows], "settings": settings}
    if len(rows) >= 2:
        v = check or verdict(rows)
        result["verdict"] = {**asdict(v), "met": v.met}
    return json.dumps(result, indent=2)


def _panel(x0: float, title: str, labels: list[str], points: list[tuple[float, float, float]], *, pct: bool,
           width: float, height: float, colour: str, target: float | None) -> list[str]:
    """One chart panel: a mean with its 95% interval per policy, joined by a line."""
    left, right, top, bottom = 48, 36, 30, 40
    values = [v for p in points for v in p] + ([target] if target is not None else [])
    lo, hi = min(0.0, *values), max(values) if values else 1.0
    hi = hi + 0.08 * (hi - lo or 1.0)
    n = max(1, len(labels) - 1)

    def px(i: int) -> float:
        return x0 + left + (width - left - right) * (i / n if len(labels) > 1 else 0.5)

    def py(v: float) -> float:
        return top + (height - top - bottom) * (1 - (v - lo) / (hi - lo))

    def fmt(v: float) -> str:
        return f"{v:.0%}" if pct else f"{v:.2f}"

    out = [f'<text x="{x0 + left}" y="18" class="title">{html.escape(title)}</text>',
           f'<line x1="{x0 + left}" y1="{height - bottom}" x2="{x0 + width - right}" y2="{height - bottom}" '
           f'class="axis"/>',
           f'<line x1="{x0 + left}" y1="{top}" x2="{x0 + left}" y2="{height - bottom}" class="axis"/>']
    for v in (lo, (lo + hi) / 2, hi):
        out.append(f'<text x="{x0 + left - 5}" y="{py(v) + 4:.1f}" class="tick" text-anchor="end">{fmt(v)}</text>')
    if target is not None:
        out.append(f'<line x1="{x0 + left}" y1="{py(target):.1f}" x2="{x0 + width - right}" y2="{py(target):.1f}" '
                   f'class="target"/><text x="{x0 + width - right}" y="{py(target) - 4:.1f}" class="tick" '
                   f'text-anchor="end">target {fmt(target)}</text>')
    path = " ".join(f"{px(i):.1f},{py(m):.1f}" for i, (m, _, _) in enumerate(points))
    out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
    for i, (m, a, b) in enumerate(points):
        x = px(i)
        out.append(f'<line x1="{x:.1f}" y1="{py(a):.1f}" x2="{x:.1f}" y2="{py(b):.1f}" stroke="{colour}" '
                   f'stroke-width="1.5"/><line x1="{x - 5:.1f}" y1="{py(a):.1f}" x2="{x + 5:.1f}" y2="{py(a):.1f}" '
                   f'stroke="{colour}"/><line x1="{x - 5:.1f}" y1="{py(b):.1f}" x2="{x + 5:.1f}" y2="{py(b):.1f}" '
                   f'stroke="{colour}"/><circle cx="{x:.1f}" cy="{py(m):.1f}" r="3.5" fill="{colour}"/>')
        out.append(f'<text x="{x:.1f}" y="{height - bottom + 16}" class="tick" text-anchor="middle">'
                   f'{html.escape(labels[i])}</text>')
    return out


def svg_chart(rows: Sequence[HeldOutRow], *, caption: str = "") -> str:
    """Compile success and mean total reward per policy, each with its 95% bootstrap interval."""
    labels = ["cycle 0"] + [f"cycle {cycle_index(r.label)}" if CYCLE_RE.match(r.label) else r.label
                            for r in rows[1:]]
    panel_w, height = 380, 250
    compile_points = [(r.compile_success, *r.compile_ci) for r in rows]
    total_points = [r.total for r in rows]
    base = rows[0].total[0] if rows else 0.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {2 * panel_w} {height + 20}" '
             f'width="{2 * panel_w}" height="{height + 20}" role="img" aria-label="learning curve">',
             "<style>text{font:12px sans-serif;fill:#222}.title{font-weight:bold}.tick{fill:#555;font-size:11px}"
             ".axis{stroke:#888}.target{stroke:#999;stroke-dasharray:4 3}</style>",
             '<rect width="100%" height="100%" fill="#fff"/>']
    parts += _panel(0, "held-out compile success", labels, compile_points, pct=True, width=panel_w, height=height,
                    colour="#1f77b4", target=TARGET_COMPILE)
    parts += _panel(panel_w, "held-out mean total reward", labels, total_points, pct=False, width=panel_w,
                    height=height, colour="#d62728", target=base * (1 + TARGET_GAIN) if base > 0 else None)
    if caption:
        parts.append(f'<text x="8" y="{height + 14}" class="tick">{html.escape(caption)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def write_learning_curve(out: Path, rows: Sequence[HeldOutRow], settings: PipelineSettings, check: Verdict, *,
                         cycles: Sequence[str]) -> list[Path]:
    """The curve's three files in `out` (each written whole, then renamed): a Markdown table with the caption and
    the verdict (`check`, of these rows), an SVG chart, and the rows as JSON with the evaluation settings that
    produced them."""
    out.mkdir(parents=True, exist_ok=True)
    caption = (f"{settings.eval_prompts} {settings.eval_split} prompts x {settings.eval_samples_per_prompt} samples, "
               f"T={settings.eval_temperature}, fixed seeds; profile {settings.profile}")
    paths = [out / "learning_curve.md", out / "learning_curve.svg", out / "learning_curve.json"]
    atomic_write_bytes(paths[0], (markdown_table(rows) + "\n\n" + caption + "\n\n" + "\n".join(
        f"- {line}" for line in check.lines() + failure_lines(rows)) + "\n").encode())
    atomic_write_bytes(paths[1], svg_chart(rows, caption=caption).encode())
    atomic_write_bytes(paths[2], to_json(rows, {
        "profile": settings.profile, "split": settings.eval_split, "prompts": settings.eval_prompts,
        "samples_per_prompt": settings.eval_samples_per_prompt, "temperature": settings.eval_temperature,
        "seed": settings.eval_seed, "cycles": list(cycles)}, check).encode())
    return paths
