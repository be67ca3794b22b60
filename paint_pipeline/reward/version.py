"""The reward version: a hash of everything that decides a score.

It covers the config values, the source of every scoring module in this package, the
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
# Modules that measure the reward but never decide a score: editing them must not invalidate every score.
NOT_SCORING = frozenset({"bench.py", "calibration.py", "judge_matrix.py", "hack_report.py", "hack_corpus.py"})


@lru_cache(maxsize=1)
def code_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in PACKAGE_DIR.glob("*.py") if p.name not in NOT_SCORING):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def reward_version(config: RewardConfig, backend_name: str, text_detector: str | None = None) -> str:
    parts = {"config": config.to_dict(), "backend": backend_name, "code": code_digest()}
    if text_detector is not None:  # the detector's model and detection size, when one runs
        parts["text_detector"] = text_detector
    payload = json.dumps(parts, sort_keys=True)
    return "rv-" + hashlib.sha256(payload.encode()).hexdigest()[:12]
