"""What the reward consumes (`Sample`) and what it produces (`TierScore`, `Scorecard`),
with the readable "why this sketch passed or failed" rendering."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import TIERS

# Cheat and failure flags a scorecard may carry, with what each means.
FLAGS = {
    "text_on_canvas": "the sketch drew text on the canvas (p5 text(), fillText): no alignment credit",
    "dom_text": "the sketch put text into the page (createP, innerHTML): no alignment credit",
    "text_in_image": "the text detector read text in the final image (however it was drawn): no alignment credit",
    "blank_canvas": "nothing visible was painted",
    "noise": "noise without structure (flat spectrum, no local orientation): no alignment; richness, aesthetic capped",
    "barcode": "one stripe orientation dominates and the prompt did not ask for stripes: richness, aesthetic capped",
    "flat_fills": "most of the painted area is perfectly flat (a chart or poster of flat fills): richness capped",
    "invisible_brush_calls": "p5.brush painting calls ran but none left a mark in the final image: no brush credit",
    "brush_marks_unmeasured": "rendered before the renderer counted p5.brush marks: brush use not scored",
    "truncation_repaired": "the code ran only after closing delimiters left open by truncation",
    "render_failed": "the sketch did not render: every image-based tier is 0",
}


@dataclass(frozen=True)
class Sample:
    """One sketch to score: the prompt it answers, its code and what the renderer made of it."""

    prompt: str
    code: str
    render: RenderResult
    sample_id: str = ""


def _plain(value: Any) -> Any:
    """numpy scalars and arrays (also inside lists and dicts) as Python numbers and lists."""
    if hasattr(value, "tolist") and callable(value.tolist):  # np.generic and np.ndarray
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class TierScore:
    name: str
    score: float  # raw, in [0, 1]
    weight: float
    explanation: str  # one line, with the numbers behind the score
    details: dict[str, float] = field(default_factory=dict)

    @property
    def weighted(self) -> float:
        return self.score * self.weight

    def __post_init__(self) -> None:
        if not 0.0 <= self.score <= 1.0:  # NaN fails this too
            raise ValueError(f"tier {self.name}: score {self.score!r} is not in [0, 1]")
        # Tiers compute with numpy; details go to JSON (scorecard tables, Dagster metadata) as plain numbers.
        object.__setattr__(self, "score", float(self.score))
        object.__setattr__(self, "details", {k: _plain(v) for k, v in self.details.items()})


@dataclass(frozen=True)
class Scorecard:
    sample_id: str
    prompt: str
    status: str
    tiers: dict[str, TierScore]
    flags: tuple[str, ...]
    alignment_backend: str
    reward_version: str

    @property
    def total(self) -> float:
        return float(sum(t.weighted for t in self.tiers.values()))

    def to_json(self) -> dict[str, Any]:
        """The object `paint-pipeline score --json` prints."""
        return {
            "sample_id": self.sample_id,
            "status": self.status,
            "total": round(self.total, 6),
            "tiers": {
                name: {
                    "score": round(t.score, 6),
                    "weight": t.weight,
                    "weighted": round(t.weighted, 6),
                    "explanation": t.explanation,
                }
                for name, t in self.tiers.items()
            },
            "flags": list(self.flags),
            "alignment_backend": self.alignment_backend,
            "reward_version": self.reward_version,
        }

    def render_text(self) -> str:
        """A readable scorecard: the total, each tier's share, and why."""
        verdict = "passed" if self.status == "SUCCESS" else "failed"
        head = f"Scorecard {self.sample_id or ''}".rstrip()
        lines = [
            head,
            f"  prompt : {self.prompt}",
            f"  status : {self.status} (render {verdict})",
            f"  total  : {self.total:.3f}  (reward {self.reward_version}, alignment backend {self.alignment_backend})",
            "",
            f"  {'tier':<10} {'score':>6} {'weight':>7} {'points':>7}  why",
        ]
        for name in TIERS:
            t = self.tiers[name]
            lines.append(f"  {name:<10} {t.score:6.3f} {t.weight:7.2f} {t.weighted:7.3f}  {t.explanation}")
        if self.flags:
            lines.append("")
            lines.append("  flags:")
            for flag in self.flags:
                lines.append(f"    {flag}: {FLAGS.get(flag, '')}")
        return "\n".join(lines)
