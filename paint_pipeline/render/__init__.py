"""Rendering sketches: the client of the renderer service and its process manager.

The service itself (Node, Chromium) lives in `renderer/` at the repository root.
"""

from paint_pipeline.render.client import (
    STATUSES,
    RendererClient,
    RendererError,
    RenderItem,
    RenderResult,
)
from paint_pipeline.render.service import RendererService, RendererStartError

# Resolution of the images the reward sees (see docs/renderer.md for how it
# was chosen: `paint-pipeline bench render`).
REWARD_RESOLUTION = 256

__all__ = [
    "REWARD_RESOLUTION",
    "STATUSES",
    "RendererClient",
    "RendererError",
    "RendererService",
    "RendererStartError",
    "RenderItem",
    "RenderResult",
]
