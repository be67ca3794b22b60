"""The reward version: a hash of everything that decides a score.

It covers the config values, the source of every scoring module in this package (tiers and judges included)
and of the colour science it shares with the warm start's generator (`paint_pipeline/colour.py`), the
alignment backend actually in use and the text detector's model (package
version and detection size), so any change to weights, thresholds, scoring
code, backend or detector gives a new version, and scores of different versions
are never mixed up (re-scoring keeps both).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from paint_pipeline.reward.config import RewardConfig

PACKAGE_DIR = Path(__file__).resolve().parent
# Scoring code outside this package: the colour science the palette judge and the tiers read.
SHARED_SCORING = (PACKAGE_DIR.parent / "colour.py",)
# What measures the reward but never decides a score: editing it must not invalidate every score.
NOT_SCORING = frozenset({"bench.py", "calibration"})


def scoring_sources() -> list[Path]:
    """Every file whose text can change a score, in a fixed order."""
    inside = (p for p in PACKAGE_DIR.rglob("*.py")
              if not NOT_SCORING.intersection(p.relative_to(PACKAGE_DIR).parts))
    return sorted(inside) + list(SHARED_SCORING)


@lru_cache(maxsize=1)
def code_digest() -> str:
    h = hashlib.sha256()
    for path in scoring_sources():
        name = path.relative_to(PACKAGE_DIR).as_posix() if path.is_relative_to(PACKAGE_DIR) else path.name
        h.update(name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def reward_version(config: RewardConfig, backend_name: str, text_detector: str | None = None) -> str:
    parts = {"config": config.to_dict(), "backend": backend_name, "code": code_digest()}
    if text_detector is not None:  # the detector's model and detection size, when one runs
        parts["text_detector"] = text_detector
    payload = json.dumps(parts, sort_keys=True)
    return "rv-" + hashlib.sha256(payload.encode()).hexdigest()[:12]
