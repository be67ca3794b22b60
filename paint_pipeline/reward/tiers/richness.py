"""Tier 3, visual richness: is there structure and colour on the canvas?

Five measures, averaged:
- edges: variance of the Laplacian of the grey image, saturating (1 - exp(-v/scale));
- colour entropy: Shannon entropy of a CIELAB histogram of the painted pixels (not a
  count of bins, which one stray pixel per bin would max out; not of the whole
  canvas, where the background would dominate);
- palette spread: mass-weighted mean CIELAB distance between the dominant painted colours;
- coverage: the painted fraction, with the background taken from the border ring;
- texture: the share of the painted area that is not flat. Paint is never perfectly even (brush grain,
  bleed, hatching); a colour chart or poster of flat fills is (4x4 blocks at analysis size whose channels
  vary less than `flat_block_std` count as flat; full credit up to `flat_share_free`, none from
  `flat_share_zero`; scaled like coverage, so an almost empty canvas earns little of it).

The mean earns full credit from `richness_full` (`full_credit.py`: a floor, not a maximiser). Three detectors
then cap the result. Flat fills (at least `flat_share_zero` of the painted area flat): a chart is not brush
painting, and the full-credit level would otherwise forgive its missing texture. The other two because each
of these measures is maximised by a cheap non-painting (paint-code-rl's richness gave random noise about 0.9):
- noise: a power spectrum that stays flat over the low frequencies (paintings fall
  off about as 1/f^2) together with no local orientation structure (strokes and
  edges are locally one-dimensional; noise, per pixel or in blocks, is not);
- barcode: one orientation dominating the structure tensor of the whole image.
  Stripes are allowed when the prompt asks for them (config.stripe_words), and a noise-like field
  when it asks for dots (config.dot_words: a mandala of dots looks like noise to both tests).
"""

from __future__ import annotations

import math
import re

import numpy as np

from paint_pipeline.colour import delta_e, lab_table
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures
from paint_pipeline.reward.scorecard import TierScore
from paint_pipeline.reward.tiers.full_credit import explain as explain_full
from paint_pipeline.reward.tiers.full_credit import full_credit

_LAB_BIN = np.array([12.5, 16.0, 16.0], dtype=np.float32)
_LAB_OFFSET = np.array([0.0, 128.0, 128.0], dtype=np.float32)
_BINS_AB = 16


FLAT_BLOCK = 4


