"""The offline alignment backend: prompt words against what is on the canvas, no weights needed.

Colour words of the prompt ("a *crimson* poppy field") and the colours things
usually have ("sea" -> blue, teal) are looked for in the image's CIELAB
pixels: each colour earns credit for the fraction of the canvas within
`colour_match_delta_e` of it, full credit at `colour_full_fraction`. Shape
words ("moon", "stripes", "skyline", "waves", "horizon") are checked against
what was drawn: the p5.brush primitives that ran and the orientation of the
image's edges. It is a coarse judge (it cannot tell a cat from a dog) but it is
honest about it: the scorecard names this backend, and a prompt with no
colour or shape word it knows gets a neutral 0.5.
"""

from __future__ import annotations

import re

import numpy as np

from paint_pipeline.colour import colour_refs, colours_in, delta_e, implied_colours
from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures

BACKEND_NAME = "offline-palette-shape-v1"
NEUTRAL = 0.5
IMPLIED_WEIGHT = 0.5
COLOUR_SHARE_WITH_SHAPES = 0.7


def _calls(render: RenderResult, *names: str) -> int:
    """p5.brush calls of these names that left marks in the final image (a call off the canvas draws no shape)."""
    marks = render.brush_marks or {}
    return sum(n for k, n in marks.items() if k in names or k.split(".")[0] in names)


def _orientation_share(features: ImageFeatures) -> tuple[float, float]:
    """Share of gradient energy across rows (horizontal edges) and across columns (vertical edges)."""
    g = features.grey
    gx = g[:, 2:] - g[:, :-2]
    gy = g[2:] - g[:-2]
    ex, ey = float((gx * gx).sum()), float((gy * gy).sum())
    total = ex + ey
    if total < 1e-6:
        return 0.0, 0.0
    return ey / total, ex / total


# Shape word -> (what it needs, a test of the render and the image).
SHAPE_EVIDENCE = {
    "round": ("a circle or arc", lambda r, f: _calls(r, "circle", "arc") > 0),
    "linear": ("lines or hatching", lambda r, f: _calls(r, "line", "flowLine", "hatchArray")
               + r.brush_mark_kinds.get("hatch", 0) > 0),
    "angular": ("rects or polygons", lambda r, f: _calls(r, "rect", "polygon", "Polygon", "endShape") > 0),
    "flowing": ("flow lines, splines or strokes", lambda r, f: _calls(r, "flowLine", "spline", "endStroke") > 0),
    "horizontal": ("mostly horizontal structure", lambda r, f: _orientation_share(f)[0] > 0.55),
    "vertical": ("mostly vertical structure", lambda r, f: _orientation_share(f)[1] > 0.55),
}
SHAPE_WORDS = {
    **dict.fromkeys(("circle", "circles", "round", "sun", "moon", "dots", "dot", "bubbles", "ring", "rings",
                     "orb", "planet", "planets", "spiral", "mandala", "wheel", "apple", "apples", "ball"), "round"),
    **dict.fromkeys(("line", "lines", "stripes", "striped", "rays", "rain", "grass", "reeds", "hatched",
                     "hatching", "grid", "rows"), "linear"),
    **dict.fromkeys(("square", "squares", "rectangle", "rectangles", "block", "blocks", "building", "buildings",
                     "city", "skyline", "house", "houses", "window", "windows", "cube", "cubes", "triangle",
                     "triangles", "mondrian", "bauhaus", "village", "tiles"), "angular"),
    **dict.fromkeys(("wave", "waves", "swirl", "swirls", "swirling", "wind", "flow", "flowing", "ribbons",
                     "curves", "curved", "current", "currents", "eddies", "smoke", "clouds"), "flowing"),
    **dict.fromkeys(("horizon", "landscape", "lake", "sea", "ocean", "desert", "dunes", "plains", "prairie",
                     "shore", "beach", "field", "fields"), "horizontal"),
    **dict.fromkeys(("tower", "towers", "trees", "forest", "bamboo", "columns", "waterfall", "lighthouse",
                     "skyscrapers", "birch"), "vertical"),
}


def prompt_words(prompt: str) -> list[str]:
    return re.findall(r"[a-z]+", prompt.lower())


COLOURED_MEDIUM = re.compile(r"\bcolou?r(?:ed)?[ -]pencils?\b")


def colour_targets(prompt: str) -> dict[str, float]:
    """Colour words the image should contain, with their weight (named 1.0, implied 0.5).

    "coloured pencil" is a medium, not a grey: it implies no colour (and is not monochrome, `aesthetic.py`); "a
    white rose" names white and implies no pink (`colours_in`).
    """
    text = COLOURED_MEDIUM.sub(" ", prompt.lower())
    words = prompt_words(text)
    targets: dict[str, float] = {named: 1.0 for named in colours_in(words) if named is not None}
    for implied in implied_colours(words):
        for colour in implied:
            targets.setdefault(colour, IMPLIED_WEIGHT)
    if "gray" in targets and "grey" in targets:
        del targets["gray"]
    return targets


