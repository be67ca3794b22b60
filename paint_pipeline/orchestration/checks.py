"""The blocking asset checks, as small functions of a table or a folder.

Each returns an AssetCheckResult whose description says what failed and where to look. They are declared
as check specs on the assets (assets.py) and evaluated in the same step, so a failure stops the chain
before anything downstream (the update, publishing) runs.
"""

from __future__ import annotations

import math
import warnings
from collections import defaultdict

import pyarrow as pa
from dagster import AssetCheckResult, AssetCheckSeverity, AssetCheckSpec, PreviewWarning

from paint_pipeline.pipeline.settings import PipelineSettings

RENDERS_SUCCEED = "render_success_above_floor"
REWARDS_VALID = "rewards_finite_and_in_range"
REWARD_VARIANCE = "reward_variance_not_collapsed"
CHECKPOINT_LOADS = "checkpoint_loads"
NOT_WORSE = "not_worse_than_parent"


def spec(name: str, asset: str, description: str, partitions_def=None) -> AssetCheckSpec:
    """A blocking check; on a cycle's asset it is partitioned too, so each cycle has its own result (one failed
    cycle never shows as the asset's failure)."""
    with warnings.catch_warnings():  # partitioned checks are a preview in Dagster 1.13: chosen, said once here
        warnings.simplefilter("ignore", PreviewWarning)
        return AssetCheckSpec(name, asset=asset, blocking=True, description=description,
                              partitions_def=partitions_def)


def _result(name: str, asset: str, passed: bool, description: str, **metadata) -> AssetCheckResult:
    return AssetCheckResult(check_name=name, asset_key=asset, passed=bool(passed), description=description,
                            severity=AssetCheckSeverity.ERROR, metadata=metadata)


def render_success(renders: pa.Table, settings: PipelineSettings) -> AssetCheckResult:
    statuses = renders.column("status").to_pylist()
    rate = statuses.count("SUCCESS") / len(statuses) if statuses else 0.0
    counts = {s: statuses.count(s) for s in sorted(set(statuses))}
    ok = rate >= settings.min_render_success
    why = (f"{rate:.0%} of {len(statuses)} renders succeeded (floor {settings.min_render_success:.0%}); statuses "
           f"{counts}" + ("" if ok else ": look at the renders table's errors column and at the sampled code "
                                    "(is the policy truncated? is the renderer healthy?)"))
    return _result(RENDERS_SUCCEED, "renders", ok, why, success_rate=rate)


def rewards_valid(scorecards: pa.Table) -> AssetCheckResult:
    totals = scorecards.column("total").to_pylist()
    bad = [sid for sid, t in zip(scorecards.column("sample_id").to_pylist(), totals)
           if t is None or not math.isfinite(t) or not 0.0 <= t <= 1.0]
    ok = not bad and len(totals) > 0
    why = (f"all {len(totals)} totals finite and in [0, 1]" if ok else
           f"{len(bad)} of {len(totals)} totals are non-finite or outside [0, 1] (first: {bad[:3]}): a reward tier is "
           "broken; re-score one sample with `paint-pipeline score` to see which")
    return _result(REWARDS_VALID, "scorecards", ok, why, bad_rows=len(bad))


def frac_zero_std(scorecards: pa.Table) -> float:
    """Share of prompt groups whose rewards are all equal (sample_id = cycle/prompt_id/index)."""
    groups: dict[str, list[float]] = defaultdict(list)
    for sid, total in zip(scorecards.column("sample_id").to_pylist(), scorecards.column("total").to_pylist()):
        groups[sid.rsplit("/", 1)[0]].append(total)
    if not groups:
        return 1.0
    return sum(1 for v in groups.values() if max(v) - min(v) < 1e-9) / len(groups)


def reward_variance(scorecards: pa.Table, settings: PipelineSettings) -> AssetCheckResult:
    frac = frac_zero_std(scorecards)
    ok = frac <= settings.max_frac_zero_std
    why = (f"{frac:.0%} of prompt groups have identical rewards (limit {settings.max_frac_zero_std:.0%})" +
           ("" if ok else ": GRPO learns nothing from them; raise the temperature or the group size, or check "
                          "that the policy still writes sketches that render"))
    return _result(REWARD_VARIANCE, "scorecards", ok, why, frac_reward_zero_std=frac)


def checkpoint_loads(folder) -> AssetCheckResult:
    from paint_pipeline.policy.checkpoint import CheckpointError, open_checkpoint

    try:
        manifest = open_checkpoint(folder).manifest
    except CheckpointError as exc:
        return _result(CHECKPOINT_LOADS, "policy_checkpoint", False, f"{exc}: rerun the policy_checkpoint asset")
    return _result(CHECKPOINT_LOADS, "policy_checkpoint", True,
                   f"{folder}: every file matches its sha256 (step {manifest.get('step')})",
                   step=manifest.get("step", 0))


def not_worse(comparison: dict[str, float], settings: PipelineSettings) -> AssetCheckResult:
    """Fails when the held-out mean dropped by more than the tolerance and the drop is unlikely to be noise.

    A handful of held-out samples is noisy: one sketch that no longer renders moves the mean by 0.1. So a
    drop beyond `eval_tolerance` fails only when the paired bootstrap says the change is below zero with
    `eval_confidence` (one-sided): a collapse fails, one unlucky resample does not.
    """
    current, parent = comparison["eval_mean_total"], comparison["parent_mean_total"]
    delta, upper = comparison["eval_total_delta"], comparison["eval_total_delta_upper"]
    beyond_tolerance = delta < -settings.eval_tolerance
    significant = upper < 0
    ok = not (beyond_tolerance and significant)
    why = (f"held-out mean reward {current:.3f} vs parent {parent:.3f} (paired delta {delta:+.3f}, "
           f"{settings.eval_confidence:.0%} upper bound {upper:+.3f}; tolerance {settings.eval_tolerance})")
    if not ok:
        why += (": this checkpoint is worse than its parent beyond the tolerance and beyond sampling noise; look "
                "at the evaluation table and the update's loss and KL")
    elif beyond_tolerance:
        why += ": a drop beyond the tolerance, but within sampling noise (the upper bound is above zero)"
    return _result(NOT_WORSE, "evaluation", ok, why, delta=delta, delta_upper=upper)
