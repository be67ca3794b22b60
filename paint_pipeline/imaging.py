"""Image helpers shared by the renderer benchmark and the reward: decoding,
resizing the way the reward sees images, and SSIM."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

# CLIP-style preprocessing resizes with bicubic interpolation; comparisons made
# here use the same, so they measure what the reward will see.
RESAMPLE = Image.Resampling.BICUBIC


def decode_png(data: bytes) -> Image.Image:
    """Decodes PNG bytes into an RGB image."""
    with Image.open(io.BytesIO(data)) as im:
        return im.convert("RGB")


def resized(image: Image.Image, side: int) -> Image.Image:
    if image.size == (side, side):
        return image
    return image.resize((side, side), RESAMPLE)


def luminance(image: Image.Image) -> np.ndarray:
    """ITU-R 601 luma as float64 in [0, 255]."""
    return np.asarray(image.convert("L"), dtype=np.float64)


def _gaussian_kernel(sigma: float = 1.5, radius: int = 5) -> np.ndarray:
    x = np.arange(-radius, radius + 1, dtype=np.float64)
    k = np.exp(-(x**2) / (2 * sigma**2))
    return k / k.sum()


def _filter2d(img: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Separable 'valid' convolution (no padding), as in Wang et al.'s reference code."""
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, img)
    return np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="valid"), 0, rows)


def ssim(a: np.ndarray, b: np.ndarray, data_range: float = 255.0) -> float:
    """Mean structural similarity of two grey images (Gaussian window, sigma 1.5, K1=0.01, K2=0.03)."""
    if a.shape != b.shape:
        raise ValueError(f"images differ in shape: {a.shape} vs {b.shape}")
    k = _gaussian_kernel()
    c1 = (0.01 * data_range) ** 2
    c2 = (0.03 * data_range) ** 2
    mu_a = _filter2d(a, k)
    mu_b = _filter2d(b, k)
    var_a = _filter2d(a * a, k) - mu_a**2
    var_b = _filter2d(b * b, k) - mu_b**2
    cov = _filter2d(a * b, k) - mu_a * mu_b
    num = (2 * mu_a * mu_b + c1) * (2 * cov + c2)
    den = (mu_a**2 + mu_b**2 + c1) * (var_a + var_b + c2)
    return float(np.mean(num / den))


def ssim_at(png_a: bytes, png_b: bytes, side: int = 224) -> float:
    """SSIM of two PNGs after resizing both to side x side."""
    return ssim(luminance(resized(decode_png(png_a), side)), luminance(resized(decode_png(png_b), side)))