def flat_share(features: ImageFeatures, block_std: float) -> float:
    """Share of the painted 4x4 blocks (at analysis size) whose every channel varies less than `block_std`."""
    b = FLAT_BLOCK
    n = (features.side // b) * b
    rgb = features.rgb8[:n, :n].astype(np.float32).reshape(n // b, b, n // b, b, 3)
    flat = rgb.std(axis=(1, 3)).max(axis=-1) < block_std
    painted = features.painted[:n, :n].reshape(n // b, b, n // b, b).mean(axis=(1, 3)) > 0.5
    total = int(painted.sum())
    return float((flat & painted).sum() / total) if total else 0.0


def laplacian_variance(grey: np.ndarray) -> float:
    lap = grey[1:-1, :-2] + grey[1:-1, 2:] + grey[:-2, 1:-1] + grey[2:, 1:-1] - 4.0 * grey[1:-1, 1:-1]
    return float(lap.var())


def _lab_bins(lab: np.ndarray) -> np.ndarray:
    """Histogram bin of each Lab colour: 12.5 units of L, 16 of a and b."""
    q = np.floor((lab.reshape(-1, 3) + _LAB_OFFSET) / _LAB_BIN).astype(np.int32)
    q = np.clip(q, 0, [8, _BINS_AB - 1, _BINS_AB - 1])
    return (q[:, 0] * _BINS_AB + q[:, 1]) * _BINS_AB + q[:, 2]


_bin_table: np.ndarray | None = None


def lab_bins(features: ImageFeatures) -> np.ndarray:
    """`_lab_bins` of every pixel, through a per-table-colour lookup built once."""
    global _bin_table
    if _bin_table is None:
        _bin_table = _lab_bins(lab_table()).astype(np.int32)
    return _bin_table[features.colour_index.ravel()]


def colour_entropy_bits(keys: np.ndarray) -> float:
    """Shannon entropy (bits) of the histogram of bin keys."""
    counts = np.bincount(keys)
    p = counts[counts > 0] / keys.size
    return float(-(p * np.log2(p)).sum())


def dominant_colours(lab: np.ndarray, keys: np.ndarray, top: int = 6, min_share: float = 0.02):
    """Up to `top` dominant colours (mean Lab of the most populated histogram bins) and their shares."""
    counts = np.bincount(keys)
    order = np.argsort(counts)[::-1][:top]
    order = order[counts[order] >= min_share * keys.size]
    flat = lab.reshape(-1, 3)
    sums = np.stack([np.bincount(keys, weights=flat[:, c], minlength=len(counts)) for c in range(3)], axis=1)
    colours = sums[order] / counts[order, None]
    return colours, counts[order] / keys.size


def palette_spread(colours: np.ndarray, shares: np.ndarray) -> float:
    if len(colours) < 2:
        return 0.0
    d = delta_e(colours[:, None, :], colours[None, :, :])
    w = shares[:, None] * shares[None, :]
    iu = np.triu_indices(len(colours), 1)
    return float((d[iu] * w[iu]).sum() / w[iu].sum())


def low_band_slope(grey: np.ndarray) -> float:
    """Log-log slope of the radially averaged power spectrum over the low band (2 to n/8 cycles).

    Natural images and paintings fall off about as 1/f^2 (slope near -2); noise,
    whether per pixel or in blocks, is flat there. A blank image has no slope (nan).
    """
    n = grey.shape[0]
    g = grey - grey.mean()
    if float(np.abs(g).max()) < 1e-3:
        return math.nan
    window = np.hanning(n).astype(np.float32)
    power = np.abs(np.fft.rfft2(g * window[:, None] * window[None, :])) ** 2
    fy = np.fft.fftfreq(n) * n
    fx = np.fft.rfftfreq(n) * n
    radius = np.sqrt(fy[:, None] ** 2 + fx[None, :] ** 2).astype(np.int32).ravel()
    top = n // 8
    sums = np.bincount(radius, weights=power.ravel(), minlength=top + 1)[2 : top + 1]
    counts = np.bincount(radius, minlength=top + 1)[2 : top + 1]
    profile = sums / np.maximum(counts, 1)
    freqs = np.arange(2, top + 1)
    keep = profile > 0
    if keep.sum() < 4:
        return math.nan
    return float(np.polyfit(np.log(freqs[keep]), np.log(profile[keep]), 1)[0])


def _gradients(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    gx = np.zeros_like(grey)
    gy = np.zeros_like(grey)
    gx[:, 1:-1] = grey[:, 2:] - grey[:, :-2]
    gy[1:-1] = grey[2:] - grey[:-2]
    return gx, gy


def _block_sum(a: np.ndarray, block: int) -> np.ndarray:
    n = (a.shape[0] // block) * block
    return a[:n, :n].reshape(n // block, block, n // block, block).sum(axis=(1, 3))


def local_coherence(gx: np.ndarray, gy: np.ndarray, block: int = 8) -> float:
    """Structure-tensor coherence in 8x8 blocks, averaged with the gradient energy as weight.

    Strokes, edges and lines are locally one-dimensional (near 1); noise has no
    local orientation (about 0.2 for 8x8 blocks).
    """
    jxx, jyy, jxy = _block_sum(gx * gx, block), _block_sum(gy * gy, block), _block_sum(gx * gy, block)
    trace = jxx + jyy
    total = float(trace.sum())
    if total < 1e-6:
        return 1.0
    return float(np.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy).sum() / total)


def orientation_coherence(gx: np.ndarray, gy: np.ndarray) -> float:
    """Global structure-tensor coherence: 0 for no dominant orientation, 1 for a single one."""
    jxx, jyy, jxy = float((gx * gx).sum()), float((gy * gy).sum()), float((gx * gy).sum())
    trace = jxx + jyy
    if trace < 1e-6:
        return 0.0
    return math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / trace


def _asks_for(prompt: str, words: tuple[str, ...]) -> bool:
    text = prompt.lower()
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text) for w in words)


def asks_for_stripes(prompt: str, config: RewardConfig) -> bool:
    return _asks_for(prompt, config.stripe_words)


def asks_for_dots(prompt: str, config: RewardConfig) -> bool:
    return _asks_for(prompt, config.dot_words)


def score_richness(features: ImageFeatures, prompt: str, config: RewardConfig) -> tuple[TierScore, list[str]]:
    lap_var = laplacian_variance(features.grey)
    # Colour richness of what was painted: the background would otherwise dominate both measures.
    keys = lab_bins(features)
    lab = features.lab
    if features.background_lab is not None:
        painted = features.painted.ravel()
        keys, lab = keys[painted], lab.reshape(-1, 3)[painted]
    entropy = colour_entropy_bits(keys) if keys.size else 0.0
    colours, shares = dominant_colours(lab, keys) if keys.size else (np.zeros((0, 3)), np.zeros(0))
    spread = palette_spread(colours, shares)
    slope = low_band_slope(features.grey)
    gx, gy = _gradients(features.grey)
    local = local_coherence(gx, gy)
    coherence = orientation_coherence(gx, gy)

    parts = {
        "edges": 1.0 - math.exp(-lap_var / config.edge_variance_scale),
        "entropy": min(1.0, entropy / config.entropy_full_bits),
        "palette": min(1.0, spread / config.palette_full_delta_e),
        "coverage": min(1.0, features.coverage / config.coverage_full),
    }
    flat = flat_share(features, config.flat_block_std)
    # Texture of the painted area, so it counts as much of the canvas as coverage does (nothing painted: none).
    parts["texture"] = parts["coverage"] * (1.0 - min(1.0, max(0.0, (flat - config.flat_share_free)
                                                              / (config.flat_share_zero - config.flat_share_free))))
    raw = sum(parts.values()) / len(parts)
    score = full_credit(raw, config.richness_full)
    flags: list[str] = []
    caps: list[str] = []
    is_noise = not math.isnan(slope) and slope > config.noise_slope_max and local < config.noise_local_coherence
    if flat >= config.flat_share_zero:
        flags.append("flat_fills")
        score = min(score, config.flat_cap)
        caps.append(f"FLAT FILLS ({flat:.0%} of the painted area flat): capped at {config.flat_cap}")
    if is_noise and asks_for_dots(prompt, config):
        caps.append(f"noise-like texture (slope {slope:.2f}, local coherence {local:.2f}) allowed: the prompt asks "
                    "for dots")
    elif is_noise:
        flags.append("noise")
        score = min(score, config.noise_cap)
        caps.append(f"NOISE (flat spectrum, slope {slope:.2f}; no local structure, coherence {local:.2f}): "
                    f"capped at {config.noise_cap}")
    if coherence > config.barcode_coherence:
        if asks_for_stripes(prompt, config):
            caps.append(f"stripes (coherence {coherence:.2f}) allowed: the prompt asks for them")
        else:
            flags.append("barcode")
            score = min(score, config.barcode_cap)
            caps.append(f"BARCODE (orientation coherence {coherence:.2f}): capped at {config.barcode_cap}")
    explanation = (
        f"edges {parts['edges']:.2f} (Laplacian var {lap_var:.0f}), entropy {parts['entropy']:.2f} "
        f"({entropy:.2f} bits in the painted area), palette {parts['palette']:.2f} "
        f"({len(colours)} colours, spread ΔE {spread:.0f}), "
        f"coverage {parts['coverage']:.2f} ({features.coverage:.0%} painted), texture {parts['texture']:.2f} "
        f"({flat:.0%} of the painted area flat); {explain_full(raw, config.richness_full)}"
    )
    if caps:
        explanation += "; " + "; ".join(caps)
    details = {
        **{f"richness_{k}": float(v) for k, v in parts.items()},
        "richness_raw": raw,
        "laplacian_var": lap_var, "entropy_bits": entropy, "palette_spread": spread,
        "spectral_slope": slope, "local_coherence": local, "orientation_coherence": coherence,
        "coverage": features.coverage, "flat_share": flat,
    }
    return TierScore("richness", float(min(1.0, max(0.0, score))), config.w_richness, explanation, details), flags
