"""Synthetic renders for reward tests: images drawn with numpy, wrapped as renderer results."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

from paint_pipeline.render.client import RenderResult

SIDE = 256


def png_of(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(array.astype(np.uint8)).save(buf, "PNG")
    return buf.getvalue()


def result(png: bytes | None, status: str = "SUCCESS", **fields) -> RenderResult:
    """A render result as today's renderer reports it: marks measured (none unless given)."""
    fields.setdefault("brush_marks", {})
    return RenderResult(id=fields.pop("id", "x"), status=status, png=png, render_ms=fields.pop("render_ms", 100.0),
                        **fields)


def blank(colour=(255, 255, 255)) -> np.ndarray:
    return np.full((SIDE, SIDE, 3), colour, dtype=np.uint8)


def pixel_noise(seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (SIDE, SIDE, 3), dtype=np.uint8)


def block_noise(cell: int, seed: int = 0) -> np.ndarray:
    cells = np.random.default_rng(seed).integers(0, 256, (SIDE // cell + 1, SIDE // cell + 1, 3))
    return np.kron(cells, np.ones((cell, cell, 1)))[:SIDE, :SIDE].astype(np.uint8)


def stripes(period: int = 24, vertical: bool = True) -> np.ndarray:
    line = ((np.arange(SIDE) // (period // 2)) % 2 * 255).astype(np.uint8)
    img = np.tile(line[None, :, None], (SIDE, 1, 3))
    return img if vertical else img.transpose(1, 0, 2).copy()


def painting(seed: int = 0, palette=((200, 60, 50), (60, 110, 180), (240, 200, 70), (70, 140, 70))) -> np.ndarray:
    """A crude 'painting': a sky gradient, a horizon, and overlapping soft blobs and strokes."""
    rng = np.random.default_rng(seed)
    y = np.linspace(0, 1, SIDE)[:, None, None]
    img = (np.array([235, 225, 205]) * (1 - y) + np.array([150, 170, 200]) * y) * np.ones((1, SIDE, 1))
    im = Image.fromarray(img.astype(np.uint8))
    draw = ImageDraw.Draw(im)
    for _ in range(40):
        colour = tuple(int(c) for c in palette[rng.integers(len(palette))])
        x, yy, r = rng.integers(20, SIDE - 20), rng.integers(40, SIDE - 20), rng.integers(6, 28)
        draw.ellipse((x - r, yy - r, x + r, yy + r), fill=colour)
    for _ in range(25):
        colour = tuple(int(c * 0.6) for c in palette[rng.integers(len(palette))])
        x0, y0 = rng.integers(0, SIDE, 2)
        draw.line((x0, y0, x0 + rng.integers(-60, 60), y0 + rng.integers(-60, 60)), fill=colour, width=3)
    return np.asarray(im)


def dot() -> np.ndarray:
    img = blank()
    img[126:130, 126:130] = (200, 40, 40)
    return img
