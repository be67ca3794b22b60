"""The craft tiers are floors, not maximisers: each earns full credit from a level honest paintings reach.

Richness, brush use and the aesthetic do not read the prompt. Above the level that nearly every honest painting
reaches, ranking by them ranks by busyness (more edges, more colours, more brush calls), which a picture made
for no prompt can always supply and an honest painting of a quiet subject (a zen garden, a misty range) should
not have to. So each of the three earns full credit from its `<tier>_full` level (`RewardConfig`): about the
tenth percentile of the honest bench paintings' raw scores, which `paint-pipeline calibrate --hacks` prints.
Among paintings above the floors the prompt-aware tier, alignment, decides. The detectors' caps (noise,
unasked-for stripes) apply after the scaling, so a capped image keeps its cap.
"""

from __future__ import annotations

CRAFT_TIERS = ("richness", "brush", "aesthetic")


def full_credit(raw: float, full: float) -> float:
    """`raw` in [0, 1] scaled so that `full` and above earn 1."""
    return min(1.0, max(0.0, raw) / full)


def explain(raw: float, full: float) -> str:
    """The clause a tier's explanation ends with."""
    if raw >= full:
        return f"raw {raw:.2f} reaches the full-credit level {full:.2f}"
    return f"raw {raw:.2f} of the full-credit level {full:.2f}"
