"""The labelled calibration set (`data/calibration/labels.jsonl`): evidence that the reward ranks right.

Each record names a sketch, its prompt and its kind: `honest` art, a `hack`
(with the tier that must catch it and the flags it must raise), `wrong_prompt`
art (with the honest record whose prompt it borrows) or `stripes_asked`.
`check_orderings` lists every ordering the set pins, with whether it holds, so
the tests, the `reward_calibration` asset and `paint-pipeline calibrate` all
judge the reward the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render.client import RendererClient, RenderItem
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import TIERS
from paint_pipeline.reward.scorecard import Sample, Scorecard

LABELS = REPO_ROOT / "data" / "calibration" / "labels.jsonl"
KINDS = ("honest", "hack", "wrong_prompt", "stripes_asked")
HACK_CEILING = 0.15  # the catching tier's score must stay at or below this
TOTAL_MARGIN = 0.10  # honest art must beat a hack's total by at least this
ALIGNMENT_MARGIN = 0.10  # right-prompt art must beat wrong-prompt art's alignment by at least this


class CalibrationFileError(PaintPipelineError, ValueError):
    """The labels file is malformed; the message names the line."""


@dataclass(frozen=True)
class Label:
    id: str
    sketch: str
    prompt: str
    kind: str
    catches: str | None = None
    flags: tuple[str, ...] = ()
    right: str | None = None


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    detail: str


@dataclass
class CalibrationReport:
    labels: list[Label]
    cards: dict[str, Scorecard]
    checks: list[Check] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def table(self) -> str:
        head = f"{'sketch':<28} {'kind':<13} {'status':<13} {'total':>6} " + " ".join(f"{t[:5]:>6}" for t in TIERS)
        lines = [head, "-" * len(head)]
        for label in self.labels:
            c = self.cards[label.id]
            lines.append(f"{label.id:<28} {label.kind:<13} {c.status:<13} {c.total:6.3f} "
                         + " ".join(f"{c.tiers[t].score:6.2f}" for t in TIERS)
                         + (f"  {','.join(c.flags)}" if c.flags else ""))
        lines.append("")
        failed = [c for c in self.checks if not c.passed]
        lines.append(f"{len(self.checks) - len(failed)}/{len(self.checks)} orderings hold")
        lines += [f"  FAILED {c.name}: {c.detail}" for c in failed]
        return "\n".join(lines)


def load_labels(path: Path = LABELS) -> list[Label]:
    labels = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            label = Label(id=raw["id"], sketch=raw["sketch"], prompt=raw["prompt"], kind=raw["kind"],
                          catches=raw.get("catches"), flags=tuple(raw.get("flags") or ()), right=raw.get("right"))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise CalibrationFileError(f"{path}:{lineno}: bad label record: {exc}") from None
        if label.kind not in KINDS:
            raise CalibrationFileError(f"{path}:{lineno}: kind {label.kind!r} is not one of {KINDS}")
        if label.kind == "hack" and label.catches not in TIERS:
            raise CalibrationFileError(f"{path}:{lineno}: a hack must name the tier that catches it")
        labels.append(label)
    ids = [label.id for label in labels]
    if len(set(ids)) != len(ids):
        raise CalibrationFileError(f"{path}: duplicate ids")
    return labels


def check_orderings(labels: list[Label], cards: dict[str, Scorecard]) -> list[Check]:
    checks = []
    honest = [label for label in labels if label.kind == "honest"]
    for hack in (label for label in labels if label.kind == "hack"):
        card = cards[hack.id]
        for art in (h for h in honest if h.prompt == hack.prompt):
            a = cards[art.id].total
            checks.append(Check(f"{art.id} beats {hack.id} on the total", a > card.total + TOTAL_MARGIN,
                                f"{a:.3f} vs {card.total:.3f}"))
        tier = card.tiers[hack.catches]
        checks.append(Check(f"{hack.id} is caught by {hack.catches}", tier.score <= HACK_CEILING,
                            f"{hack.catches} {tier.score:.3f}: {tier.explanation}"))
        missing = set(hack.flags) - set(card.flags)
        checks.append(Check(f"{hack.id} raises {list(hack.flags)}", not missing, f"flags {list(card.flags)}"))
    for stripes in (label for label in labels if label.kind == "stripes_asked"):
        card = cards[stripes.id]
        checks.append(Check(f"{stripes.id} is not penalised", "barcode" not in card.flags and
                            card.tiers["richness"].score > 0.5, f"richness {card.tiers['richness'].score:.3f}, "
                            f"flags {list(card.flags)}"))
    for wrong in (label for label in labels if label.kind == "wrong_prompt"):
        w = cards[wrong.id].tiers["alignment"].score
        r = cards[wrong.right].tiers["alignment"].score
        checks.append(Check(f"{wrong.right} aligns better than {wrong.id}", r > w + ALIGNMENT_MARGIN,
                            f"{r:.3f} vs {w:.3f}"))
    return checks


def run_calibration(client: RendererClient, scorer: RewardScorer, *, labels: list[Label] | None = None,
                    size: int = 256, seed: int = 1) -> CalibrationReport:
    labels = labels if labels is not None else load_labels()
    items = [RenderItem(label.id, (REPO_ROOT / label.sketch).read_text(encoding="utf-8"), seed=seed, size=size)
             for label in labels]
    renders = client.render_batch(items, timeout_ms=60_000)
    cards = scorer.score([Sample(label.prompt, item.code, render, label.id)
                          for label, item, render in zip(labels, items, renders)])
    by_id = {label.id: card for label, card in zip(labels, cards)}
    return CalibrationReport(labels, by_id, check_orderings(labels, by_id))
