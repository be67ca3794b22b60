"""Where the repository's own folders are: the one place that knows the package sits one level below the root.

Every layer reads its data (prompts, calibration sketches, the renderer's Node service) through these names, so no
module climbs `__file__`'s parents by a count that a move would silently break.
"""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
PROMPTS_DIR = DATA_DIR / "prompts"
RENDERER_DIR = REPO_ROOT / "renderer"
