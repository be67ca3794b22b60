"""The statistics every comparison of policies uses: bootstrap intervals of a mean, and paired deltas.

Every held-out evaluation samples the same prompts with the same seeds, so two evaluations pair sample by sample
(`sample_key`): pairing removes the prompt-to-prompt spread from a comparison, which is what lets the evaluation
check and the learning curve's verdict tell a real change from resampling noise.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from paint_pipeline.reward.config import TIERS


def summarize_scorecards(table: pa.Table) -> dict[str, float]:
    """Metrics with stable names (the UI plots them across cycles)."""
    n = table.num_rows
    status = table.column("status").to_pylist()
    out = {"samples": n, "render_success_rate": status.count("SUCCESS") / n if n else 0.0,
           "mean_total": float(np.mean(table.column("total").to_numpy())) if n else 0.0}
    for tier in TIERS:
        out[f"mean_{tier}"] = float(np.mean(table.column(f"{tier}_score").to_numpy())) if n else 0.0
    return out


def bootstrap_ci(values, *, resamples: int = 2000, seed: int = 0, level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean."""
    x = np.asarray(values, dtype=np.float64)
    if len(x) == 0:
        return (float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, len(x), size=(resamples, len(x)))].mean(axis=1)
    lo, hi = np.quantile(means, [(1 - level) / 2, 1 - (1 - level) / 2])
    return float(lo), float(hi)


def sample_key(sample_id: str) -> str:
    """`<prompt_id>/<k>` of a held-out sample id `<label>/<prompt_id>/<k>`: the policy's label dropped, so the
    evaluations of two policies on the same prompts and seeds pair key by key."""
    return sample_id.split("/", 1)[-1]


def sample_totals(table: pa.Table) -> dict[str, float]:
    """Each held-out sample's total by its sample_key."""
    ids = [sample_key(sid) for sid in table.column("sample_id").to_pylist()]
    return dict(zip(ids, (float(t) for t in table.column("total").to_pylist())))


def paired_deltas(now: dict[str, float], before: dict[str, float]) -> np.ndarray:
    """`now[k] - before[k]` over the samples both hold (sample_totals), in sorted key order. Pairing removes the
    prompt-to-prompt spread (some prompts are simply harder) from the comparison; what is left is the change of
    the policy plus resampling noise."""
    if set(now) != set(before):
        missing = sorted(set(now) ^ set(before))
        raise ValueError(f"the two evaluations did not sample the same prompts and seeds ({len(missing)} unpaired "
                         f"samples, e.g. {missing[:3]}): were they made with different evaluation settings?")
    return np.array([now[k] - before[k] for k in sorted(now)], dtype=np.float64)


def paired_total_deltas(current: pa.Table, parent: pa.Table) -> np.ndarray:
    """Total reward of each held-out sample minus its parent's on the same prompt and seed (paired_deltas)."""
    return paired_deltas(sample_totals(current), sample_totals(parent))


def compare_evaluations(current: pa.Table, parent: pa.Table, *, confidence: float = 0.95) -> dict[str, float]:
    """Held-out metrics of a checkpoint next to its parent's: 95% bootstrap intervals of each mean total, and
    `eval_total_delta_upper`, the one-sided `confidence` upper bound of the paired mean change."""
    now, before = summarize_scorecards(current), summarize_scorecards(parent)
    lo, hi = bootstrap_ci(current.column("total").to_numpy())
    plo, phi = bootstrap_ci(parent.column("total").to_numpy())
    deltas = paired_total_deltas(current, parent)
    # The upper end of a two-sided interval at level 2c-1 is the one-sided upper bound at level c.
    _, delta_upper = bootstrap_ci(deltas, level=2 * confidence - 1)
    out = {f"eval_{k}": v for k, v in now.items()}
    out.update({f"parent_{k}": v for k, v in before.items() if k != "samples"})
    out.update({"eval_total_ci_low": lo, "eval_total_ci_high": hi, "parent_total_ci_low": plo,
                "parent_total_ci_high": phi, "eval_total_delta": float(deltas.mean()),
                "eval_total_delta_upper": delta_upper})
    return out
