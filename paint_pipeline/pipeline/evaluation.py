"""Held-out evaluation: the one path by which a policy is measured on prompts it never trained on.

`evaluate_policy` samples the first `eval_prompts` prompts of the evaluation split with fixed seeds, renders and
scores them; `cached_evaluation` computes that once per (weights, evaluation settings, reward version), for the
evaluation asset, `paint-pipeline evaluate` and the learning curve alike. "cycle 0" is the policy before the first
GRPO update (the warm start when the profile has one, else the base model). Every policy samples the same
prompts with the same seeds, so differences come from the weights alone (`stats.paired_deltas`); a row carries
95% bootstrap intervals and the paintings a hack detector flagged.

`score_rollouts` is the quick report of the `sample --score` command: compile success and mean reward of
rollouts sampled outside a cycle.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np
import pyarrow as pa

from paint_pipeline.parquet_io import TableFileError, write_table
from paint_pipeline.pipeline.cycles import CYCLE_RE, WARM_START, CycleError, checkpoint_dir, cycle_index
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.pipeline.stats import bootstrap_ci, sample_totals
from paint_pipeline.pipeline.steps import Log, ensure_base_model, render_rollouts, score_renders
from paint_pipeline.policy.hardware import cpu_bf16_stages
from paint_pipeline.policy.policy_io import sample_policy
from paint_pipeline.policy.rollouts import to_table as rollouts_table
from paint_pipeline.policy.sampling import Rollout
from paint_pipeline.prompts import load_split
from paint_pipeline.render.outcomes import failure_kinds
from paint_pipeline.render.table import image_paths, read_renders
from paint_pipeline.reward.config import TIERS
from paint_pipeline.reward.render_and_score import render_and_score
from paint_pipeline.reward.table import read_table


def evaluation_key(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> str:
    """Identity of an evaluation: the policy's weights, the evaluation settings and the reward version."""
    config = settings.policy_config()
    if checkpoint is None:
        weights = "base:" + config.base_model
    else:
        # The manifest and the adapter's bytes as they are now: a replaced or corrupted adapter is another key
        # (and then fails its hash check when loaded), never a hit on the old scores.
        digest = hashlib.sha256((Path(checkpoint) / "manifest.json").read_bytes())
        for path in sorted((Path(checkpoint) / "adapter").rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(checkpoint).as_posix().encode() + b"\0" + path.read_bytes())
        weights = digest.hexdigest()
    spec = [weights, settings.eval_split, settings.eval_prompts, settings.eval_samples_per_prompt,
            settings.eval_temperature, settings.eval_seed, settings.render_size, reward_version, config.stop_repeats]
    if config.decoding_guards:  # appended only when set: unguarded evaluations keep their keys
        from paint_pipeline.policy.guards import guard_ids

        spec.append(guard_ids(config.decoding_guards))
    if config.end_at_statement:  # unfinished samples end at a statement (policy/ending.py): other sketches
        spec.append({"end_at_statement": True})
    sample_dtype = cpu_bf16_stages(config)
    if sample_dtype is not None:  # bf16 sampling weights sample another distribution; fp32 keys stay as they were
        spec.append({"sample_dtype": sample_dtype})
    return hashlib.sha256(json.dumps(spec).encode()).hexdigest()[:16]


def evaluate_policy(settings: PipelineSettings, checkpoint: str | None, client, scorer, *, label: str,
                    images_dir: Path, progress: bool = True, renders_path: Path | None = None,
                    rollouts_path: Path | None = None) -> pa.Table:
    """Scorecards of a policy on the first `eval_prompts` held-out prompts, with the same seeds every time; the
    paintings go to `images_dir`, the renders table (where each painting is) to `renders_path` and the sampled
    rollouts (completion, code, tokens) to `rollouts_path` when given."""
    ensure_base_model(settings)
    prompts = load_split(settings.eval_split)[: settings.eval_prompts]
    # The full distribution (top-p 1) at the evaluation's temperature: the evaluation key holds no top-p, and
    # every policy of a comparison must be sampled alike.
    rollouts = sample_policy(settings.policy_config(), checkpoint, [(p.prompt_id, p.prompt) for p in prompts],
                             group_size=settings.eval_samples_per_prompt, temperature=settings.eval_temperature,
                             seed=settings.eval_seed, top_p=1.0, progress=progress)
    table = rollouts_table(rollouts, cycle=f"eval-{label}", policy_checkpoint=checkpoint or "base")
    if rollouts_path is not None:  # before rendering: a failure below still leaves the code to read
        write_table(table, rollouts_path)
    renders = render_rollouts(table, client, settings, images_dir, progress=progress)
    cards, _ = score_renders(table, renders, scorer, progress=progress)
    if renders_path is not None:
        write_table(renders, renders_path)
    return cards


