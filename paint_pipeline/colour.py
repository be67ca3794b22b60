"""Perceptual colour: sRGB to CIELAB (D65) and a lexicon of colour names.

CIELAB is used wherever the reward compares colours (background, palettes,
entropy, colour words) because distances in it roughly follow what people see;
bin counts in RGB do not.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

# sRGB (D65) to XYZ, IEC 61966-2-1.
_RGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]],
    dtype=np.float32,
)
_WHITE_D65 = np.array([0.95047, 1.0, 1.08883], dtype=np.float32)

# 8-bit sRGB to linear light, as a lookup table (the exact transfer function).
_c = np.arange(256, dtype=np.float64) / 255.0
_LINEAR = np.where(_c <= 0.04045, _c / 12.92, ((_c + 0.055) / 1.055) ** 2.4).astype(np.float32)


def _f(t: np.ndarray) -> np.ndarray:
    delta = 6.0 / 29.0
    return np.where(t > delta**3, np.cbrt(t), t / (3 * delta**2) + 4.0 / 29.0)


def srgb8_to_lab(rgb: np.ndarray) -> np.ndarray:
    """uint8 sRGB (..., 3) -> float32 CIELAB (..., 3): L in [0, 100], a and b about [-128, 127]."""
    if rgb.dtype != np.uint8:
        raise TypeError(f"srgb8_to_lab expects uint8, got {rgb.dtype}")
    return _exact_lab(rgb)


def _exact_lab(rgb: np.ndarray) -> np.ndarray:
    lin = _LINEAR[rgb]
    xyz = lin @ _RGB_TO_XYZ.T / _WHITE_D65
    fx, fy, fz = (_f(xyz[..., i]) for i in range(3))
    lab = np.stack([116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)], axis=-1)
    return lab.astype(np.float32)


# The reward converts every pixel of every image; through a table of 7 bits per
# channel (2^21 colours, 25 MB, built on first use) that costs a gather instead
# of three cube roots. Taking the middle of each 2-level cell keeps the error
# under 1 CIELAB unit, well below what the tiers can tell apart.
_LUT_BITS = 7
_lut: np.ndarray | None = None


def _lab_table() -> np.ndarray:
    global _lut
    if _lut is None:
        step = 1 << (8 - _LUT_BITS)
        levels = (np.arange(1 << _LUT_BITS) * step + step // 2).astype(np.uint8)
        grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), axis=-1).reshape(-1, 3)
        _lut = _exact_lab(grid)
    return _lut


def table_index(rgb: np.ndarray) -> np.ndarray:
    """Index of each uint8 sRGB pixel in the 7-bit colour table (shared by every per-colour lookup)."""
    shift = 8 - _LUT_BITS
    q = (rgb >> shift).astype(np.int32)
    return (q[..., 0] << (2 * _LUT_BITS)) | (q[..., 1] << _LUT_BITS) | q[..., 2]


def lab_table() -> np.ndarray:
    """CIELAB of every colour of the 7-bit table, (2^21, 3)."""
    return _lab_table()


def srgb8_to_lab_fast(rgb: np.ndarray) -> np.ndarray:
    """Like `srgb8_to_lab`, through the table (error < 1 CIELAB unit)."""
    return _lab_table()[table_index(rgb)]


def hex_to_rgb8(hex_colour: str) -> tuple[int, int, int]:
    """The sRGB channels of a CSS hex colour, '#' optional: #rgb, #rgba, #rrggbb or #rrggbbaa (alpha ignored)."""
    h = hex_colour.lstrip("#")
    if len(h) not in (3, 4, 6, 8) or any(c not in "0123456789abcdefABCDEF" for c in h):
        raise ValueError(f"not a hex colour: {hex_colour!r}")
    if len(h) in (3, 4):
        return int(h[0] * 2, 16), int(h[1] * 2, 16), int(h[2] * 2, 16)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def hex_to_lab(hex_colour: str) -> np.ndarray:
    return srgb8_to_lab(np.array([hex_to_rgb8(hex_colour)], dtype=np.uint8))[0]


