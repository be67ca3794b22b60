"""Image measurements shared by the image-based tiers, computed once per image.

The render is reduced to `analysis_size` (a box filter, so fine noise averages
the way the eye would see it at that size), converted to CIELAB, and the
background is estimated from the whole border ring rather than one pixel: the
most common colour of the border, if it covers most of it. Painted pixels are
those far enough from that background.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from PIL import Image

from paint_pipeline.colour import delta_e, lab_table, table_index
from paint_pipeline.errors import PaintPipelineError

BORDER_FRACTION = 0.04  # width of the border ring, as a fraction of the side
BACKGROUND_MIN_SHARE = 0.5  # the border's dominant colour must cover this share to be "the background"


class ImageDecodeError(PaintPipelineError, ValueError):
    """The render's PNG could not be decoded."""


@dataclass(frozen=True)
class ImageFeatures:
    rgb8: np.ndarray  # (n, n, 3) uint8 at analysis size
    colour_index: np.ndarray  # (n, n) int32 index into the 7-bit colour table (colour.py)
    lab: np.ndarray  # (n, n, 3) float32 CIELAB
    grey: np.ndarray  # (n, n) float32 luminance in grey levels [0, 255]
    background_lab: np.ndarray | None  # (3,) or None when the border has no dominant colour
    background_share: float  # share of the border ring within reach of the background colour
    painted: np.ndarray  # (n, n) bool: pixels that differ from the background
    coverage: float  # painted fraction of the canvas

    @property
    def side(self) -> int:
        return self.grey.shape[0]


def decode_png(png: bytes) -> Image.Image:
    """PNG bytes -> RGB image, decoded once per sample and shared with CLIP."""
    try:
        with Image.open(io.BytesIO(png)) as im:
            return im.convert("RGB")
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageDecodeError(f"cannot decode the rendered PNG: {exc}") from None


def reduce_for_analysis(image: Image.Image, side: int) -> np.ndarray:
    """RGB image -> uint8 array side x side (box-filtered reduction)."""
    if image.size == (2 * side, 2 * side):
        image = image.reduce(2)  # the common case (256 -> 128): a 2x2 box, faster than resize
    elif image.size != (side, side):
        image = image.resize((side, side), Image.Resampling.BOX)
    return np.asarray(image, dtype=np.uint8)


def _border_ring(arr: np.ndarray, width: int) -> np.ndarray:
    return np.concatenate(
        [arr[:width].reshape(-1, 3), arr[-width:].reshape(-1, 3),
         arr[width:-width, :width].reshape(-1, 3), arr[width:-width, -width:].reshape(-1, 3)]
    )


def estimate_background(lab: np.ndarray, reach: float) -> tuple[np.ndarray | None, float]:
    """The border ring's dominant colour and the share of the ring near it.

    The dominant colour is the mode of a coarse Lab histogram of the ring
    (refined to the mean of the pixels near it); a ring with no colour covering
    `BACKGROUND_MIN_SHARE` of it (a full-bleed painting) has no background.
    """
    width = max(1, int(round(lab.shape[0] * BORDER_FRACTION)))
    ring = _border_ring(lab, width)
    q = np.floor(ring / np.array([5.0, 8.0, 8.0], dtype=np.float32)).astype(np.int32)
    keys = (np.clip(q[:, 0], 0, 20) * 64 + np.clip(q[:, 1] + 32, 0, 63)) * 64 + np.clip(q[:, 2] + 32, 0, 63)
    seed = ring[keys == np.argmax(np.bincount(keys))].mean(axis=0)
    near = delta_e(ring, seed) < reach
    background = ring[near].mean(axis=0)
    share = float(np.mean(delta_e(ring, background) < reach))
    if share < BACKGROUND_MIN_SHARE:
        return None, share
    return background.astype(np.float32), share


def analyse(image: Image.Image, side: int, background_delta_e: float) -> ImageFeatures:
    rgb8 = reduce_for_analysis(image, side)
    index = table_index(rgb8)
    lab = lab_table()[index]
    grey = (rgb8.astype(np.float32) @ np.array([0.299, 0.587, 0.114], dtype=np.float32))
    background, share = estimate_background(lab, background_delta_e)
    if background is None:
        painted = np.ones(grey.shape, dtype=bool)
    else:
        painted = delta_e(lab, background) > background_delta_e
    return ImageFeatures(
        rgb8=rgb8, colour_index=index, lab=lab, grey=grey, background_lab=background, background_share=share,
        painted=painted, coverage=float(painted.mean()),
    )