def evaluation_cache_path(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> Path:
    return settings.root / "evaluation_cache" / f"{evaluation_key(settings, checkpoint, reward_version)}.parquet"


RENDERS_SUFFIX = ".renders.parquet"
ROLLOUTS_SUFFIX = ".rollouts.parquet"


def evaluation_renders_path(cache_path: Path) -> Path:
    """The renders table kept beside a cached evaluation (for its gallery)."""
    return cache_path.with_suffix(RENDERS_SUFFIX)


def evaluation_rollouts_path(cache_path: Path) -> Path:
    """The sampled rollouts kept beside a cached evaluation (to read its failures' code, to replay guards)."""
    return cache_path.with_suffix(ROLLOUTS_SUFFIX)


def evaluation_images_dir(cache_path: Path) -> Path:
    """Where a cached evaluation's paintings are: a folder per evaluation (its key), so that evaluating a label again
    under other settings (a temperature, a guard) never writes over the paintings an earlier one's tables name."""
    return cache_path.parent.parent / "evaluation_images" / cache_path.stem


def cached_evaluation_paths(root: Path) -> list[Path]:
    """The cached evaluations' scorecard tables under an artifacts folder, without the tables kept beside them."""
    return sorted(path for path in (root / "evaluation_cache").glob("*.parquet")
                  if not path.name.endswith((RENDERS_SUFFIX, ROLLOUTS_SUFFIX)))


def cached_evaluation(settings: PipelineSettings, checkpoint: str | None, client, scorer, *, label: str,
                      log: Log = print) -> pa.Table:
    """The evaluation of a checkpoint, computed once per (weights, evaluation settings, reward version)."""
    path = evaluation_cache_path(settings, checkpoint, scorer.version)
    if path.is_file():
        log(f"evaluation of {label}: cached at {path}")
        return read_table(path)
    table = evaluate_policy(settings, checkpoint, client, scorer, label=label, images_dir=evaluation_images_dir(path),
                            renders_path=evaluation_renders_path(path), rollouts_path=evaluation_rollouts_path(path))
    write_table(table, path)
    return table


def evaluation_images(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> dict[str, str]:
    """sample_id -> image path of a cached evaluation's paintings; empty when its renders were not kept."""
    path = evaluation_renders_path(evaluation_cache_path(settings, checkpoint, reward_version))
    if not path.is_file():
        return {}
    try:
        renders = read_renders(path)
    except TableFileError:
        return {}
    return image_paths(renders)


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
    """Why each policy's held-out sketches failed: its most common kinds of failure; then what its flagged paintings
    were flagged for (a painting may hold several flags)."""
    out = []
    for r in rows:
        if r.failures:
            out.append(f"{r.label} failed: " + "; ".join(f"{n} x {kind}" for kind, n in r.failures))
    return out + [f"{r.label} flagged: {flag_counts(r.hack_flags)}" for r in rows if r.hack_flags]


def flag_counts(flags: dict[str, int]) -> str:
    """`barcode 3, blank_canvas 2`: each hack detector's count, most first."""
    return ", ".join(f"{k} {v}" for k, v in sorted(flags.items(), key=lambda kv: (-kv[1], kv[0])))


@dataclass
class SplitReport:
    samples: int
    compile_success: float
    truncated: float
    mean_total: float
    statuses: dict[str, int]
    mean_tokens: float
    failures: list[tuple[str, int]] = field(default_factory=list)

    def line(self) -> str:
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items(), key=lambda kv: -kv[1]))
        return (f"{self.samples} samples: compile success {self.compile_success:.1%}, "
                f"mean reward {self.mean_total:.3f}, "
                f"truncated {self.truncated:.1%}, mean completion {self.mean_tokens:.0f} tokens ({statuses})")

    def failure_lines(self) -> list[str]:
        return [f"  {n:>3} x {kind}" for kind, n in self.failures]


def score_rollouts(rollouts: list[Rollout], client, scorer, *, seed: int = 1):
    renders, cards = render_and_score(client, scorer, [r.prompt for r in rollouts], [r.code for r in rollouts],
                                      seeds=[seed] * len(rollouts),
                                      ids=[f"{r.prompt_id}/{r.sample_index}" for r in rollouts], progress=True)
    statuses: dict[str, int] = {}
    for x in renders:
        statuses[x.status] = statuses.get(x.status, 0) + 1
    report = SplitReport(
        samples=len(rollouts), compile_success=statuses.get("SUCCESS", 0) / max(1, len(rollouts)),
        truncated=sum(r.truncated for r in rollouts) / max(1, len(rollouts)),
        mean_total=statistics.fmean(c.total for c in cards) if cards else 0.0, statuses=statuses,
        mean_tokens=statistics.fmean(len(r.completion_token_ids) for r in rollouts) if rollouts else 0.0,
        failures=failure_kinds((x.status, x.errors[0] if x.errors else "") for x in renders),
    )
    return renders, cards, report


def parse_cycles(settings: PipelineSettings, text: str) -> list[str]:
    """The cycles `--cycles` names ('all': every cycle with a checkpoint, in order), each checked before any work:
    a typo fails now, not after cycle 0 was evaluated."""
    if text == "all":
        found = (settings.root / "checkpoints").glob("cycle-*/manifest.json")
        return sorted((p.parent.name for p in found if CYCLE_RE.match(p.parent.name)), key=cycle_index)
    cycles = [c.strip() for c in text.split(",") if c.strip()]
    bad = [c for c in cycles if not CYCLE_RE.match(c)]
    if bad or not cycles:
        raise CycleError(f"--cycles {text!r}: " + (f"{', '.join(map(repr, bad))} is not a cycle key "
                         "(cycle-0001, ...)" if bad else "names no cycle") + "; or use --cycles all")
    missing = [c for c in cycles if not (settings.root / "checkpoints" / c / "manifest.json").is_file()]
    if missing:
        raise CycleError(f"--cycles: no checkpoint for {', '.join(missing)} under {settings.root / 'checkpoints'}")
    return cycles
