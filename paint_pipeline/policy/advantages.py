"""Group-relative advantages for GRPO.

Within each prompt group: A = (r - mean) / (std + eps) (GRPO, scale "group"),
A = (r - mean) / (batch std + eps) (scale "batch", as TRL's and PPO Lite's:
a group whose rewards barely differ, e.g. render noise of 1e-3, is not blown
up to advantages of +-1), or A = r - mean (Dr. GRPO, scale "none"). The std is
the unbiased one and eps = 1e-4, as in TRL, so our advantages match TRL's on
the same rewards. A group whose rewards are all equal teaches nothing;
`zero_std_groups` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

import numpy as np

SCALES = ("group", "batch", "none")


@dataclass(frozen=True)
class AdvantageStats:
    groups: int
    zero_std_groups: int
    frac_reward_zero_std: float
    mean_group_std: float
    reward_mean: float
    reward_std: float


def group_advantages(
    rewards: Sequence[float], groups: Sequence[Hashable], *, scale: str = "group", eps: float = 1e-4,
    include: Sequence[bool] | None = None,
) -> tuple[np.ndarray, AdvantageStats]:
    """Advantages in input order, and statistics of the groups.

    `include`: False for a reward that measures nothing (a renderer fault): it takes no part in any mean or std,
    and its advantage is NaN (left out of the update).

    `scale="group"` is GRPO's (r - mean) / (std + eps); `scale="batch"` divides by the std of all rewards;
    `scale="none"` is Dr. GRPO's r - mean.
    """
    if scale not in SCALES:
        raise ValueError(f"scale must be one of {SCALES}, got {scale!r}")
    r = np.asarray(rewards, dtype=np.float64)
    if r.ndim != 1 or len(r) != len(groups):
        raise ValueError(f"{len(r)} rewards for {len(groups)} group labels")
    if not np.all(np.isfinite(r)):
        bad = [i for i, v in enumerate(r) if not np.isfinite(v)]
        raise ValueError(f"non-finite rewards at positions {bad[:10]}")
    keep = np.ones(len(r), dtype=bool) if include is None else np.asarray(include, dtype=bool)
    if keep.shape != r.shape:
        raise ValueError(f"{len(keep)} include flags for {len(r)} rewards")
    advantages = np.full_like(r, np.nan)
    stds = []
    index: dict[Hashable, list[int]] = {}
    for i, g in enumerate(groups):
        if keep[i]:
            index.setdefault(g, []).append(i)
    kept = r[keep]
    batch_std = kept.std(ddof=1) if len(kept) > 1 else 0.0
    for members in index.values():
        values = r[members]
        mean = values.mean()
        std = values.std(ddof=1) if len(values) > 1 else 0.0
        stds.append(std)
        centred = values - mean
        divisor = {"group": std + eps, "batch": batch_std + eps, "none": 1.0}[scale]
        advantages[members] = centred / divisor
    stds_arr = np.array(stds)
    zero = np.isclose(stds_arr, 0.0)
    stats = AdvantageStats(
        groups=len(index), zero_std_groups=int(zero.sum()),
        frac_reward_zero_std=float(np.mean(zero)) if len(stds_arr) else 0.0,
        mean_group_std=float(stds_arr.mean()) if len(stds_arr) else 0.0,
        reward_mean=float(kept.mean()) if len(kept) else 0.0,
        reward_std=float(kept.std()) if len(kept) else 0.0,
    )
    return advantages, stats