CHROMATIC = 12.0  # CIELAB chroma above which a pixel has a colour (below: greys, black, white, paper)
CHROMA_SHARE = 0.5  # a pixel matches a coloured word only with at least this share of the word's chroma
PALE = 20.0  # words whose references are paler than this chroma (white, cream, ivory, beige, greys) match by ΔE


def colour_matches(features: ImageFeatures, colour: str, config: RewardConfig) -> np.ndarray:
    """Which pixels (every 4th, flattened: a fraction needs no more) show the colour word.

    Within `colour_match_delta_e` of one of the word's references, and, for a coloured word, with at least
    half its chroma: a grey tinted towards teal is not teal (CIE76 alone lets dull greys match dark and
    pale colours). Pale words (cream, ivory, beige, white, greys) match by distance alone.
    """
    refs = colour_refs(colour)
    lab = features.lab[::2, ::2].reshape(-1, 3)
    near = delta_e(lab[:, None, :], refs[None, :, :]) < config.colour_match_delta_e
    ref_chroma = np.hypot(refs[:, 1], refs[:, 2])
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    coloured_enough = (ref_chroma[None, :] < PALE) | (chroma[:, None] >= CHROMA_SHARE * ref_chroma[None, :])
    return (near & coloured_enough).any(axis=1)


class OfflineAlignment:
    name = BACKEND_NAME

    def __init__(self, config: RewardConfig) -> None:
        self.config = config

    def score_one(self, prompt: str, render: RenderResult, features: ImageFeatures) -> tuple[float, str]:
        cfg = self.config
        colours = colour_targets(prompt)
        colour_score = None
        colour_notes = []
        if colours:
            # Recall: is each asked-for colour there? Precision: are the painted colours ones the prompt
            # asked for? (Greys and paper tones are neutral.) A canvas of every colour matches every
            # colour word, so recall alone would reward it.
            # Recall counts painted pixels: the paper earns its colour word half credit at most (choosing a
            # cream paper for "cream paper" is honest; a bare canvas matching "white" is not a painting).
            got = 0.0
            painted = features.painted[::2, ::2].ravel()
            any_target = np.zeros(painted.shape, dtype=bool)
            for colour, weight in colours.items():
                near = colour_matches(features, colour, cfg)
                any_target |= near
                fraction = float((near & painted).mean())
                credit = min(1.0, fraction / cfg.colour_full_fraction)
                paper = float((near & ~painted).mean()) if features.background_lab is not None else 0.0
                if paper > 0.5:
                    credit = max(credit, 0.5)
                got += weight * credit
                colour_notes.append(f"{colour} {fraction:.0%}{' (paper)' if paper > 0.5 else ''}"
                                    f"{'' if weight == 1.0 else ' (implied)'}")
            recall = got / sum(colours.values())
            sub_lab = features.lab[::2, ::2].reshape(-1, 3)
            chromatic = (np.hypot(sub_lab[:, 1], sub_lab[:, 2]) > CHROMATIC) & painted
            precision = float(any_target[chromatic].mean()) if chromatic.any() else 1.0
            colour_score = 2 * recall * precision / (recall + precision) if recall + precision > 0 else 0.0
            colour_notes.append(f"asked-for share of painted colour {precision:.0%}")
        kinds = sorted({SHAPE_WORDS[w] for w in prompt_words(prompt) if w in SHAPE_WORDS})
        shape_score = None
        shape_notes = []
        if kinds:
            met = []
            for kind in kinds:
                need, test = SHAPE_EVIDENCE[kind]
                ok = bool(test(render, features))
                met.append(ok)
                shape_notes.append(f"{need} {'yes' if ok else 'no'}")
            shape_score = sum(met) / len(met)
        if colour_score is None and shape_score is None:
            return NEUTRAL, "no colour or shape word of the prompt is known to the offline backend: neutral 0.5"
        if colour_score is not None and shape_score is not None:
            score = COLOUR_SHARE_WITH_SHAPES * colour_score + (1 - COLOUR_SHARE_WITH_SHAPES) * shape_score
        else:
            score = colour_score if colour_score is not None else shape_score
        parts = []
        if colour_score is not None:
            parts.append(f"colours {colour_score:.2f} ({', '.join(colour_notes)})")
        if shape_score is not None:
            parts.append(f"shapes {shape_score:.2f} ({', '.join(shape_notes)})")
        return float(score), "; ".join(parts)

    def score(self, prompts, renders, features, images) -> list[tuple[float, str, None]]:
        """(score, explanation, image embedding) per image; this backend has no embeddings."""
        return [(*self.score_one(p, r, f), None) for p, r, f in zip(prompts, renders, features)]
