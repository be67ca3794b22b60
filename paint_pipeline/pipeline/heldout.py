"""`paint-pipeline evaluate`: checkpoints on held-out prompts with fixed seeds, with 95% bootstrap intervals.

"cycle 0" is the policy before the first GRPO update (the warm start when the profile has one, else the
base model); then each requested cycle's checkpoint. Every policy samples the same prompts with the same
seeds, so differences come from the weights alone. Results are cached per (weights, settings, reward
version), like the evaluation asset's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from paint_pipeline.pipeline.cycles import WARM_START, checkpoint_dir
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.pipeline.steps import bootstrap_ci, cached_evaluation, sample_totals
from paint_pipeline.reward.config import TIERS

HACK_FLAGS = ("noise", "barcode", "flat_fills", "text_on_canvas", "dom_text", "text_in_image",
              "invisible_brush_calls", "blank_canvas")


def count_hack_flags(flag_lists) -> tuple[int, dict[str, int]]:
    """(paintings with at least one hack flag, count per flag) of the flags column of a scorecards table."""
    per_flag: dict[str, int] = {}
    flagged = 0
    for flags in flag_lists:
        hits = [f for f in (flags or []) if f in HACK_FLAGS]
        flagged += bool(hits)
        for f in hits:
            per_flag[f] = per_flag.get(f, 0) + 1
    return flagged, per_flag


@dataclass
class HeldOutRow:
    label: str
    samples: int
    compile_success: float
    compile_ci: tuple[float, float]
    tiers: dict[str, tuple[float, float, float]]  # mean, ci low, ci high
    total: tuple[float, float, float]
    failures: list[tuple[str, int]] = field(default_factory=list)  # the most common kinds, most common first
    # Each sample's total by `<prompt_id>/<k>` (the policy's label dropped): every policy of a curve is evaluated
    # on the same prompts and seeds, so two rows pair sample by sample (learning_curve.verdict).
    sample_totals: dict[str, float] = field(default_factory=dict)
    # Rendered paintings that a hack detector flagged (noise, stripes not asked for, text, flat fills, brush calls
    # that left no mark, a blank canvas): drift toward a hack shows up here as a number.
    hack_flagged: int = 0
    hack_flags: dict[str, int] = field(default_factory=dict)


def summarize(label: str, table, seed: int = 0) -> HeldOutRow:
    from paint_pipeline.policy.evaluation import failure_kinds

    statuses = table.column("status").to_pylist()
    ok = np.array([s == "SUCCESS" for s in statuses], dtype=np.float64)
    tiers = {}
    for t in TIERS:
        values = table.column(f"{t}_score").to_numpy()
        tiers[t] = (float(values.mean()), *bootstrap_ci(values, seed=seed))
    totals = table.column("total").to_numpy()
    flagged, per_flag = count_hack_flags(table.column("flags").to_pylist())
    return HeldOutRow(label, table.num_rows, float(ok.mean()), bootstrap_ci(ok, seed=seed), tiers,
                      (float(totals.mean()), *bootstrap_ci(totals, seed=seed)),
                      failure_kinds(zip(statuses, table.column("compile_explanation").to_pylist()), top=4),
                      sample_totals(table), flagged, per_flag)


def start_checkpoint(settings: PipelineSettings) -> str | None:
    folder = checkpoint_dir(settings, WARM_START)
    return str(folder) if settings.warm_start_steps > 0 and (folder / "manifest.json").is_file() else None


def evaluate_cycles(settings: PipelineSettings, cycles: Sequence[str], client, scorer, *, include_start: bool = True,
                    log=print) -> list[HeldOutRow]:
    targets: list[tuple[str, str | None]] = []
    if include_start:
        start = start_checkpoint(settings)
        targets.append(("cycle 0 (" + ("warm start" if start else "base") + ")", start))
    targets += [(c, str(checkpoint_dir(settings, c))) for c in cycles]
    rows = []
    for label, checkpoint in targets:
        log(f"evaluating {label} on {settings.eval_prompts} {settings.eval_split} prompts x "
            f"{settings.eval_samples_per_prompt} samples")
        table = cached_evaluation(settings, checkpoint, client, scorer, label=label.split(" ")[0] + "-" +
                                  settings.eval_split, log=log)
        rows.append(summarize(label, table))
    return rows


def format_rows(rows: Sequence[HeldOutRow]) -> str:
    def cell(mean: float, lo: float, hi: float, pct: bool = False) -> str:
        return f"{mean:.1%} [{lo:.1%}, {hi:.1%}]" if pct else f"{mean:.3f} [{lo:.3f}, {hi:.3f}]"

    head = (f"{'policy':<24} {'n':>4}  {'compile success':<22} {'total':<22} " + " ".join(f"{t:>9}" for t in TIERS)
            + f" {'flagged':>8}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r.label:<24} {r.samples:>4}  {cell(r.compile_success, *r.compile_ci, pct=True):<22} "
                     f"{cell(*r.total):<22} " + " ".join(f"{r.tiers[t][0]:>9.3f}" for t in TIERS)
                     + f" {r.hack_flagged:>8}")
    lines.append("(means with 95% bootstrap intervals; same prompts and seeds for every policy; flagged: paintings "
                 "a hack detector flagged)")
    return "\n".join(lines + failure_lines(rows))


def failure_lines(rows: Sequence[HeldOutRow]) -> list[str]:
    """Why each policy's held-out sketches failed: its most common kinds of failure."""
    out = []
    for r in rows:
        if r.failures:
            out.append(f"{r.label} failed: " + "; ".join(f"{n} x {kind}" for kind, n in r.failures))
    return out
