"""Reading the prompt: colour helpers, the words that choose a template, its palette and brushes (`PromptContext`),
and the nouns that name each palette role."""

from __future__ import annotations

import math
import random
import re
from functools import lru_cache

from paint_pipeline.brush_api import ALLOWED_BRUSHES
from paint_pipeline.colour import COLOUR_WORDS, colours_in, delta_e, hex_to_lab, implied_colours
from paint_pipeline.warm_start.procedural.writing import num

# --------------------------------------------------------------------------------------------------
# Colour helpers


def _rgb(h: str) -> tuple[int, int, int]:
    return int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16)


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(c))) for c in rgb)


def _mix(a: str, b: str, t: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return _hex([x + (y - x) * t for x, y in zip(ra, rb)])


def shade(h: str, t: float) -> str:
    """Lighter (t > 0) or darker (t < 0) by mixing with white or black."""
    return _mix(h, "#ffffff" if t > 0 else "#000000", abs(t))


@lru_cache(maxsize=None)
def _lab(h: str):
    return hex_to_lab(h)


def _de(a: str, b: str) -> float:
    return float(delta_e(_lab(a), _lab(b)))


def _chroma(h: str) -> float:
    lab = _lab(h)
    return math.hypot(float(lab[1]), float(lab[2]))


def lightness(h: str) -> float:
    return float(_lab(h)[0])


def _mute(h: str, chroma: float = 7.0) -> str:
    """The colour with its chroma brought down to about `chroma` (0: a grey of the same lightness)."""
    c = _chroma(h)
    if c <= chroma:
        return h
    r, g, b = _rgb(h)
    y = 0.299 * r + 0.587 * g + 0.114 * b
    k = chroma / c
    return _hex([y + (v - y) * k for v in (r, g, b)])


# --------------------------------------------------------------------------------------------------
# Reading the prompt

_MEDIA = (  # (words, brushes), first match wins for the main stroke brush
    (("colored pencil", "coloured pencil", "colour pencil", "color pencil"), ("cpencil",)),
    (("oil pastel", "pastel", "pastels", "chalk", "chalky"), ("pastel",)),
    (("crayon", "crayons"), ("crayon",)),
    (("charcoal",), ("charcoal",)),
    (("marker", "markers", "felt"), ("marker",)),
    (("spray",), ("spray",)),
    (("graphite", "pencil", "pencils"), ("2B", "HB")),
    (("ink", "pen", "inks", "sumi"), ("pen", "rotring")),
    (("watercolor", "watercolour", "wash", "washes"), ("HB", "pen")),
)
_MONO = ("charcoal", "graphite", "pencil", "ink", "monochrome", "black and white", "sepia", "sumi")
_SYNONYM = {"gray": "grey", "golden": "gold"}


def split_words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _has_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", text) is not None


class PromptContext:
    """Everything a template needs: the prompt's words, colours and media, and the random source."""

    def __init__(self, prompt: str, rng: random.Random) -> None:
        self.prompt = prompt
        self.rng = rng
        self.text = prompt.lower()
        self.words = split_words(prompt)
        self.wordset = set(self.words)
        self.colours = colours_in(self.words)  # "greens" names green; "a white rose" names no pink
        named: list[str] = []
        for c in self.colours:
            if c and c not in named:
                named.append(c)
        # Colours implied by a medium ("ink" -> black) colour the lines, not the areas, unless the medium is
        # monochrome and nothing else is asked for.
        media_words = {"charcoal", "ink", "pencil", "graphite"}
        implied: list[str] = []
        line_colours: list[str] = []
        for w, implies in zip(self.words, implied_colours(self.words)):
            for c in implies:
                bucket = line_colours if w in media_words else implied
                if c not in named and c not in bucket:
                    bucket.append(c)
        self.named = named
        chromatic_named = [w for w in named if _chroma(COLOUR_WORDS[w][0]) > 12]
        mono_text = re.sub(r"colou?red pencils?", "", self.text)
        colour_media = ("watercolor", "watercolour", "wash", "pastel", "pastels", "crayon", "marker", "spray",
                        "colored", "coloured", "oil", "gouache")
        self.mono = (any(_has_phrase(mono_text, m) for m in _MONO) and not chromatic_named
                     and not any(_has_phrase(self.text, m) for m in colour_media))
        if self.mono:  # a charcoal oak is grey, not green
            implied = [c for c in implied if _chroma(COLOUR_WORDS[c][0]) < 12]
            implied += [c for c in line_colours if c not in implied]
        self.implied = implied
        self.targets = named + implied
        self.line_colour = COLOUR_WORDS[line_colours[0]][0] if line_colours else None
        self.media: list[str] = []
        for phrases, brushes in _MEDIA:
            if any(_has_phrase(self.text, p) for p in phrases):
                self.media.extend(b for b in brushes if b not in self.media)
        # Paper: "white crayon on black paper", "on blue paper".
        self.paper_word = None
        m = re.search(r"\bon (?:[a-z]+ )?([a-z]+) paper\b", self.text)
        if m and m.group(1) in COLOUR_WORDS:
            self.paper_word = _SYNONYM.get(m.group(1), m.group(1))
        self.extra: list[str] = []

    # --- words ---
    def has(self, *words: str) -> bool:
        return any(w in self.wordset if " " not in w and "-" not in w else _has_phrase(self.text, w) for w in words)

    # --- numbers ---
    def i(self, lo: int, hi: int, step: int = 1) -> int:
        return self.rng.randrange(lo, hi + 1, step)

    def f(self, lo: float, hi: float, nd: int = 1) -> str:
        return num(round(self.rng.uniform(lo, hi), nd))

    def pick(self, seq):
        return self.rng.choice(list(seq))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # --- brushes ---
    def brushes(self, *defaults: str, n: int = 2) -> list[str]:
        """Stroke brushes: the prompt's media first, then the template's defaults."""
        out: list[str] = []
        for b in [*self.media, *defaults]:
            if b not in out:
                out.append(b)
        return out[:n]

    def other(self, avoid, *choices: str) -> str:
        """A brush from `choices` that is not in `avoid` (so a sketch always uses two brushes or more)."""
        avoid = {avoid} if isinstance(avoid, str) else set(avoid)
        ok = [c for c in choices if c not in avoid] or [b for b in ALLOWED_BRUSHES if b not in avoid and b != "spray"]
        return self.pick(ok)

    # --- colours ---
    def paper(self, dark: bool = False) -> str:
        if self.paper_word:
            return COLOUR_WORDS[self.paper_word][0]
        if dark:
            if "black" in self.named or self.mono:
                return self.pick(["#141414", "#1c1c1c", "#222222"])
            if "navy" in self.targets:
                return "#1b2a55"
            return self.pick(["#141a2e", "#10172a", "#1a1f33", "#151525"])
        return self.pick(["#f4efe4", "#f6f1e7", "#efe9dc", "#f8f4ec", "#f3eee2", "#faf6ee"])

    def fixed(self, h: str) -> str:
        """A colour a template always uses (a moon, bubbles), greyed for a monochrome medium."""
        return _mute(h, 0.0) if self.mono else h

    def ink(self, paper: str) -> str:
        if lightness(paper) < 45:
            return self.pick(["#f3ead2", "#efe9dc", "#f6f1e0"])
        if self.line_colour:
            return self.line_colour
        return self.pick(["#2b2622", "#222222", "#2e2a33", "#1f1d1a"])

    def palette(self, roles: dict[str, tuple]) -> dict[str, str]:
        """Colours for a template's roles, listed in order of painted area.

        Each role is (default colours, kind[, nouns]); kind is "big" (a large area), "free" (an area that may take
        any colour: petals, shapes, cells) or "small" (an accent); nouns are prompt words the role paints. A
        prompt colour goes, in this order, to the role of the noun it qualifies ("green pond"), to a role whose
        default already has that colour, or to the closest role (free roles take any colour); a named colour
        that fits no role joins `self.extra`, which templates add to the choices of their free roles. The other
        colourful roles are pulled to a shade of a nearby prompt colour or muted, so most of the painted colour
        is colour the prompt asked for.
        """
        rng = self.rng
        roles = {name: spec for name, spec in roles.items() if spec}  # None: a role this variant does not paint
        defaults = {name: rng.choice(spec[0]) for name, spec in roles.items()}
        kinds = {name: spec[1] for name, spec in roles.items()}
        nouns = {name: set(spec[2]) if len(spec) > 2 else set() for name, spec in roles.items()}
        out: dict[str, str] = {}
        targets = [w for w in self.targets if not (w == "gray" and "grey" in self.targets)]

        def give(role: str, word: str) -> None:
            out[role] = min(COLOUR_WORDS[word], key=lambda r: _de(defaults[role], r))

        done: set[str] = set()
        # 1. "green pond", "white sand": the noun after a named colour; in a compound ("white water lily") the
        # noun that qualifies the next one is passed over.
        any_noun = set().union(*nouns.values())
        for k, w in enumerate(self.colours):
            if w is None or w in done:
                continue
            for j in range(k + 1, min(k + 4, len(self.words))):
                after = self.words[j]
                if self.colours[j]:
                    break
                if j + 1 < len(self.words) and self.words[j + 1] in any_noun and after in any_noun:
                    continue
                role = next((n for n in roles if n not in out and after in nouns[n]), None)
                if role:
                    give(role, w)
                    done.add(w)
                    break
        leftovers = []
        # Named colours first, then implied ones (which only take a role that fits them well).
        for named in (True, False):
            group = [w for w in targets if (w in self.named) == named]
            # 2. A role whose default already has the colour ("brown" for a trunk).
            for w in group:
                if w in done:
                    continue
                near = [(min(_de(defaults[n], r) for r in COLOUR_WORDS[w]), n) for n in roles
                        if n not in out and not (named and kinds[n] == "small")]
                near = [x for x in near if x[0] < 15]
                if near:
                    give(min(near)[1], w)
                    done.add(w)
            # 3. The closest role; free roles take any colour.
            for w in group:
                if w in done:
                    continue
                free = [n for n in roles if n not in out]

                def cost(n: str) -> float:
                    d = min(_de(defaults[n], r) for r in COLOUR_WORDS[w])
                    if kinds[n] == "free" and named:  # an implied colour ("forest": green) is no shape's colour
                        return d * 0.3
                    if kinds[n] == "small":
                        return d + 45
                    return d if d < 60 else math.inf

                best = min(free, key=cost) if free else None
                if best is None or cost(best) == math.inf or (not named and cost(best) > 30):
                    leftovers.append(w)
                    continue
                give(best, w)
                done.add(w)
        self.extra = [COLOUR_WORDS[w][0] for w in leftovers if w in self.named]
        target_refs = [r for w in targets for r in COLOUR_WORDS[w]]
        for name in roles:
            if name in out:
                continue
            d = defaults[name]
            if self.mono:
                out[name] = _mute(d, 0.0)
            elif not target_refs or _chroma(d) < 12 or kinds[name] == "small":
                out[name] = d
            elif kinds[name] == "big" and nouns[name] & _NATURE:  # red poppies stand in green grass, not grey
                out[name] = _mute(d, 30.0)
            else:
                near = min(target_refs, key=lambda r: _de(d, r))
                if _de(d, near) < 38 and abs(lightness(d) - lightness(near)) < 20:  # keep the values apart
                    out[name] = shade(near, rng.choice([-0.15, -0.1, 0.1, 0.15]))
                else:
                    out[name] = _mute(d, 6.0)
        return out


# The nouns of each palette role: a colour word before one of them ("green pond") goes to that role.
SKY_NOUNS = ("sky", "skies", "dawn", "dusk", "paper")
WATER_NOUNS = ("sea", "ocean", "water", "waters", "pond", "lake", "river", "lagoon", "shallows", "bay", "waves", "wave",
               "stream", "canal", "pool", "pools", "whirlpool", "rapids", "surf", "marsh")
GROUND_NOUNS = ("hill", "hills", "hillside", "grass", "field", "fields", "meadow", "sand", "ground", "desert", "slopes",
                "valley", "plain", "moor", "prairie", "dunes", "shore", "beach", "snow", "stem", "stems")
FLOWER_NOUNS = ("flower", "flowers", "rose", "roses", "tulip", "tulips", "poppy", "poppies", "daisy", "daisies",
                "bloom", "blooms", "blossom", "blossoms", "petals", "peonies", "irises", "pansy", "hibiscus", "lotus",
                "marigolds", "sunflower", "petunias", "geraniums", "lavender", "sprigs", "foxgloves", "cornflowers",
                "heads", "wash")
LEAF_NOUNS = ("leaves", "leaf", "foliage", "canopy", "maples", "tree", "trees", "pine", "spruce", "bloom", "oak")
TRUNK_NOUNS = ("trunk", "trunks", "branch", "branches", "bark", "roots")
CLOUD_NOUNS = ("cloud", "clouds", "fog", "mist", "haze", "wisps", "contrails")
BUILDING_NOUNS = ("house", "houses", "cabin", "towers", "tower", "buildings", "walls", "wall", "rooftops", "barn",
                  "town", "church", "lighthouse", "windmill", "cottage", "tents", "books", "awnings")
CLOTH_NOUNS = ("cloth", "table", "tablecloth", "shelf", "plate", "curtains")
ANIMAL_NOUNS = ("cat", "rabbit", "crow", "owl", "heron", "flamingo", "fish", "koi", "goldfish", "whale", "tiger",
                "lion", "lions", "elephants", "hedgehog", "snail", "ladybug", "jellyfish", "hummingbird", "geese",
                "bird", "birds", "fox", "dog", "horse", "clownfish", "turtles", "sardines", "butterfly")
LIGHT_NOUNS = ("moon", "sun", "lantern", "lanterns", "lights", "windows", "stars", "star", "fireflies", "glow",
               "headlights", "lamp", "light", "crayon", "pastel", "pencil", "chalk", "marker", "ink", "lines",
               "strokes", "scribbles", "marks")
SHAPE_NOUNS = ("circles", "squares", "triangles", "dots", "stripes", "shapes", "cells", "tiles", "lines", "hearts",
               "rings", "blots", "splashes", "fields", "ink", "marker", "crayon", "pastel", "pencil", "scribbles",
               "check", "diamonds", "weave", "lattice", "tiling", "grid", "brushstroke", "curves", "zigzags", "mass",
               "marks", "pattern")

# Big areas whose colour nature gives (a field, the sky, the sea): they keep it beside the prompt's colours.
_NATURE = frozenset(SKY_NOUNS[:3] + WATER_NOUNS + GROUND_NOUNS + LEAF_NOUNS)

# Default colours the templates share.
SKY = ("#a9cce3", "#b9d6ea", "#9ec3e0", "#c4dcec")
GREEN = ("#6aa84f", "#5f9a45", "#7fb05a", "#4f8f3a")
DARK_GREEN = ("#2e6b30", "#3a6b35", "#2f5a2a")
WARM = ("#e6b422", "#f0a020", "#ef7d1a", "#f5d327")
BRIGHT = ("#c62828", "#2f5fb3", "#e6b422", "#3f8f3a", "#6a3d9a", "#ef7d1a", "#1f7f7f", "#d9607e")
