"""Tier 5, the global aesthetic: composition, colour harmony and colourfulness.

- composition: where the visual mass (distance from the background plus edge
  energy) sits: balance (centroid near the centre of the canvas), margins (not
  crammed against the border) and the rule of thirds (mass near the third lines,
  relative to a uniform spread);
- harmony: distance of the chroma-weighted hue histogram from the best-fitting
  hue template (Matsuda's i, V, L, I, T, Y, X, as used by Cohen-Or et al. 2006); an image
  without colour fits every template, so it earns full harmony only for a monochrome prompt;
- colourfulness: Hasler and Süsstrunk's M, scored inside a band rather than
  maximised (garish noise is very colourful); monochrome media get a lower band.
An optional learned head (a LAION-style MLP on CLIP image embeddings) is mixed in
when configured (`learned_head.py`). The score earns full credit from `aesthetic_full` (`full_credit.py`: a
floor, not a maximiser); the richness detectors' caps apply after.
"""

from __future__ import annotations

import math
import re

import numpy as np

from paint_pipeline.colour import chroma_hue, delta_e
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures
from paint_pipeline.reward.scorecard import TierScore
from paint_pipeline.reward.tiers.full_credit import explain as explain_full
from paint_pipeline.reward.tiers.full_credit import full_credit

PARTS = {"composition": 0.4, "harmony": 0.3, "colourfulness": 0.3}

# Hue templates: sectors as (centre offset in degrees, width in degrees).
HUE_TEMPLATES: dict[str, tuple[tuple[float, float], ...]] = {
    "i": ((0.0, 18.0),),
    "V": ((0.0, 93.6),),
    "L": ((0.0, 18.0), (90.0, 79.2)),
    "I": ((0.0, 18.0), (180.0, 18.0)),
    "T": ((0.0, 180.0),),
    "Y": ((0.0, 93.6), (180.0, 18.0)),
    "X": ((0.0, 93.6), (180.0, 93.6)),
}
_HUE_BINS = 36
_ROTATIONS = np.arange(0.0, 360.0, 5.0)


def _template_distances() -> tuple[np.ndarray, list[str]]:
    """(templates x rotations, hue bins) matrix: arc distance of each bin centre to the nearest sector."""
    centres = (np.arange(_HUE_BINS) + 0.5) * (360.0 / _HUE_BINS)
    rows, names = [], []
    for name, sectors in HUE_TEMPLATES.items():
        for rot in _ROTATIONS:
            dist = np.full(_HUE_BINS, np.inf)
            for offset, width in sectors:
                d = np.abs((centres - (rot + offset) + 180.0) % 360.0 - 180.0) - width / 2
                dist = np.minimum(dist, np.maximum(d, 0.0))
            rows.append(dist)
            names.append(name)
    return np.array(rows), names


_TEMPLATE_DIST, _TEMPLATE_NAMES = _template_distances()


ACHROMATIC_HARMONY = 0.5  # an image without colour, for a prompt that did not ask for a monochrome medium


def harmony(lab: np.ndarray, painted: np.ndarray | None = None) -> tuple[float, str, float]:
    """(score, best template, mean distance in degrees) of the painted pixels (all when no mask). Achromatic
    images fit every template (1.0); whether that is a virtue depends on the prompt (`score_aesthetic`)."""
    sub = lab[::2, ::2].reshape(-1, 3)  # every 4th pixel is plenty for a histogram
    if painted is not None and painted[::2, ::2].any():
        sub = sub[painted[::2, ::2].ravel()]  # the paper's colour is not the painting's
    chroma, hue = chroma_hue(sub)
    weights = np.clip(chroma - 8.0, 0.0, None)  # near-greys carry no hue
    total = float(weights.sum())
    if total < 1e-6 * len(weights) or total / len(weights) < 1.0:
        return 1.0, "achromatic", 0.0
    hist = np.bincount((hue / (360.0 / _HUE_BINS)).astype(np.int32) % _HUE_BINS, weights=weights,
                       minlength=_HUE_BINS) / total
    dist = _TEMPLATE_DIST @ hist
    best = int(np.argmin(dist))
    mean_deg = float(dist[best])
    return math.exp(-mean_deg / 15.0), _TEMPLATE_NAMES[best], mean_deg


def colourfulness(rgb8: np.ndarray) -> float:
    """Hasler and Süsstrunk (2003) colourfulness M on 8-bit RGB."""
    rgb = rgb8.reshape(-1, 3).astype(np.float32)
    rg = rgb[:, 0] - rgb[:, 1]
    yb = 0.5 * (rgb[:, 0] + rgb[:, 1]) - rgb[:, 2]
    return float(math.hypot(rg.std(), yb.std()) + 0.3 * math.hypot(rg.mean(), yb.mean()))


def band_score(value: float, band: tuple[float, float]) -> float:
    low, high = band
    if value < low:
        return value / low if low > 0 else 1.0
    if value > high:
        return max(0.0, 1.0 - (value - high) / high)
    return 1.0