def delta_e(lab: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """CIE76 distance between Lab colours (broadcasting)."""
    return np.sqrt(np.sum((lab - ref) ** 2, axis=-1))


def chroma_hue(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Chroma and hue angle in degrees [0, 360) of Lab colours."""
    a, b = lab[..., 1], lab[..., 2]
    return np.hypot(a, b), np.degrees(np.arctan2(b, a)) % 360.0


# Colour words a prompt may use, with one or more representative sRGB values.
# Several values per word cover its range (a "blue" sea and a "blue" sky differ).
COLOUR_WORDS: dict[str, tuple[str, ...]] = {
    "red": ("#c62828", "#e53935", "#a31515"),
    "crimson": ("#a3142e",),
    "scarlet": ("#e0301e",),
    "orange": ("#ef7d1a", "#f39c3b"),
    "amber": ("#f0a020",),
    "yellow": ("#f5d327", "#f2e05a"),
    "gold": ("#d4a52a", "#e6b422"),
    "golden": ("#d4a52a", "#e6b422"),
    "ochre": ("#c8902c",),
    "mustard": ("#d1a418",),
    "honey": ("#e8a838",),
    "green": ("#3f8f3a", "#6aa84f", "#2e6b30"),
    "emerald": ("#1f8a5b",),
    "olive": ("#7a7a32",),
    "lime": ("#9acd32",),
    "mint": ("#9fd8b4",),
    "teal": ("#1f7f7f",),
    "turquoise": ("#30c0b8",),
    "cyan": ("#2cc4d8",),
    "blue": ("#2f5fb3", "#4a86c8", "#1d3f7a"),
    "azure": ("#4f9ee0",),
    "navy": ("#1b2a55",),
    "indigo": ("#3a2f80",),
    "violet": ("#7f4fb8",),
    "purple": ("#6a3d9a", "#8a4fa8"),
    "lavender": ("#a58fcf", "#b9a6dc"),
    "lilac": ("#c3a3d4",),
    "magenta": ("#c0308f",),
    "pink": ("#eb8fb0", "#f2b5c8"),
    "peach": ("#f6b78f",),
    "rose": ("#d9607e",),
    "brown": ("#6d4526", "#8b5a2b"),
    "sepia": ("#704214",),
    "rust": ("#a0451f",),
    "beige": ("#e0d2b0",),
    "cream": ("#f3ead2",),
    "tan": ("#c8a878",),
    "white": ("#f7f7f7",),
    "ivory": ("#f6f1e0",),
    "grey": ("#808080", "#a6a6a6", "#5c5c5c"),
    "gray": ("#808080", "#a6a6a6", "#5c5c5c"),
    "silver": ("#b8bcc2",),
    "black": ("#141414",),
}

# Things whose colour people take for granted; used when a prompt names no colour
# (an implied colour counts half as much as a named one).
IMPLIED_COLOURS: dict[str, tuple[str, ...]] = {
    "sea": ("blue", "teal"), "ocean": ("blue", "teal"), "lake": ("blue",), "river": ("blue",),
    "pond": ("green", "blue"), "water": ("blue", "teal"), "waves": ("blue", "teal"), "sky": ("blue", "azure"),
    "forest": ("green",), "pine": ("green",), "pines": ("green",), "tree": ("green", "brown"),
    "trees": ("green", "brown"), "grass": ("green",), "meadow": ("green",), "leaves": ("green",),
    "jungle": ("green",), "moss": ("green",), "fern": ("green",), "bamboo": ("green",),
    "sunset": ("orange", "pink", "purple"), "sunrise": ("orange", "yellow", "pink"), "dusk": ("purple", "orange"),
    "dawn": ("pink", "orange"), "fire": ("orange", "red"), "flame": ("orange", "red"),
    "night": ("navy", "black"), "midnight": ("navy", "black"), "starry": ("navy", "yellow"),
    "snow": ("white",), "snowy": ("white",), "winter": ("white", "azure"), "ice": ("white", "azure"),
    "desert": ("tan", "ochre"), "dunes": ("tan", "ochre"), "sand": ("tan", "beige"),
    "autumn": ("orange", "red", "brown"), "fall": ("orange", "brown"),
    "rose": ("red", "pink"), "roses": ("red", "pink"), "poppy": ("red",), "poppies": ("red",),
    "tulip": ("red", "yellow"), "tulips": ("red", "yellow", "pink"), "cherry": ("pink",), "blossom": ("pink",),
    "sunflower": ("yellow",), "sunflowers": ("yellow",), "lemon": ("yellow",), "lemons": ("yellow",),
    "lavender": ("lavender", "purple"), "wheat": ("gold",), "flamingo": ("pink",), "ladybug": ("red", "black"),
    "branch": ("brown",), "branches": ("brown",), "trunk": ("brown",), "apple": ("red", "green"),
    "apples": ("red", "green"), "pear": ("green", "yellow"), "pears": ("green", "yellow"),
    "grapes": ("purple", "green"),
    "clouds": ("white", "grey"), "cloud": ("white", "grey"), "storm": ("grey",), "stormy": ("grey",),
    "sun": ("yellow", "orange"), "moon": ("cream", "silver"), "koi": ("orange", "white"),
    "charcoal": ("black", "grey"), "ink": ("black",), "pencil": ("grey",), "graphite": ("grey",),
}


def colour_word(word: str) -> str | None:
    """The colour a word names, also in its plural and -ish forms ("blues", "greens", "reddish", "greyish")."""
    if word in COLOUR_WORDS:
        return word
    for suffix, extra in (("s", ""), ("es", ""), ("ish", ""), ("dish", ""), ("ish", "e")):
        if word.endswith(suffix) and word[: -len(suffix)] + extra in COLOUR_WORDS:
            return word[: -len(suffix)] + extra
    return None


@lru_cache(maxsize=None)
def colour_refs(word: str) -> np.ndarray:
    """The Lab values (k, 3) of a colour word."""
    return np.stack([hex_to_lab(h) for h in COLOUR_WORDS[word]])


# Words that name a colour and also a thing of its own colour: "a single white rose" is a white flower, not a
# pink one. They name the colour only beside another colour ("yellow, teal and rose", "rose gold").
COLOUR_OR_THING = frozenset({"rose"})
_LIST_JOINS = ("and", "or")


def colours_in(words: list[str]) -> list[str | None]:
    """The colour each word of a prompt names, read in context (`colour_word` for one word alone)."""
    plain = [None if colour_word(w) in COLOUR_OR_THING else colour_word(w) for w in words]
    out = list(plain)
    for k, word in enumerate(words):
        if colour_word(word) not in COLOUR_OR_THING:
            continue
        after = plain[k + 1] if k + 1 < len(words) else None
        if after is None and k + 2 < len(words) and words[k + 1] in _LIST_JOINS:
            after = plain[k + 2]
        before = plain[k - 2] if k >= 2 and words[k - 1] in _LIST_JOINS else None
        if after or before:
            out[k] = colour_word(word)
    return out


def implied_colours(words: list[str]) -> list[tuple[str, ...]]:
    """The colours each word implies (sea -> blue), none where a colour word qualifies it: a white rose
    implies no pink, a green apple no red."""
    named = colours_in(words)
    return [() if k > 0 and named[k - 1] else IMPLIED_COLOURS.get(w, ()) for k, w in enumerate(words)]