def visual_mass(features: ImageFeatures) -> np.ndarray:
    """Where the eye goes: distance from the background (if any) plus edge energy, each normalised."""
    grey = features.grey
    gx = np.zeros_like(grey)
    gy = np.zeros_like(grey)
    gx[:, 1:-1] = grey[:, 2:] - grey[:, :-2]
    gy[1:-1] = grey[2:] - grey[:-2]
    edges = np.hypot(gx, gy)
    mass = edges / (edges.max() + 1e-6)
    if features.background_lab is not None:
        dist = np.clip(delta_e(features.lab, features.background_lab) / 50.0, 0.0, 1.0)
        mass = 0.5 * mass + 0.5 * dist
    return mass


def composition(features: ImageFeatures) -> tuple[float, dict[str, float]]:
    mass = visual_mass(features)
    total = float(mass.sum())
    n = mass.shape[0]
    if total < 1e-6:
        return 0.0, {"balance": 0.0, "margins": 0.0, "thirds": 0.0}
    coords = (np.arange(n) + 0.5) / n
    cy = float((mass.sum(axis=1) * coords).sum() / total)
    cx = float((mass.sum(axis=0) * coords).sum() / total)
    balance = 1.0 - min(1.0, math.hypot(cx - 0.5, cy - 0.5) / 0.25)
    # Mass in the outer 5% frame, relative to its share of the area: > 1 means crammed against the edge.
    k = max(1, round(0.05 * n))
    inner = float(mass[k:-k, k:-k].sum())
    frame_ratio = (total - inner) / total / (1.0 - ((n - 2 * k) / n) ** 2)
    margins = 1.0 - min(1.0, max(0.0, frame_ratio - 1.2) / 1.8)
    # Mass within 1/12 of a third line, relative to the area of those bands.
    near = np.zeros(n, dtype=bool)
    for third in (1 / 3, 2 / 3):
        near |= np.abs(coords - third) < 1 / 12
    band = near[:, None] | near[None, :]
    thirds_ratio = float(mass[band].sum() / total / band.mean())
    thirds = min(1.0, max(0.0, thirds_ratio - 0.5))
    parts = {"balance": balance, "margins": margins, "thirds": thirds}
    return sum(parts.values()) / 3.0, parts


def is_monochrome_prompt(prompt: str, config: RewardConfig) -> bool:
    """A monochrome medium is asked for, and no colour named: "coloured pencil" and "a red barn, ink" are not."""
    from paint_pipeline.colour import colour_refs, colours_in
    from paint_pipeline.reward.judges.offline import COLOURED_MEDIUM, prompt_words

    text = COLOURED_MEDIUM.sub(" ", prompt.lower())
    if not any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text) for w in config.monochrome_words):
        return False
    named = set(colours_in(prompt_words(text))) - {None}
    return not any(float(np.hypot(*colour_refs(c)[:, 1:].T).max()) >= 20.0 for c in named)


def score_aesthetic(
    features: ImageFeatures, prompt: str, config: RewardConfig, learned: float | None = None,
    defects: tuple[str, ...] = (),
) -> tuple[TierScore, list[str]]:
    """`defects` are the richness detectors' flags: noise and unasked-for stripes cap this tier too."""
    if features.coverage < config.min_coverage:
        return TierScore("aesthetic", 0.0, config.w_aesthetic,
                         f"nothing painted ({features.coverage:.1%} of the canvas): no aesthetic credit"), []
    comp, comp_parts = composition(features)
    harm, template, harm_deg = harmony(features.lab, features.painted if features.background_lab is not None else None)
    colourful = colourfulness(features.rgb8)
    mono = is_monochrome_prompt(prompt, config)
    if template == "achromatic" and not mono:
        # Grey fits every hue template; a grey picture is harmonious only when a monochrome medium was asked for.
        harm = ACHROMATIC_HARMONY
    band = config.monochrome_band if mono else config.colourfulness_band
    colour_score = band_score(colourful, band)
    heuristic = PARTS["composition"] * comp + PARTS["harmony"] * harm + PARTS["colourfulness"] * colour_score
    score = heuristic
    explanation = (
        f"composition {comp:.2f} (balance {comp_parts['balance']:.2f}, margins {comp_parts['margins']:.2f}, "
        f"thirds {comp_parts['thirds']:.2f}), harmony {harm:.2f} (template {template}, off by {harm_deg:.0f}°), "
        f"colourfulness {colour_score:.2f} (M {colourful:.0f}, band {band[0]:.0f}-{band[1]:.0f}"
        f"{', monochrome prompt' if mono else ''})"
    )
    if learned is not None:
        score = (1 - config.aesthetic_head_share) * heuristic + config.aesthetic_head_share * learned
        explanation += f"; learned head {learned:.2f} (share {config.aesthetic_head_share:.2f})"
    raw = score
    score = full_credit(raw, config.aesthetic_full)
    explanation += f"; {explain_full(raw, config.aesthetic_full)}"
    caps = {"noise": config.noise_cap, "barcode": config.barcode_cap}
    for defect in defects:
        if defect in caps and score > caps[defect]:
            score = caps[defect]
            explanation += f"; capped at {caps[defect]} ({defect.upper()})"
    details = {"composition": comp, **comp_parts, "harmony": harm, "harmony_degrees": harm_deg,
               "colourfulness": colourful, "colourfulness_score": colour_score, "aesthetic_raw": raw}
    if learned is not None:
        details["learned_aesthetic"] = learned
    return TierScore("aesthetic", float(min(1.0, max(0.0, score))), config.w_aesthetic, explanation, details), []
