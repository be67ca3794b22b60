"""Procedural p5.brush sketches for a prompt: a supervised warm-start corpus for the policy.

`generate_sketch(prompt, category, seed)` writes a short, readable p5.js 2.x +
p5.brush 2.2.2 sketch (600x600 WEBGL canvas, everything painted in `setup()`)
that paints the prompt with one of a few composition templates per category.
The output is deterministic in (prompt, category, seed); the seed varies
positions, counts, palettes, brushes and sub-variants.

Conditioning on the prompt:
- template: the prompt's category (the `category` of data/prompts/*.jsonl:
  abstract, animal, flower, geometric, landscape, night, pattern, scene, sky,
  tree, water, weather), refined by keywords (a scene with apples is a still
  life, an animal that swims is a fish); without a category, keywords alone;
- palette: colour words of the prompt ("red", "golden", ...) and the colours
  things imply ("sea" -> blue, teal; `reward.colour`) replace the template's
  default colours role by role: a colour goes to the role of the noun it
  qualifies ("green pond"), else to the role whose default is closest (see
  `_Ctx.palette`); the colours a prompt names always appear as hex literals.
  Other colourful areas fall back to a shade of a prompt colour or to a
  muted version of their default, so the painted colour stays on the prompt's
  palette; monochrome media (charcoal, graphite, ink, ... with no colour
  medium or colour word) are painted in greys; "on black paper" sets the paper;
- brushes: the medium words (crayon, pastel, marker, ink, pencil, charcoal,
  watercolour, spray paint) choose the stroke brushes;
- shape words: "horizon"-like prompts get horizontal strokes, forests
  vertical ones, and so on.

Known p5.brush 2.2.2 behaviour the templates respect (docs/p5brush_pitfalls.md):
`brush.fill` is translucent, so large areas of a named colour are laid with
`brush.wash` and glazed with a watercolour `brush.fill`; a group of washes is
always closed by a `brush.fill` before the next stroke, because a wash that
follows another fill or wash is dropped when a stroke comes right after it.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from functools import lru_cache
from typing import Callable

from paint_pipeline.reward.colour import COLOUR_WORDS, IMPLIED_COLOURS, delta_e, hex_to_lab

__all__ = ["ALLOWED_API", "ALLOWED_BRUSHES", "ALLOWED_FIELDS", "CATEGORIES", "corpus", "generate_sketch",
           "template_for"]

ALLOWED_API = (
    "set", "pick", "stroke", "strokeWeight", "noStroke", "line", "flowLine", "spline", "rect", "circle", "arc",
    "polygon", "beginShape", "vertex", "endShape", "fill", "fillBleed", "fillTexture", "noFill", "wash", "noWash",
    "hatch", "hatchStyle", "noHatch", "field", "noField", "scaleBrushes",
)
ALLOWED_BRUSHES = ("pen", "rotring", "2B", "HB", "2H", "cpencil", "pastel", "crayon", "charcoal", "spray", "marker")
ALLOWED_FIELDS = ("hand", "curved", "zigzag", "waves", "seabed", "spiral", "columns")
CATEGORIES = ("abstract", "animal", "flower", "geometric", "landscape", "night", "pattern", "scene", "sky", "tree",
              "water", "weather")

# --------------------------------------------------------------------------------------------------
# Colour helpers


def _rgb(h: str) -> tuple[int, int, int]:
    return int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16)


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(c))) for c in rgb)


def _mix(a: str, b: str, t: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return _hex([x + (y - x) * t for x, y in zip(ra, rb)])


def _shade(h: str, t: float) -> str:
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


def _lightness(h: str) -> float:
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


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _has_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", text) is not None


class _Ctx:
    """Everything a template needs: the prompt's words, colours and media, and the random source."""

    def __init__(self, prompt: str, rng: random.Random) -> None:
        self.prompt = prompt
        self.rng = rng
        self.text = prompt.lower()
        self.words = _words(prompt)
        self.wordset = set(self.words)
        named: list[str] = []
        for w in self.words:
            if w in COLOUR_WORDS and w not in named:
                named.append(w)
        # Colours implied by a medium ("ink" -> black) colour the lines, not the areas, unless the medium is
        # monochrome and nothing else is asked for.
        media_words = {"charcoal", "ink", "pencil", "graphite"}
        implied: list[str] = []
        line_colours: list[str] = []
        for w in self.words:
            for c in IMPLIED_COLOURS.get(w, ()):
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
        return _n(round(self.rng.uniform(lo, hi), nd))

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
        if _lightness(paper) < 45:
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
        # 1. "green pond", "white sand": the noun after a named colour.
        for k, w in enumerate(self.words):
            if w not in self.named or w in done:
                continue
            for after in self.words[k + 1:k + 4]:
                if after in COLOUR_WORDS:
                    break
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
                    if kinds[n] == "free":
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
            else:
                near = min(target_refs, key=lambda r: _de(d, r))
                if _de(d, near) < 38 and abs(_lightness(d) - _lightness(near)) < 20:  # keep the values apart
                    out[name] = _shade(near, rng.choice([-0.15, -0.1, 0.1, 0.15]))
                else:
                    out[name] = _mute(d, 6.0)
        return out


# --------------------------------------------------------------------------------------------------
# Writing JavaScript


def _n(x: float) -> str:
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _q(h: str) -> str:
    return f"'{h}'"


def _arr(items) -> str:
    return "[" + ", ".join(_q(i) for i in items) + "]"


def _pts(points) -> str:
    return "[" + ", ".join(f"[{_n(x)}, {_n(y)}]" for x, y in points) + "]"


class _Js:
    def __init__(self, title: str) -> None:
        self.lines = [f"// {title}", "function setup() {"]
        self.depth = 1

    def __call__(self, *lines: str) -> None:
        for line in lines:
            self.lines.append("  " * self.depth + line)

    def section(self, text: str) -> None:
        self.lines.append("")
        self(f"// {text}")

    def open(self, header: str) -> None:
        self(header + " {")
        self.depth += 1

    def close(self) -> None:
        self.depth -= 1
        self("}")

    def start(self, paper: str) -> None:
        self("createCanvas(600, 600, WEBGL);", f"background({_q(paper)});", "brush.scaleBrushes(3);")

    def code(self) -> str:
        while self.depth > 0:
            self.close()
        return "\n".join(self.lines) + "\n"


def _title(prompt: str) -> str:
    text = " ".join(prompt.replace("*/", "").split())
    text = "".join(ch for ch in text if ch.isprintable())
    return text[:110] if text else "a painting"


def _glaze(js: _Js, colour: str, x: int, y: int, w: int, h: int, opacity: int = 150) -> None:
    """Close a group of washes with a watercolour glaze (see the module docstring)."""
    js("brush.noWash();", "brush.fillTexture(0.5, 0.3);", f"brush.fill({_q(colour)}, {opacity});",
       f"brush.rect({x}, {y}, {w}, {h});", "brush.noFill();")


def _hills(ctx: _Ctx, base: int, amp: int, n: int, jag: bool = False) -> list[tuple[int, int]]:
    xs = [round(-300 + 600 * k / (n - 1)) for k in range(n)]
    pts = []
    for x in xs:
        y = base - ctx.i(0, amp)
        if jag and len(pts) % 2 == 1:
            y = base - ctx.i(amp // 2, amp + amp // 2)
        pts.append((x, y))
    return pts


def _shape(js: _Js, name: str, curvature: float) -> None:
    js(f"brush.beginShape({_n(curvature)});", f"for (const [x, y] of {name}) brush.vertex(x, y);",
       "brush.endShape(true);")


# --------------------------------------------------------------------------------------------------
# Templates. Each writes one sketch into `js`.

_N_SKY = ("sky", "skies", "dawn", "dusk", "paper")
_N_WATER = ("sea", "ocean", "water", "waters", "pond", "lake", "river", "lagoon", "shallows", "bay", "waves", "wave",
            "stream", "canal", "pool", "pools", "whirlpool", "rapids", "surf", "marsh")
_N_GROUND = ("hill", "hills", "hillside", "grass", "field", "fields", "meadow", "sand", "ground", "desert", "slopes",
             "valley", "plain", "moor", "prairie", "dunes", "shore", "beach", "snow", "stem", "stems")
_N_FLOWER = ("flower", "flowers", "rose", "roses", "tulip", "tulips", "poppy", "poppies", "daisy", "daisies", "bloom",
             "blooms", "blossom", "blossoms", "petals", "peonies", "irises", "pansy", "hibiscus", "lotus", "marigolds",
             "sunflower", "petunias", "geraniums", "lavender", "sprigs", "foxgloves", "cornflowers", "heads", "wash")
_N_LEAF = ("leaves", "leaf", "foliage", "canopy", "maples", "tree", "trees", "pine", "spruce", "bloom", "oak")
_N_TRUNK = ("trunk", "trunks", "branch", "branches", "bark", "roots")
_N_CLOUD = ("cloud", "clouds", "fog", "mist", "haze", "wisps", "contrails")
_N_BUILDING = ("house", "houses", "cabin", "towers", "tower", "buildings", "walls", "wall", "rooftops", "barn", "town",
               "church", "lighthouse", "windmill", "cottage", "tents", "books", "awnings")
_N_CLOTH = ("cloth", "table", "tablecloth", "shelf", "plate", "curtains")
_N_ANIMAL = ("cat", "rabbit", "crow", "owl", "heron", "flamingo", "fish", "koi", "goldfish", "whale", "tiger", "lion",
             "lions", "elephants", "hedgehog", "snail", "ladybug", "jellyfish", "hummingbird", "geese", "bird", "birds",
             "fox", "dog", "horse", "clownfish", "turtles", "sardines", "butterfly")
_N_LIGHT = ("moon", "sun", "lantern", "lanterns", "lights", "windows", "stars", "star", "fireflies", "glow",
            "headlights", "lamp", "light", "crayon", "pastel", "pencil", "chalk", "marker", "ink", "lines", "strokes",
            "scribbles", "marks")
_N_SHAPE = ("circles", "squares", "triangles", "dots", "stripes", "shapes", "cells", "tiles", "lines", "hearts",
            "rings",
            "blots", "splashes", "fields", "ink", "marker", "crayon", "pastel", "pencil", "scribbles", "check",
            "diamonds", "weave", "lattice", "tiling", "grid", "brushstroke", "curves", "zigzags", "mass", "marks",
            "pattern")

_SKY = ("#a9cce3", "#b9d6ea", "#9ec3e0", "#c4dcec")
_GREEN = ("#6aa84f", "#5f9a45", "#7fb05a", "#4f8f3a")
_DARK_GREEN = ("#2e6b30", "#3a6b35", "#2f5a2a")
_WARM = ("#e6b422", "#f0a020", "#ef7d1a", "#f5d327")
_BRIGHT = ("#c62828", "#2f5fb3", "#e6b422", "#3f8f3a", "#6a3d9a", "#ef7d1a", "#1f7f7f", "#d9607e")


def _landscape(js: _Js, ctx: _Ctx) -> None:
    mountains = ctx.has("mountain", "mountains", "peak", "peaks", "alpine", "volcano", "cliff", "cliffs", "canyon",
                        "fjord", "glacier", "rock", "slopes")
    rows = ctx.has("field", "fields", "wheat", "prairie", "lavender", "tea", "rice", "terraced", "plantation",
                   "horizon", "tundra", "savanna", "moor", "heather", "flat") or ctx.chance(0.25)
    sun = ctx.chance(0.6) or ctx.has("sun", "sunlit", "sunrise", "sunset", "dusk", "golden", "hour")
    pal = ctx.palette({
        "sky": (_SKY, "big", _N_SKY),
        "near": (_GREEN + ("#c8a878",), "big", _N_GROUND),
        "far": (("#8aa97a", "#9bb38a", "#7d92a8", "#a9b8c6") if not mountains else ("#7d8ea3", "#8a8f9c", "#9a8c84"),
                "big"),
        "band": (("#a58fcf", "#e6b422", "#d9607e", "#c8902c", "#9acd32"), "free", _N_BUILDING + ("lavender", "wheat",
                                                                                                 "heather", "rice",
                                                                                                 "tea", "flowers",
                                                                                                 "wildflowers")),
        "sun": (_WARM, "small", ("sun",)) if sun else None,
        "dark": (_DARK_GREEN, "small"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring", "charcoal")
    horizon = ctx.i(-60, 20, 10)
    js.start(paper)
    js.section("Sky, far hills and fields")
    js(f"const far = {_pts(_hills(ctx, horizon, 140 if mountains else 100, ctx.i(4, 6), jag=mountains))};")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    if sun:
        js(f"brush.wash({_q(pal['sun'])}, 255);",
           f"brush.circle({ctx.i(-180, 180, 10)}, {horizon - ctx.i(150, 200, 10)}, {ctx.i(30, 50, 5)});")
    js(f"brush.wash({_q(pal['far'])}, 255);")
    _shape(js, "[[-300, 300], ...far, [300, 300]]", 0.1 if mountains else 0.6)
    y = horizon + ctx.i(20, 40, 10)
    for c in [pal["band"], *ctx.extra, pal["near"]]:
        edge = [(x, y + ctx.i(-30, 30)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({_q(c)}, 255);", f"brush.polygon({_pts([(-300, 300), *edge, (300, 300)])});")
        y += ctx.i(40, 60, 10)
    near_y = y - 50
    js("brush.noWash();", "brush.fillTexture(0.5, 0.3);",
       f"brush.fill({_q(_shade(pal['near'], -0.2))}, {ctx.i(120, 170, 10)});",
       f"brush.circle({ctx.i(-150, 150, 10)}, 300, {ctx.i(180, 260, 10)});", "brush.noFill();")
    js.section("Furrows and tufts" if rows else "Grass")
    cols = [pal["dark"], _shade(pal["near"], -0.3), _shade(pal["band"], -0.2)]
    js.open(f"for (let i = 0; i < {ctx.i(50, 90, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({horizon + 20}, 290);")
    js(f"brush.set(random({_arr(main)}), random({_arr(cols)}), random(1, 2));")
    if rows:
        js(f"if (random() < {ctx.f(0.25, 0.4)}) brush.line(x, y, x + random(20, 60), y + random(-4, 4));")
        js("else brush.line(x, y, x + random(-8, 8), y - random(10, 30));")
    else:
        js("brush.line(x, y, x + random(-8, 8), y - random(10, 30));")
    js.close()
    js.section("Ridge line")
    js(f"brush.set({_q(out)}, {_q(ink)}, {ctx.f(0.8, 1.5)});", "brush.spline(far, 0.5);")
    if ctx.has("road", "roads", "path", "paths", "river", "riverbed", "stream"):
        col = pal["sky"] if ctx.has("river", "riverbed", "stream") else ink
        js(f"brush.set({_q(main[0])}, {_q(col)}, 3);",
           f"brush.spline([[{ctx.i(-80, 80)}, 300], [{ctx.i(-120, 120)}, {near_y + 60}], [{ctx.i(-40, 40)}, "
           f"{horizon + 30}]], 0.7);")
    if ctx.has("cabin", "house", "houses", "barn", "lighthouse", "windmill", "church", "cottage", "farmhouse", "hut"):
        hx, hy = ctx.i(-200, 120, 10), near_y + ctx.i(10, 50, 10)
        js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);", f"brush.fill({_q(pal['band'])}, 230);",
           f"brush.rect({hx}, {hy - 40}, 60, 40);",
           f"brush.polygon({_pts([(hx - 8, hy - 40), (hx + 30, hy - 70), (hx + 68, hy - 40)])});",
           "brush.noFill();")
    elif ctx.chance(0.5) or ctx.has("trees", "acacias", "acacia", "spruce", "boulders", "shrubs"):
        js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
        js(f"const x = random(-260, 260), y = random({near_y - 10}, {near_y + 50});")
        js(f"brush.set({_q(out)}, {_q(ink)}, 1);", "brush.line(x, y, x, y - 20);", "brush.noStroke();",
           f"brush.fill({_q(pal['dark'])}, 200);", "brush.circle(x, y - 26, random(8, 14));", "brush.noFill();")
        js.close()


def _sky(js: _Js, ctx: _Ctx) -> None:
    sun = ctx.chance(0.5) or ctx.has("sun", "sunrise", "moon", "rays", "gold", "golden")
    pal = ctx.palette({
        "high": (_SKY, "big", _N_SKY),
        "cloud": (("#f7f7f7", "#eef0f2", "#dfe3e8"), "big", _N_CLOUD),
        "low": (("#f6d186", "#f4a259", "#e9c6a5", "#eb8fb0", "#a58fcf"), "free", ("light", "band", "stripe", "glow",
                                                                                  "rainbow")),
        "low2": (("#f2b5c8", "#f39c3b", "#cfe0f5", "#e9c6a5"), "free", ("bands", "layers", "clouds")),
        "ground": (("#3b4a3f", "#4a4a3a", "#2f3e46"), "small", _N_GROUND),
        "sun": (_WARM, "small", ("sun", "moon")) if sun else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pastel", "2B")
    out = ctx.other(main, "pen", "HB", "charcoal")
    horizon = ctx.i(170, 230, 10)
    js.start(paper)
    js.section("Graded sky")
    js("brush.noStroke();", f"brush.wash({_q(pal['high'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});")
    bands = [pal["low2"], pal["low"], *ctx.extra]
    step = ctx.i(50, 80, 10)
    top = horizon - ctx.i(100, 160, 10) - step * (len(bands) - 1)
    for k, c in enumerate(bands):
        edge = [(x, top + k * step + ctx.i(-45, 45)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({_q(c)}, 255);", f"brush.polygon({_pts([(-300, horizon + 20), *edge, (300, horizon + 20)])});")
    if sun:
        js(f"brush.wash({_q(pal['sun'])}, 255);",
           f"brush.circle({ctx.i(-200, 200, 10)}, {horizon - ctx.i(30, 100, 10)}, {ctx.i(25, 45, 5)});")
    js.section("Clouds")
    js(f"brush.wash({_q(pal['cloud'])}, 255);")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js(f"const x = random(-220, 220), y = random(-240, {horizon - 140});")
    js(f"for (let k = 0; k < {ctx.i(4, 6)}; k++) brush.circle(x + random(-60, 60), y + random(-20, 20), random(20, "
       "45));")
    js.close()
    ridge = [(x, horizon - ctx.i(0, 90)) for x in (-300, -100, 100, 300)]
    js(f"brush.wash({_q(pal['ground'])}, 255);", f"brush.polygon({_pts([(-300, 300), *ridge, (300, 300)])});")
    _glaze(js, _shade(pal["high"], -0.1), -300, -300, 600, ctx.i(150, 250, 10), 120)
    js.section("Cloud edges and light")
    cols = [_shade(pal["cloud"], -0.25), _shade(pal["low"], -0.25), _shade(pal["high"], -0.35)]
    js.open(f"for (let i = 0; i < {ctx.i(20, 35, 5)}; i++)")
    js(f"const x = random(-280, 280), y = random(-280, {horizon - 40});")
    js(f"brush.set(random({_arr(main)}), random({_arr(cols)}), random(1, 2));")
    js("brush.arc(x, y, random(15, 40), random(0.5), PI - random(0.5));")
    js.close()
    if ctx.has("balloons", "balloon"):
        js.open(f"for (let i = 0; i < {ctx.i(3, 5)}; i++)")
        js(f"const x = random(-220, 220), y = random(-200, {horizon - 120});")
        js("brush.noStroke();",
           f"brush.fill(random({_arr([pal['low'], ctx.fixed('#c62828'), ctx.fixed('#e6b422')])}), 230);",
           "brush.circle(x, y, 22);", "brush.noFill();",
           f"brush.set({_q(out)}, {_q(ink)}, 1);", "brush.rect(x - 5, y + 32, 10, 8);",
           "brush.line(x - 16, y + 14, x - 5, y + 32);",
           "brush.line(x + 16, y + 14, x + 5, y + 32);")
        js.close()
    elif ctx.has("birds", "flock", "geese", "sailboat", "contrails") or ctx.chance(0.4):
        js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);")
        js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
        js("const x = random(-200, 200), y = random(-240, -60), s = random(6, 12);")
        js("brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);")
        js.close()
    else:
        js(f"brush.set({_q(out)}, {_q(ink)}, 1);", f"brush.spline({_pts(ridge)}, 0.5);")


def _water(js: _Js, ctx: _Ctx) -> None:
    pond = ctx.has("pond", "ripples", "ripple", "whirlpool", "pools", "concentric", "above", "lagoon", "shallows",
                   "pebbles", "channels")
    if pond:
        _pond(js, ctx)
        return
    berg = ctx.has("iceberg", "icebergs", "ice", "glacier")
    pal = ctx.palette({
        "sea": (("#2f5fb3", "#1f7f7f", "#4a86c8", "#2a6f78"), "big", _N_WATER),
        "sky": (_SKY, "big", _N_SKY),
        "deep": (("#1d3f7a", "#154e57", "#1b2a55"), "big"),
        "foam": (("#f3ead2", "#f7f7f7", "#e6f4f1"), "big", ("sand", "foam", "clouds", "surf", "spray")),
        "boat": (("#f7f7f7", "#e6f4f1") if berg else ("#c62828", "#f0a020", "#e6b422"), "free",
                 ("iceberg", "ice", "icebergs") if berg else ("boats", "boat", "canoe", "buoys", "gondolas",
                                                              "lighthouse")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "charcoal")
    out = ctx.other(main, "pen", "HB", "rotring")
    js.start(paper)
    horizon = ctx.i(-120, -20, 10)
    js.section("Sky and sea")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});",
       f"brush.wash({_q(pal['foam'])}, 255);",
       f"for (let i = 0; i < {ctx.i(6, 10)}; i++) brush.circle(random(-280, 280), random(-260, {horizon - 60}), "
       "random(20, 45));",
       f"brush.wash({_q(pal['sea'])}, 255);", f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
    deep = horizon + ctx.i(100, 180, 10)
    js(f"brush.wash({_q(pal['deep'])}, 255);", f"brush.rect(-300, {deep}, 600, {300 - deep});")
    if ctx.has("rocks", "rock", "rapids", "cliff", "cliffs", "pebbles", "coast", "rocky"):
        js("brush.wash('#4a4a4a', 255);")
        js(f"for (let i = 0; i < {ctx.i(4, 7)}; i++) brush.circle(random(-260, 260), random({horizon + 40}, 260), "
           "random(20, 45));")
    _glaze(js, _shade(pal["sky"], 0.3), -300, -300, 600, horizon + 280, 130)
    js.section("Waves")
    cols = [pal["foam"], _shade(pal["sea"], -0.25), _shade(pal["deep"], 0.2), *ctx.extra]
    js("brush.field('waves');")
    js.open(f"for (let i = 0; i < {ctx.i(40, 60, 10)}; i++)")
    js(f"const y = random({horizon + 10}, 290);")
    js(f"brush.set(random({_arr(main)}), random({_arr(cols)}), random(1, 2.2));")
    js("brush.flowLine(random(-340, 260), y, random(40, 140), 0);")
    js.close()
    js("brush.noField();")
    js.section("Reflections")
    js(f"brush.set({_q(main[-1])}, {_q(pal['foam'])}, 1.5);")
    js(f"for (let i = 0; i < {ctx.i(12, 20)}; i++) {{ const x = random(-280, 280), y = random({horizon + 20}, 280); "
       "brush.line(x, y, x + random(-3, 3), y + random(10, 25)); }")
    if ctx.has("bridge", "bridges"):
        bx0 = ctx.i(-150, 50, 10)
        js(f"brush.set({_q(out)}, {_q(ink)}, 3);",
           f"for (let k = 0; k < 3; k++) brush.arc({bx0} + k * 100, {horizon + 60}, 50, 0, PI);",
           f"brush.line({bx0 - 50}, {horizon + 10}, {bx0 + 250}, {horizon + 10});")
    js.section("Horizon and an iceberg" if berg else "Horizon and a boat")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1);", f"brush.line(-300, {horizon}, 300, {horizon});")
    bx, by = ctx.i(-180, 120, 10), horizon + ctx.i(60, 140, 10)
    if ctx.has("lighthouse"):
        lx, ly = ctx.i(-220, 120, 10), horizon + ctx.i(40, 90, 10)
        js("brush.noStroke();", "brush.wash('#4a4a4a', 255);",
           f"brush.polygon({_pts([(lx - 70, ly + 60), (lx - 20, ly - 10), (lx + 60, ly), (lx + 110, ly + 60)])});",
           f"brush.wash({_q(ctx.fixed('#f3ead2'))}, 255);", f"brush.rect({lx}, {ly - 150}, 36, 150);",
           "brush.noWash();",
           f"brush.fill({_q(pal['boat'])}, 230);", f"brush.circle({lx + 18}, {ly - 165}, 16);", "brush.noFill();")
        js(f"brush.set({_q(out)}, {_q(pal['boat'])}, 6);")
        js(f"for (let k = 0; k < 3; k++) brush.line({lx}, {ly - 120} + k * 45, {lx + 36}, {ly - 120} + k * 45);")
    elif berg:
        js("brush.noStroke();", f"brush.wash({_q(pal['boat'])}, 255);",
           f"brush.polygon({_pts([(bx, by), (bx + 40, by - 110), (bx + 90, by - 80), (bx + 150, by)])});",
           "brush.noWash();", f"brush.fill({_q(_shade(pal['sea'], 0.5))}, 160);",
           f"brush.polygon({_pts([(bx + 40, by - 110), (bx + 60, by), (bx + 150, by)])});", "brush.noFill();")
    else:
        js(f"brush.fill({_q(pal['boat'])}, 230);",
           f"brush.polygon({_pts([(bx, by), (bx + 70, by), (bx + 55, by + 14), (bx + 12, by + 14)])});",
           "brush.noFill();", f"brush.line({bx + 35}, {by}, {bx + 35}, {by - 60});",
           f"brush.line({bx + 35}, {by - 60}, {bx + 65}, {by - 6});")


def _pond(js: _Js, ctx: _Ctx, koi: bool = False) -> None:
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", _N_WATER),
        "deep": (("#1d3f7a", "#154e57", "#1b2a55"), "big"),
        "pad": (("#4f8f35", "#6aa84f", "#7fb852"), "free", ("pads", "lily", "leaves", "leaf", "weed", "reeds")),
        "koi": (("#ef7d1a", "#f39c3b", "#c62828"), "free", ("koi", "fish", "canoe")) if koi else None,
        "rock": (("#5c5c5c", "#6d4526", "#808080", "#c8a878"), "big",
                 ("rocks", "pebbles", "stones", "sandbars", "sand")) if not koi else None,
        "light": (("#f3ead2", "#e6f4f1", "#f7f7f7"), "big", ("light", "foam")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Still water seen from above")
    js("brush.noStroke();", f"brush.wash({_q(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({_q(pal['deep'])}, 255);",
       f"brush.circle({ctx.i(-60, 60, 10)}, {ctx.i(-60, 60, 10)}, {ctx.i(130, 190, 10)});")
    if not koi:
        js(f"brush.wash({_q(pal['rock'])}, 255);")
        js(f"for (let i = 0; i < {ctx.i(5, 9)}; i++) brush.circle(random(-280, 280), random(-280, 280), random(20, "
           "50));")
    _glaze(js, _shade(pal["water"], 0.2), -300, -300, 600, 600, 110)
    js.section("Ripple rings")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js("const x = random(-220, 220), y = random(-220, 220);")
    js(f"brush.set({_q(out)}, {_q(pal['light'])}, 1.5);")
    js(f"for (let k = 1; k <= {ctx.i(3, 5)}; k++) brush.circle(x, y, k * random(12, 20));")
    js.close()
    if not koi:
        js.section("Drifting strokes")
        js(f"brush.field({_q('spiral' if ctx.has('whirlpool', 'spiral', 'spiraling') else 'curved')});")
        js.open(f"for (let i = 0; i < {ctx.i(30, 50, 5)}; i++)")
        js(f"brush.set(random({_arr(main)}), random({_arr([pal['light'], _shade(pal['deep'], -0.2), *ctx.extra])}), "
           "random(0.8, 1.6));")
        js("brush.flowLine(random(-300, 300), random(-300, 300), random(40, 120), 0);")
        js.close()
        js("brush.noField();")
    if koi:
        js.section("Koi")
        js.open(f"for (let i = 0; i < {ctx.i(3, 6)}; i++)")
        js("const x = random(-200, 200), y = random(-200, 200), L = random(50, 80), d = random([-1, 1]);")
        js("brush.noStroke();", f"brush.wash(random({_arr([pal['koi'], pal['light']])}), 255);")
        js("brush.polygon([[x - L * d, y], [x - L * 0.2 * d, y - L * 0.3], [x + L * 0.6 * d, y], [x - L * 0.2 * d, y "
           "+ L * 0.3]]);")
        js("brush.polygon([[x + L * 0.5 * d, y], [x + L * d, y - L * 0.3], [x + L * d, y + L * 0.3]]);")
        js("brush.noWash();", f"brush.fill({_q(pal['koi'])}, 200);", "brush.circle(x, y, L * 0.12);", "brush.noFill();")
        js.close()
    js.section("Lily pads")
    js.open(f"for (let i = 0; i < {ctx.i(5, 8)}; i++)")
    js("const x = random(-260, 260), y = random(-260, 260), r = random(20, 38);")
    js("brush.noStroke();", f"brush.fill({_q(pal['pad'])}, 230);", "brush.circle(x, y, r, 0.4);", "brush.noFill();")
    js(f"brush.set({_q(main[0])}, {_q(_shade(pal['pad'], -0.4))}, 1);", "brush.line(x, y, x + r, y + r * 0.2);")
    js.close()


def _flower(js: _Js, ctx: _Ctx) -> None:
    field = ctx.has("field", "fields", "meadow", "garden", "border", "scattered", "wild", "rows", "bands", "wreath",
                    "marigolds", "daisies", "grass", "poppies")
    vase = ctx.has("vase", "bouquet", "bunch", "basket", "pot", "potted", "windowsill", "jar") and not field
    pal = ctx.palette({
        "petal": (("#c62828", "#eb8fb0", "#ef7d1a", "#8a4fa8", "#f5d327"), "free", _N_FLOWER),
        "bg": (("#cfe0f5", "#e0d2b0", "#d8e4c8", "#f2e4cf"), "big", _N_SKY + ("wall", "background")),
        "ground": (_GREEN, "big", _N_GROUND + ("leaves",)),
        "petal2": (("#f2b5c8", "#f39c3b", "#a58fcf", "#f7f7f7"), "free") if field or vase else None,
        "petal3": (("#f7f7f7", "#d9607e", "#7f4fb8", "#e6b422"), "free") if field else None,
        "centre": (("#e6b422", "#6d4526", "#f5d327"), "small"),
        "stem": (_DARK_GREEN, "small"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "cpencil")
    out = ctx.other(main, "pen", "rotring", "2B")
    if field:
        petals = [pal["petal"], pal["petal2"], pal["petal3"], *ctx.extra]
    elif vase:
        petals = [pal["petal"], pal["petal"], pal["petal2"], *ctx.extra]
    else:
        petals = [pal["petal"], *ctx.extra]
    js.start(paper)
    js.section("Background and ground")
    ground = ctx.i(60, 160, 10) if not field else ctx.i(-60, 20, 10)
    js("brush.noStroke();", f"brush.wash({_q(pal['bg'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({_q(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    if vase:
        vx, vy = ctx.i(-30, 30, 5), ground + ctx.i(10, 40, 5)
        js(f"brush.wash({_q(_shade(pal['petal2'], -0.3) if ctx.chance(0.5) else ctx.fixed('#5c6f80'))}, 255);",
           f"brush.polygon({_pts([(vx - 50, vy), (vx + 50, vy), (vx + 35, vy - 120), (vx - 35, vy - 120)])});")
    _glaze(js, _shade(pal["ground"], -0.2), -300, ground, 600, 300 - ground, 140)
    if vase:
        n, top, spread, base = ctx.i(5, 8), (-230, -90), 150, (vx, vy - 120)
    elif field:
        n, top, spread, base = ctx.i(18, 30), (ground - 20, 280), 280, None
    else:
        n, top, spread, base = ctx.i(1, 2), (-120, -40), 120, None
    js.section("Stems and leaves")
    js("const heads = [];")
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = random({-spread}, {spread}), y = random({top[0]}, {top[1]});")
    js("heads.push([x, y]);")
    js(f"brush.set({_q(main[0])}, {_q(pal['stem'])}, {ctx.f(1.2, 2.2)});")
    if base:
        js(f"brush.spline([[{base[0]}, {base[1] + 20}], [({base[0]} + x) / 2, y + 60], [x, y]], 0.5);")
    elif field:
        js("brush.line(x, y, x + random(-6, 6), y + random(30, 60));")
    else:
        js(f"brush.spline([[x + random(-30, 30), 300], [x + random(-20, 20), (y + 300) / 2], [x, y]], 0.6);")
        js("brush.arc(x + 15, (y + 300) / 2, 20, 0, PI);")
    js.close()
    if field:
        js(f"brush.set({_q(main[-1])}, {_q(_shade(pal['ground'], -0.3))}, 1);")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"const x = random(-290, 290), y = random({ground + 10}, 295);")
        js("brush.line(x, y, x + random(-5, 5), y - random(10, 25));")
        js.close()
    js.section("Blossoms")
    big = (12, 22) if field else (22, 34)
    if not field and not vase:
        big = (ctx.i(45, 55), ctx.i(60, 75))
    js("brush.noStroke();")
    js.open("for (const [x, y] of heads)")
    js(f"const r = random({big[0]}, {big[1]}), c = {_q(petals[0]) if len(petals) == 1 else f'random({_arr(petals)})'};")
    js("brush.wash(c, 255);")
    petals_n = ctx.i(5, 8)
    js(f"for (let k = 0; k < {petals_n}; k++) brush.circle(x + r * cos(k * {_n(round(2 * math.pi / petals_n, 3))}), "
       f"y + r * sin(k * {_n(round(2 * math.pi / petals_n, 3))}), r * 0.6);")
    js("brush.noWash();", f"brush.fill({_q(pal['centre'])}, 230);", "brush.circle(x, y, r * 0.4);", "brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1);", "brush.circle(x, y, r * 0.3);", "brush.noStroke();")
    js.close()


def _tree(js: _Js, ctx: _Ctx) -> None:
    forest = ctx.has("forest", "grove", "woods", "trees", "path", "beeches", "redwood", "olive", "maples", "seasons",
                     "mangrove", "birch")
    conifer = ctx.has("pine", "spruce", "cypress", "fir", "juniper", "redwood", "bonsai", "conifer")
    bare = ctx.has("bare", "winter", "tangled", "twisted") and not conifer
    pal = ctx.palette({
        "sky": (_SKY + ("#e0d2b0", "#f2e4cf"), "big", _N_SKY),
        "canopy": (_GREEN, "free", _N_LEAF + ("blossom", "bloom", "leaves")),
        "ground": (("#8aa97a", "#9bb38a", "#c8a878", "#7fb05a"), "big", _N_GROUND),
        "canopy2": (_DARK_GREEN, "free"),
        "trunk": (("#6d4526", "#5a3a22", "#4a3a2c"), "small", _N_TRUNK),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("charcoal", "2B")
    out = ctx.other(main, "pen", "HB", "rotring")
    ground = ctx.i(140, 200, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({_q(pal['ground'])}, 255);")
    ridge = [(x, ground - ctx.i(0, 30)) for x in (-300, -100, 100, 300)]
    js(f"brush.polygon({_pts([(-300, 300), *ridge, (300, 300)])});")
    _glaze(js, _shade(pal["ground"], -0.2), -300, ground + 20, 600, 280 - ground, 140)
    if forest:
        xs = sorted(ctx.i(-270, 270, 10) for _ in range(ctx.i(4, 6)))
        js.section("Trunks")
        js(f"const trunks = [{', '.join(str(x) for x in xs)}];")
        js.open("for (const x of trunks)")
        js(f"brush.set(random({_arr(main)}), {_q(pal['trunk'])}, random(3, 5));",
           f"brush.line(x, {ground + 20}, x + random(-10, 10), {ctx.i(-160, -80, 10)});")
        js.close()
        js.section("Leaves" if not conifer else "Needles")
        js("brush.noStroke();")
        js.open("for (const x of trunks)")
        js(f"brush.wash(random({_arr([pal['canopy'], pal['canopy2'], *ctx.extra])}), 255);")
        if conifer:
            js(f"brush.polygon([[x - 60, {ground - 40}], [x, {ctx.i(-260, -200, 10)}], [x + 60, {ground - 40}]]);")
        else:
            js(f"for (let k = 0; k < 4; k++) brush.circle(x + random(-50, 50), random(-200, -60), random(30, 55));")
        js.close()
        _glaze(js, _shade(pal["canopy"], -0.2), -300, -260, 600, 120, 110)
    elif ctx.has("palm", "palms"):
        tx, lean = ctx.i(-80, 40, 10), ctx.i(30, 90, 10)
        top = (tx + lean, ctx.i(-160, -110, 10))
        js.section("Leaning trunk")
        js(f"brush.set({_q(main[0])}, {_q(pal['trunk'])}, {ctx.f(5, 7)});",
           f"brush.spline([[{tx}, {ground + 10}], [{tx + lean // 3}, {(ground + top[1]) // 2}], [{top[0]}, "
           f"{top[1]}]], 0.6);")
        js.section("Fronds")
        js.open(f"for (let i = 0; i < {ctx.i(7, 10)}; i++)")
        js(f"const a = -PI + i * PI / {ctx.i(5, 7)} + random(-0.2, 0.2), len = random(110, 170);")
        js(f"brush.set(random({_arr(main)}), random({_arr([pal['canopy'], pal['canopy2'], *ctx.extra])}), random(3, "
           "5));")
        js(f"brush.spline([[{top[0]}, {top[1]}], [{top[0]} + cos(a) * len * 0.5, {top[1]} + sin(a) * len * 0.5 - 30], "
           f"[{top[0]} + cos(a) * len, {top[1]} + sin(a) * len + 40]], 0.6);")
        js.close()
        js("brush.noStroke();", f"brush.fill({_q(pal['trunk'])}, 230);")
        js(f"for (let k = 0; k < 3; k++) brush.circle({top[0]} + random(-12, 12), {top[1] + 12} + random(-6, 6), 9);")
        js("brush.noFill();")
    else:
        tx = ctx.i(-60, 60, 10)
        top = ctx.i(-90, -30, 10)
        js.section("Trunk and branches")
        js(f"brush.set({_q(main[0])}, {_q(pal['trunk'])}, {ctx.f(4, 6)});",
           f"brush.spline([[{tx - 10}, {ground + 10}], [{tx + ctx.i(-15, 15)}, {(ground + top) // 2}], [{tx}, "
           f"{top}]], 0.5);")
        js(f"brush.set({_q(main[-1])}, {_q(pal['trunk'])}, {ctx.f(1.5, 2.5)});")
        js.open(f"for (let i = 0; i < {ctx.i(8, 14) if bare else ctx.i(5, 8)}; i++)")
        js(f"const a = random(-PI * 0.9, -PI * 0.1), len = random(60, {150 if bare else 110});")
        js(f"const y = random({top}, {top + 60});")
        js(f"brush.spline([[{tx}, y], [{tx} + cos(a) * len * 0.5, y + sin(a) * len * 0.5 + random(-10, 10)], "
           f"[{tx} + cos(a) * len, y + sin(a) * len]], 0.5);")
        js.close()
        js.section("Canopy" if not bare else "Buds")
        js("brush.noStroke();")
        if conifer:
            js(f"brush.wash({_q(pal['canopy'])}, 255);")
            js.open("for (let k = 0; k < 5; k++)")
            js(f"const y = {top - 10} - k * 40, w = 140 - k * 24;")
            js(f"brush.polygon([[{tx} - w, y + 30], [{tx}, y - 40], [{tx} + w, y + 30]]);")
            js.close()
        else:
            n, r = (ctx.i(8, 14), (25, 50)) if not bare else (ctx.i(10, 18), (4, 9))
            spread = 150 if not bare else 160
            js.open(f"for (let k = 0; k < {n}; k++)")
            js(f"brush.wash(random({_arr([pal['canopy'], pal['canopy'], pal['canopy2'], *ctx.extra])}), 255);")
            js(f"brush.circle({tx} + random({-spread}, {spread}), {top - 60} + random(-90, 80), random({r[0]}, "
               f"{r[1]}));")
            js.close()
        js("brush.noWash();", "brush.fillTexture(0.4, 0.4);", f"brush.fill({_q(pal['canopy2'])}, 160);")
        js(f"for (let k = 0; k < 6; k++) brush.circle({tx} + random(-120, 120), {top - 60} + random(-80, 60), "
           "random(15, 35));")
        js("brush.noFill();")
    js.section("Shadow")
    js(f"brush.hatch({ctx.i(5, 9)}, {ctx.f(0.3, 0.8)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({_q(out)}, {_q(_shade(pal['ground'], -0.4))}, 1);",
       f"brush.rect({ctx.i(-200, -60, 10)}, {ground + 20}, {ctx.i(160, 260, 10)}, {ctx.i(30, 60, 10)});",
       "brush.noHatch();")


def _animal(js: _Js, ctx: _Ctx) -> None:
    fish = ctx.has("fish", "koi", "goldfish", "whale", "jellyfish", "turtle", "turtles", "clownfish", "sardines",
                   "reef",
                   "shark", "dolphin", "octopus", "seal")
    bird = ctx.has("bird", "birds", "crow", "owl", "heron", "flamingo", "geese", "hummingbird", "parrot", "swan",
                   "duck",
                   "eagle", "robin", "gull", "gulls", "hen", "peacock", "penguin")
    if ctx.has("koi", "lily", "pads") or (fish and ctx.has("pond")):
        _pond(js, ctx, koi=True)
    elif fish:
        _fish(js, ctx)
    elif bird:
        _bird(js, ctx)
    else:
        _beast(js, ctx)


def _fish(js: _Js, ctx: _Ctx) -> None:
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", _N_WATER),
        "body": (("#ef7d1a", "#f39c3b", "#c62828", "#808080"), "free", _N_ANIMAL),
        "deep": (("#1d3f7a", "#154e57"), "big"),
        "body2": (("#f7f7f7", "#f5d327", "#eb8fb0"), "free"),
        "weed": (_DARK_GREEN, "small", ("weed", "anemones", "reef", "kelp")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "crayon")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Water")
    js("brush.noStroke();", f"brush.wash({_q(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({_q(pal['deep'])}, 255);", f"brush.rect(-300, {ctx.i(120, 200, 10)}, 600, 200);")
    _glaze(js, _shade(pal["water"], 0.25), -300, -300, 600, ctx.i(200, 300, 10), 110)
    js.section("Swaying weed")
    js("brush.field('seabed');")
    js.open(f"for (let i = 0; i < {ctx.i(15, 25)}; i++)")
    js(f"brush.set(random({_arr(main)}), random({_arr([pal['weed'], _shade(pal['deep'], -0.3)])}), random(1.5, 3));")
    js("brush.flowLine(random(-290, 290), 300, random(80, 200), -HALF_PI);")
    js.close()
    js("brush.noField();")
    if ctx.has("jellyfish", "jellyfishes", "octopus"):
        js.section("Jellyfish")
        js.open(f"for (let i = 0; i < {ctx.i(1, 3)}; i++)")
        js("const x = random(-150, 150), y = random(-180, 0), r = random(50, 80);")
        js("brush.noStroke();", f"brush.wash({_q(pal['body'])}, 255);", "brush.arc(x, y, r, 0, PI);",
           "brush.polygon([[x - r, y], [x - r * 0.7, y - r * 0.7], [x, y - r], [x + r * 0.7, y - r * 0.7], [x + r, "
           "y]]);",
           "brush.noWash();", f"brush.fill({_q(pal['body2'])}, 170);", "brush.circle(x, y - r * 0.4, r * 0.4);",
           "brush.noFill();")
        js(f"brush.set({_q(main[0])}, {_q(pal['body'])}, 1.5);")
        js("for (let k = -3; k <= 3; k++) brush.spline([[x + k * r / 4, y], [x + k * r / 4 + random(-20, 20), y + 80], "
           "[x + k * r / 5 + random(-30, 30), y + random(150, 220)]], 0.7);")
        js.close()
        js.section("Bubbles")
        js(f"brush.set({_q(out)}, {_q(ctx.fixed('#f3ead2'))}, 1);")
        js(f"for (let i = 0; i < {ctx.i(8, 16)}; i++) brush.circle(random(-280, 280), random(-280, 200), random(3, "
           "9));")
        return
    js.section("Fish")
    single = ctx.has("whale", "goldfish", "shark", "dolphin", "seal")
    n = 1 if single and not ctx.has("school", "sardines", "koi", "turtles") else ctx.i(3, 7)
    size = (110, 160) if n == 1 else (40, 70)
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = random({-150 if n == 1 else -220}, {150 if n == 1 else 220}), y = random(-180, 120), "
       f"L = random({size[0]}, {size[1]}), d = random([-1, 1]);")
    js("brush.noStroke();", f"brush.wash(random({_arr([pal['body'], pal['body2'], *ctx.extra])}), 255);")
    js("brush.polygon([[x - L * d, y], [x - L * 0.2 * d, y - L * 0.35], [x + L * 0.6 * d, y], [x - L * 0.2 * d, y + L "
       "* 0.35]]);")
    js("brush.polygon([[x + L * 0.5 * d, y], [x + L * d, y - L * 0.3], [x + L * d, y + L * 0.3]]);")
    js("brush.noWash();", f"brush.fill({_q(_shade(pal['body'], -0.2))}, 160);",
       "brush.circle(x - L * 0.2 * d, y, L * 0.15);",
       "brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);", "brush.circle(x - L * 0.7 * d, y - L * 0.06, 3);")
    js.close()
    js.section("Bubbles")
    js(f"brush.set({_q(out)}, {_q(ctx.fixed('#f3ead2'))}, 1);")
    js(f"for (let i = 0; i < {ctx.i(8, 16)}; i++) brush.circle(random(-280, 280), random(-280, 200), random(3, 9));")


def _bird(js: _Js, ctx: _Ctx) -> None:
    flock = ctx.has("flock", "geese", "birds", "gulls")
    sun = ctx.has("moon", "night", "sunset", "dusk") or ctx.chance(0.3)
    pal = ctx.palette({
        "sky": (_SKY + ("#f2e4cf", "#e0d2b0"), "big", _N_SKY),
        "body": (("#808080", "#5c5c5c", "#6d4526", "#eb8fb0", "#2f5fb3"), "free", _N_ANIMAL),
        "ground": (("#8aa97a", "#c8a878", "#6aa84f"), "big", _N_GROUND + _N_WATER),
        "wing": (("#141414", "#3a3a3a", "#8b5a2b"), "free", ("wings", "wing", "feathers")),
        "beak": (("#f0a020", "#e6b422"), "small", ("flower", "beak", "sun")) if sun or not flock else None,
        "perch": (("#6d4526", "#8b5a2b"), "small", ("post", "fence", "branch", "perch", "stem")) if not flock else None,
    })
    paper = ctx.paper(dark=ctx.has("night"))
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring", "charcoal")
    ground = ctx.i(160, 220, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({_q(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    if sun:
        js(f"brush.wash({_q(pal['beak'] if not ctx.has('moon') else ctx.fixed('#f3ead2'))}, 255);",
           f"brush.circle({ctx.i(-200, 200, 10)}, {ctx.i(-220, -120, 10)}, {ctx.i(40, 90, 10)});")
    _glaze(js, _shade(pal["ground"], -0.2), -300, ground, 600, 300 - ground, 150)
    js.section("Reeds" if ctx.has("marsh", "marshland", "water", "wading", "lagoon") else "Grass")
    js.open(f"for (let i = 0; i < {ctx.i(30, 60, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({ground}, 290);")
    js(f"brush.set(random({_arr(main)}), random({_arr([_shade(pal['ground'], -0.35), pal['wing'], *ctx.extra])}), "
       "random(1, 2));")
    js("brush.line(x, y, x + random(-6, 6), y - random(15, 45));")
    js.close()
    if flock:
        js.section("Flock")
        js(f"brush.set({_q(out)}, {_q(pal['body'] if _lightness(paper) > 45 else ink)}, 2);")
        js.open(f"for (let i = 0; i < {ctx.i(7, 11)}; i++)")
        js("const x = -150 + i * 30, y = -120 - abs(i - 5) * 22, s = random(10, 16);")
        js("brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);")
        js.close()
        return
    bx, by = ctx.i(-60, 40, 10), ground - ctx.i(100, 130, 10)
    js.section("Perch and bird")
    js(f"brush.set({_q(main[0])}, {_q(pal['perch'])}, 4);", f"brush.line(-300, {by + 72}, 300, {by + 62});")
    js("brush.noStroke();", f"brush.wash({_q(pal['body'])}, 255);",
       f"brush.circle({bx}, {by}, {ctx.i(60, 75)});", f"brush.circle({bx + 40}, {by - 60}, {ctx.i(30, 36)});",
       f"brush.wash({_q(pal['wing'])}, 255);",
       f"brush.polygon({_pts([(bx - 50, by - 10), (bx + 20, by - 20), (bx - 100, by + 50)])});",
       f"brush.wash({_q(pal['beak'])}, 255);",
       f"brush.polygon({_pts([(bx + 65, by - 70), (bx + 95, by - 58), (bx + 65, by - 50)])});", "brush.noWash();",
       f"brush.fill({_q(_shade(pal['body'], 0.3))}, 150);", f"brush.circle({bx + 10}, {by + 10}, 30);",
       "brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.5);", f"brush.circle({bx + 50}, {by - 66}, 4);",
       f"brush.line({bx - 10}, {by + 55}, {bx - 14}, {by + 72});",
       f"brush.line({bx + 10}, {by + 55}, {bx + 14}, {by + 72});")


def _beast(js: _Js, ctx: _Ctx) -> None:
    pal = ctx.palette({
        "ground": (_GREEN + ("#c8a878",), "big", _N_GROUND),
        "body": (("#8b5a2b", "#808080", "#ef7d1a", "#c8902c", "#a6a6a6"), "free", _N_ANIMAL),
        "sky": (("#e0d2b0", "#f2e4cf") + _SKY, "big", _N_SKY),
        "patch": (("#141414", "#f3ead2", "#6d4526"), "free", ("leaves", "spots", "stripes")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "pastel")
    out = ctx.other(main, "pen", "HB", "charcoal")
    ground = ctx.i(60, 140, 10)
    bx, by, r = ctx.i(-60, 40, 10), ground + ctx.i(10, 40, 10), ctx.i(70, 100, 5)
    js.start(paper)
    js.section("Backdrop")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({_q(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    _glaze(js, _shade(pal["ground"], -0.2), -300, ground + 40, 600, 260 - ground, 150)
    js.section("Body, head and legs")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.5);")
    js(f"for (let i = 0; i < 4; i++) brush.line({bx - r // 2} + i * {r // 3}, {by}, {bx - r // 2} + i * {r // 3} + "
       f"random(-6, 6), {by + r + 10});")
    js(f"brush.spline([[{bx - r}, {by - 10}], [{bx - r - 40}, {by - 40}], [{bx - r - 30}, {by - 80}]], 0.6);")
    js("brush.noStroke();", f"brush.wash({_q(pal['body'])}, 255);",
       f"brush.circle({bx}, {by}, {r});", f"brush.circle({bx + r}, {by - r // 2}, {r // 2});",
       f"brush.polygon({_pts([(bx + r - 25, by - r + 5), (bx + r - 10, by - r - 30), (bx + r + 5, by - r + 5)])});")
    js("brush.noWash();", f"brush.fill(random({_arr([pal['patch'], *ctx.extra])}), 200);")
    js(f"for (let i = 0; i < {ctx.i(4, 8)}; i++) brush.circle({bx} + random({-r // 2}, {r // 2}), {by} + "
       f"random({-r // 2}, {r // 3}), random(8, 18));")
    js("brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);", f"brush.circle({bx + r + 12}, {by - r // 2 - 8}, 4);")
    js.section("Tall grass" if ctx.has("grass", "meadow") else "Ground marks")
    js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({ground + 10}, 295);")
    js(f"brush.set(random({_arr(main)}), random({_arr([_shade(pal['ground'], -0.35), _shade(pal['ground'], 0.2)])}), "
       "random(1, 2));")
    js("brush.line(x, y, x + random(-10, 10), y - random(15, 50));")
    js.close()


def _geometric(js: _Js, ctx: _Ctx) -> None:
    if ctx.has("stripes", "striped", "stripe", "moire", "wavy", "wave"):
        variant = "stripes"
    elif ctx.has("concentric", "circles", "rings", "op-art", "flower of life", "sphere", "bulging"):
        variant = "rings"
    elif ctx.has("radiating", "rays", "point", "rotating", "nested", "spiral"):
        variant = "radial"
    elif ctx.has("triangular", "triangles", "lattice", "hexagonal", "hexagon", "tessellating", "isometric", "cube",
                 "tangram", "staircase"):
        variant = "lattice"
    elif ctx.has("grid", "dots", "bauhaus", "squares", "checkerboard", "square", "truchet", "mondrian"):
        variant = "grid"
    else:
        variant = ctx.pick(["rings", "grid", "lattice", "radial"])
    pal = ctx.palette({
        "a": (_BRIGHT, "free", _N_SHAPE),
        "b": (_BRIGHT, "free", _N_SHAPE),
        "c": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "ink", "outlines")),
        "d": (("#e6b422", "#d9607e", "#1f7f7f", "#f39c3b"), "free"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("rotring", "pen")
    out = ctx.other(main, "marker", "2B", "HB", "cpencil")
    cols = [pal["a"], pal["b"], pal["d"], *ctx.extra]
    js.start(paper)
    if variant == "rings":
        centres = [(ctx.i(-140, -40, 10), ctx.i(-120, 0, 10)), (ctx.i(40, 140, 10), ctx.i(0, 120, 10))]
        js.section("Two overlapping ring systems")
        js(f"const centres = {_pts(centres)};")
        js("brush.noStroke();")
        js(f"brush.wash({_q(pal['a'])}, 255);",
           f"brush.circle({centres[0][0]}, {centres[0][1]}, {ctx.i(90, 130, 10)});",
           f"brush.wash({_q(pal['b'])}, 255);",
           f"brush.circle({centres[1][0]}, {centres[1][1]}, {ctx.i(80, 120, 10)});")
        js("brush.noWash();", f"brush.fill({_q(pal['d'])}, 180);",
           f"brush.circle({ctx.i(-30, 30, 10)}, {ctx.i(-30, 30, 10)}, {ctx.i(40, 70, 10)});", "brush.noFill();")
        js.open("for (const [x, y] of centres)")
        js(f"for (let r = 20; r < {ctx.i(220, 280, 20)}; r += {ctx.i(12, 18, 2)}) {{")
        js(f"  brush.set({_q(main[0])}, random({_arr([pal['c'], pal['a'], pal['b']])}), 1.2);")
        js("  brush.circle(x, y, r);")
        js("}")
        js.close()
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 2);",
           f"brush.line({centres[0][0]}, {centres[0][1]}, {centres[1][0]}, {centres[1][1]});")
        js.section("Hatched centre")
        s = ctx.i(50, 80, 10)
        js(f"brush.hatch(6, {ctx.pick(['QUARTER_PI', '-QUARTER_PI', 'HALF_PI'])});",
           f"brush.hatchStyle({_q(out)}, {_q(pal['c'])}, 1);", "brush.noStroke();",
           f"brush.rect({-s}, {-s}, {2 * s}, {2 * s});", "brush.noHatch();")
    elif variant == "grid":
        n = ctx.pick([4, 5, 6])
        step = 480 // n
        js.section("A grid of cells")
        js(f"const cols = {_arr(cols)};")
        js("brush.noStroke();")
        js.open(f"for (let i = 0; i < {n}; i++)")
        js.open(f"for (let j = 0; j < {n}; j++)")
        js(f"const x = -240 + i * {step}, y = -240 + j * {step}, s = {step};")
        js("brush.wash(random(cols), 255);")
        js.open(f"if (random() < {ctx.f(0.3, 0.5)})")
        js("brush.rect(x + 6, y + 6, s - 12, s - 12);")
        js.close()
        js.open(f"else if (random() < 0.6)")
        js("brush.circle(x + s / 2, y + s / 2, s * 0.4);")
        js.close()
        js.open("else")
        js("brush.polygon([[x + 6, y + s - 6], [x + s / 2, y + 6], [x + s - 6, y + s - 6]]);")
        js.close()
        js.close()
        js.close()
        js("brush.noWash();", f"brush.fill({_q(pal['d'])}, 140);", "brush.rect(-240, -240, 240, 240);",
           "brush.noFill();")
        js.section("Grid lines")
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 2);")
        js.open(f"for (let k = 0; k <= {n}; k++)")
        js(f"brush.line(-240 + k * {step}, -240, -240 + k * {step}, 240);",
           f"brush.line(-240, -240 + k * {step}, 240, -240 + k * {step});")
        js.close()
        js(f"brush.hatch(8, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({_q(main[0])}, {_q(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.rect({-240 + step * ctx.i(0, n - 2)}, {-240 + step * ctx.i(0, n - 2)}, {step * 2}, {step});",
           "brush.noHatch();")
    elif variant == "stripes":
        js.section("Bands of colour")
        n = ctx.pick([6, 8, 10])
        w = 600 // n
        ang = ctx.pick([0, 0, 0.4, -0.4])
        js(f"const cols = {_arr([pal['a'], pal['b']] + ctx.extra)};")
        js("brush.noStroke();")
        js.open(f"for (let i = 0; i < {n}; i += 2)")
        js("brush.wash(cols[(i / 2) % cols.length], 255);")
        if ang:
            js(f"brush.polygon([[-300 + i * {w}, -300], [-300 + (i + 1) * {w}, -300], [-300 + (i + 1) * {w} + "
               f"{int(600 * ang)}, 300], [-300 + i * {w} + {int(600 * ang)}, 300]]);")
        else:
            js(f"brush.rect(-300 + i * {w}, -300, {w}, 600);")
        js.close()
        cx, cy = ctx.i(-80, 80, 10), ctx.i(-80, 80, 10)
        r = ctx.i(50, 90, 10)
        js(f"brush.wash({_q(pal['c'])}, 255);", f"brush.circle({cx}, {cy}, {ctx.i(110, 160, 10)});", "brush.noWash();",
           f"brush.fill({_q(pal['d'])}, 150);", f"brush.circle({cx}, {cy}, {r});", "brush.noFill();",
           f"brush.hatch(6, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({_q(out)}, {_q(pal['b'])}, 1);",
           f"brush.circle({cx}, {cy}, {r});", "brush.noHatch();")
        js.section("Wavy lines")
        js.open(f"for (let y = -270; y <= 270; y += {ctx.i(30, 44, 2)})")
        js(f"brush.set({_q(main[0])}, {_q(pal['c'])}, 1.2);")
        js("brush.spline([[-300, y], [-150, y + random(-25, 25)], [0, y], [150, y + random(-25, 25)], [300, y]], "
           "0.6);")
        js.close()
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 2);", f"brush.rect(-200, -200, 400, 400);")
    elif variant == "radial":
        cx, cy = ctx.i(-60, 60, 10), ctx.i(-60, 60, 10)
        js.section("Nested squares turning toward the centre")
        js("brush.noStroke();", f"brush.wash({_q(pal['a'])}, 255);",
           f"brush.circle({cx}, {cy}, {ctx.i(180, 240, 10)});",
           f"brush.wash({_q(pal['b'])}, 255);", f"brush.circle({cx}, {cy}, {ctx.i(90, 140, 10)});",
           "brush.noWash();", f"brush.fill({_q(pal['d'])}, 170);", f"brush.circle({cx}, {cy}, {ctx.i(40, 70, 10)});",
           "brush.noFill();")
        js.open(f"for (let k = 0; k < {ctx.i(8, 12)}; k++)")
        js(f"const r = 250 - k * 22, a = k * {ctx.f(0.08, 0.2, 2)};")
        js(f"brush.set({_q(main[0])}, {_q(pal['c'])}, 1.2);")
        js(f"brush.polygon([[{cx} + r * cos(a), {cy} + r * sin(a)], [{cx} + r * cos(a + HALF_PI), {cy} + r * sin(a + "
           "HALF_PI)], "
           f"[{cx} + r * cos(a + PI), {cy} + r * sin(a + PI)], [{cx} + r * cos(a - HALF_PI), {cy} + r * sin(a - "
           "HALF_PI)]]);")
        js.close()
        js.section("Rays")
        js.open(f"for (let i = 0; i < {ctx.i(24, 40, 4)}; i++)")
        js(f"const a = i * TWO_PI / {ctx.i(24, 40, 4)};")
        js(f"brush.set({_q(out)}, random({_arr([pal['c'], pal['a']])}), 1);")
        js(f"brush.line({cx} + 60 * cos(a), {cy} + 60 * sin(a), {cx} + 300 * cos(a), {cy} + 300 * sin(a));")
        js.close()
    else:
        s = ctx.pick([60, 75, 100])
        js.section("A lattice of triangles")
        js(f"const cols = {_arr(cols)};")
        js("brush.noStroke();")
        js.open(f"for (let y = -300; y < 300; y += {s})")
        js.open(f"for (let x = -300; x < 300; x += {s})")
        js(f"brush.wash(cols[floor(dist(x, y, 0, 0) / {ctx.pick([120, 150, 180])}) % cols.length], 255);")
        js.open(f"if (random() < {ctx.f(0.5, 0.7)})")
        js(f"brush.polygon([[x, y + {s}], [x + {s // 2}, y], [x + {s}, y + {s}]]);")
        js.close()
        js.close()
        js.close()
        js("brush.noWash();", f"brush.fill({_q(pal['c'])}, 120);", f"brush.circle(0, 0, {ctx.i(60, 120, 10)});",
           "brush.noFill();")
        js.section("Outlines and shading")
        js(f"brush.set({_q(main[0])}, {_q(pal['c'])}, 1.2);")
        js.open(f"for (let y = -300; y < 300; y += {s})")
        js(f"brush.line(-300, y, 300, y);")
        js(f"for (let x = -300; x < 300; x += {s}) brush.line(x, y + {s}, x + {s // 2}, y);")
        js.close()
        js(f"brush.hatch(5, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({_q(out)}, {_q(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.circle({ctx.i(-150, 150, 10)}, {ctx.i(-150, 150, 10)}, {ctx.i(50, 80, 10)});", "brush.noHatch();")


def _pattern(js: _Js, ctx: _Ctx) -> None:
    if ctx.has("wave", "seigaiha", "scale", "scalloped", "fish-scale", "scales"):
        variant = "scales"
    elif ctx.has("wavy", "lines", "stripes", "herringbone", "weave", "basket", "hatching", "cross-hatching", "contour"):
        variant = "weave"
    elif ctx.has("dots", "stippled", "dot", "hearts", "polka", "wallpaper", "paisley", "birds", "medallions", "batik",
                 "kimono", "circle"):
        variant = "motifs"
    elif ctx.has("brick", "gingham", "check", "tartan", "plaid", "quilt", "patchwork", "argyle", "tiles", "rug"):
        variant = "checks"
    else:
        variant = ctx.pick(["scales", "weave", "motifs", "checks"])
    pal = ctx.palette({
        "a": (_BRIGHT, "free", _N_SHAPE),
        "b": (("#f2b5c8", "#cfe0f5", "#e0d2b0", "#b9d6ea", "#f2e05a"), "free", ("background", "ground", "paper")),
        "c": (("#1d3f7a", "#2b2622", "#6d4526", "#2e6b30"), "free", ("lines", "ink", "vines", "mortar")),
        "d": (("#e6b422", "#1f7f7f", "#d9607e"), "small") if variant == "motifs" else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pen", "cpencil")
    out = ctx.other(main, "HB", "2B", "crayon", "rotring")
    P = ctx.pick([220, 240, 250])
    s = {"scales": ctx.pick([50, 60]), "weave": ctx.pick([60, 70, 80]), "motifs": ctx.pick([96, 120]),
         "checks": ctx.pick([60, 80])}[variant]
    n = 2 * P // s
    js.start(paper)
    js.section("A swatch of cloth")
    half = ctx.pick([(-P, -P, 2 * P, P), (-P, 0, 2 * P, P), (-P, -P, P, 2 * P), (0, -P, P, 2 * P)])
    js("brush.noStroke();", f"brush.wash({_q(pal['b'])}, 255);", f"brush.rect({-P}, {-P}, {2 * P}, {2 * P});",
       f"brush.wash({_q(_shade(pal['b'], -0.3))}, 255);", f"brush.rect({', '.join(map(str, half))});",
       "brush.noWash();", "brush.fillTexture(0.5, 0.3);", f"brush.fill({_q(_shade(pal['b'], -0.15))}, 150);",
       f"brush.circle(0, 0, {P // 2});", "brush.noFill();")
    if variant == "scales":
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 2);", f"brush.rect({-P}, {-P}, {2 * P}, {2 * P});")
        js.section("Rows of overlapping scales")
        js.open(f"for (let j = 0; j < {n * 2 - 1}; j++)")
        js.open(f"for (let i = 0; i < {n - 1}; i++)")
        js(f"const x = {-P + s} + i * {s} + (j % 2) * {s // 2}, y = {-P + s // 2} + j * {s // 2};")
        js(f"if (x > {P - s // 2}) continue;")
        js("brush.noStroke();", f"brush.wash(j % 2 ? {_q(pal['a'])} : {_q(_shade(pal['a'], -0.2))}, 255);",
           f"brush.circle(x, y, {s // 2});", "brush.noWash();")
        js(f"brush.set({_q(main[0])}, {_q(pal['c'])}, 1);")
        js(f"for (let k = 1; k < 4; k++) brush.arc(x, y, {s // 2} * k / 4, 0, PI);")
        js.close()
        js.close()
    elif variant == "weave":
        js.section("Woven strips")
        js.open(f"for (let i = 0; i < {n}; i += 2)")
        js(f"brush.wash(random({_arr([pal['a'], *ctx.extra])}), 255);",
           f"brush.rect({-P} + i * {s}, {-P}, {s}, {2 * P});")
        js.close()
        js("brush.noWash();", f"brush.fill({_q(pal['c'])}, 120);",
           f"brush.rect({-P}, {-P}, {2 * P}, {ctx.pick([P // 2, P])});",
           "brush.noFill();")
        js.section("Hatched cells")
        hatcher = main[0] if main[0] not in ("spray", "charcoal", "crayon") else main[-1]
        js.open(f"for (let i = 0; i < {n}; i++)")
        js.open(f"for (let j = 0; j < {n}; j++)")
        js(f"if (random() < {ctx.f(0.3, 0.5)}) continue;")
        js(f"brush.hatch({ctx.i(8, 12)}, (i + j) % 2 ? QUARTER_PI : -QUARTER_PI);",
           f"brush.hatchStyle({_q(hatcher)}, {_q(pal['c'])}, 1.5);", "brush.noStroke();",
           f"brush.rect({-P} + i * {s} + 6, {-P} + j * {s} + 6, {s - 12}, {s - 12});")
        js.close()
        js.close()
        js("brush.noHatch();")
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 2);")
        js(f"for (let k = 0; k <= {n}; k++) brush.line({-P}, {-P} + k * {s}, {P}, {-P} + k * {s});")
    elif variant == "motifs":
        js.section("Vines")
        js(f"brush.set({_q(out)}, {_q(pal['c'])}, 1.5);")
        js(f"for (let y = {-P + s}; y < {P}; y += {s}) brush.spline([[{-P}, y], [{-P // 2}, y + 30], [0, y], "
           f"[{P // 2}, y + 30], [{P}, y]], 0.7);")
        js.section("Repeated motifs")
        js.open(f"for (let y = {-P + s // 2}; y < {P}; y += {s})")
        js.open(f"for (let x = {-P + s // 2}; x < {P}; x += {s})")
        js("brush.noStroke();", f"brush.wash(random({_arr([pal['a'], pal['c'], pal['d'], *ctx.extra])}), 255);",
           f"brush.circle(x, y, {s // 4});", "brush.noWash();")
        js(f"brush.set({_q(main[0])}, {_q(ink)}, 1);", f"brush.circle(x, y, {s // 4 + 6});")
        js(f"for (let k = 0; k < 4; k++) brush.circle(x + {s // 2 - 8} * cos(k * HALF_PI), y + {s // 2 - 8} * sin(k * "
           "HALF_PI), 3);")
        js.close()
        js.close()
    else:
        js.section("Checked cloth")
        js.open(f"for (let k = 0; k < {n}; k += 2)")
        js(f"brush.wash(random({_arr([pal['a'], *ctx.extra])}), 255);",
           f"brush.rect({-P} + k * {s}, {-P}, {s}, {2 * P});")
        js(f"brush.wash({_q(_shade(pal['a'], -0.25))}, 255);", f"brush.rect({-P}, {-P} + k * {s}, {2 * P}, {s // 2});")
        js.close()
        js("brush.noWash();", f"brush.fill({_q(pal['c'])}, 130);")
        js(f"for (let i = 0; i < {ctx.i(2, 4)}; i++) brush.rect({-P} + floor(random({n})) * {s}, {-P} + "
           f"floor(random({n})) * {s}, {s}, {s});")
        js("brush.noFill();")
        js.section("Stitches")
        js(f"brush.set({_q(main[0])}, {_q(pal['c'])}, 1.5);")
        js.open(f"for (let k = 0; k <= {n}; k++)")
        js(f"brush.line({-P} + k * {s}, {-P}, {-P} + k * {s}, {P});",
           f"brush.line({-P}, {-P} + k * {s}, {P}, {-P} + k * {s});")
        js.close()
        js(f"brush.hatch(8, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({_q(out)}, {_q(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.rect({-P + s * ctx.i(0, n - 3)}, {-P + s * ctx.i(0, n - 3)}, {s * 2}, {s * 2});", "brush.noHatch();")


def _abstract(js: _Js, ctx: _Ctx) -> None:
    fields = ctx.has("fields", "stacked", "gradient", "layered", "bands") or ctx.chance(0.3)
    pal = ctx.palette({
        "a": (_BRIGHT, "free", _N_SHAPE),
        "b": (_BRIGHT, "free", _N_SHAPE),
        "c": (("#e6b422", "#1f7f7f", "#d9607e", "#4a86c8", "#f39c3b"), "free"),
        "dark": (("#141414", "#2b2622", "#1b2a55"), "free", ("lines", "ink", "mass", "marks")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("crayon", "2B", n=3)
    out = ctx.other(main, "pen", "charcoal", "marker")
    cols = [pal["a"], pal["b"], pal["c"], *ctx.extra]
    js.start(paper)
    js("brush.noStroke();")
    if fields:
        js.section("Stacked colour fields")
        ys = sorted({ctx.i(-260, 200, 20) for _ in range(3)})
        js(f"const cols = {_arr(cols)};")
        js.open(f"for (let i = 0; i < {len(cols)}; i++)")
        js("brush.wash(cols[i], 255);",
           f"brush.rect(-260 + random(-10, 10), -260 + i * {520 // len(cols)}, 520, {520 // len(cols) - 10});")
        js.close()
        js("brush.noWash();", "brush.fillBleed(0.3, 'out');", f"brush.fill({_q(pal['c'])}, 170);",
           f"brush.circle({ctx.i(-150, 150, 10)}, {ys[0]}, {ctx.i(40, 80, 10)});", "brush.noFill();")
    else:
        js.section("Overlapping pools of colour")
        js(f"const cols = {_arr(cols)};")
        js.open(f"for (let i = 0; i < {ctx.i(5, 8)}; i++)")
        js("brush.wash(random(cols), 255);")
        js("brush.circle(random(-200, 200), random(-200, 200), random(50, 130));")
        js.close()
        shard = [(ctx.i(-250, -100, 10), ctx.i(50, 200, 10)), (ctx.i(-50, 50, 10), ctx.i(-250, -100, 10)),
                 (ctx.i(100, 250, 10), ctx.i(0, 200, 10))]
        js(f"brush.wash({_q(pal['b'])}, 255);", f"brush.polygon({_pts(shard)});")
        js("brush.noWash();", "brush.fillBleed(0.3, 'out');", "brush.fillTexture(0.6, 0.4);",
           f"brush.fill({_q(pal['c'])}, 170);",
           f"brush.circle({ctx.i(-100, 100, 10)}, {ctx.i(-100, 100, 10)}, {ctx.i(60, 110, 10)});",
           "brush.noFill();")
    js.section("Scribbles and sweeping lines")
    js.open(f"for (let i = 0; i < {ctx.i(12, 24)}; i++)")
    js("const x = random(-250, 250), y = random(-250, 250);")
    js(f"brush.set(random({_arr(main)}), random({_arr([pal['dark'], *cols])}), random(1, 3));")
    js("brush.spline([[x, y], [x + random(-120, 120), y + random(-80, 80)], [x + random(-200, 200), y + random(-150, "
       "150)]], 0.7);")
    js.close()
    if ctx.has("dots", "splatters", "spray", "drips", "scattered", "festival", "bouncing") or ctx.chance(0.5):
        js(f"brush.set({_q(out)}, {_q(pal['dark'])}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(15, 30)}; i++) brush.circle(random(-270, 270), random(-270, 270), random(2, "
           "8));")
    else:
        js(f"brush.set({_q(out)}, {_q(pal['dark'])}, 2);")
        js(f"for (let i = 0; i < {ctx.i(6, 12)}; i++) brush.line(random(-280, 280), random(-280, 280), random(-280, "
           "280), random(-280, 280));")
    js(f"brush.hatch({ctx.i(4, 8)}, {ctx.f(-1.2, 1.2)}, {{ rand: 0.3 }});",
       f"brush.hatchStyle({_q(main[0])}, {_q(pal['dark'])}, 1);", "brush.noStroke();",
       f"brush.rect({ctx.i(-250, 50, 10)}, {ctx.i(-250, 50, 10)}, {ctx.i(100, 200, 10)}, {ctx.i(80, 180, 10)});",
       "brush.noHatch();")


def _scene(js: _Js, ctx: _Ctx) -> None:
    still = ctx.has("apple", "apples", "pear", "pears", "lemon", "lemons", "vase", "mug", "jug", "bowl", "bottle",
                    "bread", "cheese", "seashells", "shells", "fruit", "plate", "cup", "teapot", "still", "coffee",
                    "table")
    interior = ctx.has("room", "attic", "studio", "nook", "bookshelf", "books", "chair", "armchair", "kitchen", "lamp",
                       "interior", "window")
    if ctx.has("lighthouse", "coast", "coastal", "pier", "boats") and not still and not ctx.has("houses", "town"):
        _water(js, ctx)
    elif still:
        _still_life(js, ctx)
    elif interior:
        _interior(js, ctx)
    else:
        _city(js, ctx)


def _city(js: _Js, ctx: _Ctx, night: bool = False) -> None:
    pal = ctx.palette({
        "sky": (("#1b2a55", "#2e2a4f", "#141a2e") if night else _SKY + ("#f4a259", "#f2e4cf"), "big", _N_SKY),
        "wall": (("#2b2d42", "#3a3f55", "#4a4a5a") if night else ("#d9607e", "#c8902c", "#6a8caf", "#b5525c",
                                                                  "#e0d2b0"),
                 "free"),
        "wall2": (("#20243a", "#34354a") if night else ("#8b5a2b", "#f39c3b", "#2f5fb3", "#7a7a32"), "free",
                  _N_BUILDING),
        "light": (("#f5d327", "#f0a020", "#fff3b0"), "small", _N_LIGHT),
        "glow": (("#4a5a8a", "#6a4c93", "#5a6a9a") if night else ("#f6d186", "#e9c6a5", "#cfe0f5"), "big"),
        "street": (("#4a4a5a", "#5c5c5c", "#6d4526"), "small", ("street", "pavement", "road")),
    })
    paper = ctx.paper(dark=night)
    ink = ctx.ink(paper) if not night else "#141414"
    main = ctx.brushes("2H", "HB")
    out = ctx.other(main, "marker", "pen", "rotring")
    street = ctx.i(200, 250, 10)
    js.start(paper)
    js.section("Sky")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {street + 300});",
       f"brush.wash({_q(pal['glow'])}, 255);", f"brush.rect(-300, {street - ctx.i(200, 260, 20)}, 600, 300);")
    js(f"brush.wash({_q(ctx.fixed('#f3ead2') if night else pal['light'])}, 255);",
       f"brush.circle({ctx.i(-200, 200, 10)}, {ctx.i(-230, -170, 10)}, {ctx.i(30, 50, 5)});")
    js.section("Buildings with windows")
    js(f"let x = -300;")
    js.open("while (x < 300)")
    js(f"const w = random(50, 100), h = random({ctx.i(120, 180, 10)}, {ctx.i(300, 420, 10)}), top = {street} - h;")
    js(f"brush.wash(random({_arr([pal['wall'], pal['wall2'], *ctx.extra])}), 255);", f"brush.rect(x, top, w, h);")
    js(f"brush.wash({_q(pal['light'])}, 255);")
    js.open("for (let wy = top + 16; wy < " + f"{street - 24}; wy += 30)")
    js("for (let wx = x + 10; wx < x + w - 18; wx += 22) if (random() < 0.5) brush.rect(wx, wy, 9, 13);")
    js.close()
    js("x += w + random(4, 12);")
    js.close()
    js(f"brush.wash({_q(pal['street'])}, 255);", f"brush.rect(-300, {street}, 600, {300 - street});")
    _glaze(js, _shade(pal["street"], 0.2), -300, street, 600, 300 - street, 160)
    js.section("Outlines and street")
    js(f"brush.set({_q(out)}, {_q(ink)}, 2);", f"brush.line(-300, {street}, 300, {street});")
    js.open(f"for (let i = 0; i < {ctx.i(8, 14)}; i++)")
    js(f"const y = random({street + 10}, 290);")
    js(f"brush.set(random({_arr(main)}), random({_arr([pal['light'], ink])}), random(1, 2));")
    js("brush.line(random(-300, 250), y, random(-250, 300), y + random(-3, 3));")
    js.close()
    js(f"brush.hatch(5, HALF_PI, {{ rand: 0.1 }});", f"brush.hatchStyle({_q(main[0])}, {_q(ink)}, 1);",
       "brush.noStroke();", f"brush.rect(-300, {street - ctx.i(40, 80, 10)}, 600, 30);", "brush.noHatch();")


def _still_life(js: _Js, ctx: _Ctx) -> None:
    pot = ctx.has("vase", "jug", "bottle", "mug", "coffee", "glass", "cup", "jar", "teapot") or ctx.chance(0.4)
    pal = ctx.palette({
        "wall": (("#6b7f8e", "#9bb38a", "#b9d6ea", "#e0d2b0"), "big", ("wall", "background")),
        "table": (("#b9875a", "#8b5a2b", "#c8a878"), "big", _N_CLOTH),
        "fruit": (("#c62828", "#9fb83a", "#f5d327", "#ef7d1a"), "free", ("apple", "apples", "lemons", "lemon", "pears",
                                                                         "pear", "fruit", "grapes", "shells",
                                                                         "seashells", "bread", "cheese")),
        "fruit2": (("#e6b422", "#6aa84f", "#6a3d9a"), "free"),
        "pot": (("#dce3e8", "#5c6f80", "#2f5fb3"), "free",
                ("vase", "jug", "mug", "bottle", "glass", "coffee", "cup", "pot")) if pot else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("cpencil", "2B")
    out = ctx.other(main, "pen", "HB")
    table = ctx.i(20, 80, 10)
    js.start(paper)
    js.section("Wall and table")
    js("brush.noStroke();", f"brush.wash({_q(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {table + 300});",
       f"brush.wash({_q(pal['table'])}, 255);", f"brush.rect(-300, {table}, 600, {300 - table});")
    if pot:
        vx = ctx.i(-200, -120, 10)
        vase = [(vx - 45, table + 60), (vx + 45, table + 60), (vx + 30, table - 120), (vx - 30, table - 120)]
        js(f"brush.wash({_q(pal['pot'])}, 255);", f"brush.polygon({_pts(vase)});")
    _glaze(js, _shade(pal["table"], -0.2), -300, table + 80, 600, 220 - table, 150)
    js.section("Shadow")
    js(f"brush.hatch(6, {ctx.f(-0.6, -0.3)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({_q(main[-1])}, {_q(_shade(pal['table'], -0.4))}, 1);",
       f"brush.polygon({_pts([(-150, table + 90), (180, table + 70), (230, table + 110), (-100, table + 130)])});",
       "brush.noHatch();")
    js.section("Fruit")
    n = ctx.i(2, 4)
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = {ctx.i(-70, -20, 10)} + i * {ctx.i(70, 90, 10)}, y = {table + 50} + random(-10, 10), r = "
       "random(35, 50);")
    js("brush.noStroke();", f"brush.wash(random({_arr([pal['fruit'], pal['fruit2'], *ctx.extra])}), 255);",
       "brush.circle(x, y, r, 0.4);", "brush.noWash();", "brush.fill('#ffffff', 90);",
       "brush.circle(x - r * 0.3, y - r * 0.35, r * 0.25);", "brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);", "brush.circle(x, y, r);",
       f"brush.set({_q(main[0])}, {_q(ctx.fixed('#3b2412'))}, 1.5);", "brush.line(x, y - r, x + 5, y - r - 15);")
    js.close()
    js.section("Table edge")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.5);", f"brush.line(-300, {table}, 300, {table + ctx.i(-6, 6)});")


def _interior(js: _Js, ctx: _Ctx) -> None:
    pal = ctx.palette({
        "wall": (("#e0d2b0", "#b9d6ea", "#9bb38a", "#f2e4cf"), "big", ("wall", "walls", "room")),
        "floor": (("#8b5a2b", "#b9875a", "#6d4526"), "big", ("floor", "rug")),
        "thing": (("#c62828", "#2f5fb3", "#e6b422", "#3f8f3a"), "free", ("books", "armchair", "chair", "trunks",
                                                                         "lamp", "easels", "jars")),
        "window": (("#cfe0f5", "#f6d186"), "big", ("window", "light", "sunbeams")),
        "thing2": (("#ef7d1a", "#6a3d9a", "#1f7f7f"), "free"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "marker")
    floor = ctx.i(80, 140, 10)
    wx, wy = ctx.i(-220, 60, 10), ctx.i(-240, -180, 10)
    js.start(paper)
    js.section("Wall, floor and window")
    js("brush.noStroke();", f"brush.wash({_q(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {floor + 300});",
       f"brush.wash({_q(pal['floor'])}, 255);", f"brush.rect(-300, {floor}, 600, {300 - floor});",
       f"brush.wash({_q(pal['window'])}, 255);", f"brush.rect({wx}, {wy}, 160, 200);")
    _glaze(js, _shade(pal["floor"], -0.2), -300, floor + 40, 600, 260 - floor, 150)
    js.section("Furniture and things")
    js(f"const things = {_arr([pal['thing'], pal['thing2'], *ctx.extra])};")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js(f"const x = random(-260, 180), w = random(40, 110), h = random(40, 160);")
    js("brush.noStroke();", "brush.fill(random(things), 220);", f"brush.rect(x, {floor + 30} - h, w, h);",
       "brush.noFill();")
    js(f"brush.set({_q(out)}, {_q(ink)}, 1.2);", f"brush.rect(x, {floor + 30} - h, w, h);")
    js.close()
    js.section("Window frame and light")
    js(f"brush.set({_q(out)}, {_q(ink)}, 2);", f"brush.rect({wx}, {wy}, 160, 200);",
       f"brush.line({wx + 80}, {wy}, {wx + 80}, {wy + 200});", f"brush.line({wx}, {wy + 100}, {wx + 160}, {wy + 100});")
    beam = [(wx, wy + 200), (wx + 160, wy + 200), (wx + 260, floor + 120), (wx + 60, floor + 120)]
    js(f"brush.hatch(7, {ctx.f(0.6, 1.0)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({_q(main[0])}, {_q(pal['window'])}, 1);",
       "brush.noStroke();", f"brush.polygon({_pts(beam)});", "brush.noHatch();")
    js(f"brush.set({_q(main[0])}, {_q(_shade(pal['floor'], -0.35))}, 1);")
    js(f"for (let x = -300; x <= 300; x += {ctx.i(50, 75, 5)}) brush.line(x * 0.6, {floor}, x * 1.5, 300);")


def _night(js: _Js, ctx: _Ctx) -> None:
    if ctx.has("city", "skyline", "town", "village", "street", "market", "windows", "alley", "rooftops"):
        _city(js, ctx, night=True)
        return
    swirl = ctx.has("milky", "galaxy", "trails", "circling", "swirl", "swirling", "meteor", "fireworks", "aurora",
                    "bioluminescent") or ctx.chance(0.25)
    pal = ctx.palette({
        "sky": (("#1b2a55", "#23305e", "#2a3560"), "big", _N_SKY),
        "hills": (("#0b1226", "#141414", "#1e2a1e"), "big", _N_GROUND + ("mountain", "peak", "rocks", "cliffs")),
        "moon": (("#f6f1e0", "#f3ead2", "#f2e05a"), "small", ("moon", "lantern", "lamp")),
        "star": (("#f5d327", "#f2e05a", "#f7f7f7"), "free", _N_LIGHT),
        "glow": (("#4a86c8", "#ef7d1a", "#7f4fb8"), "free",
                 ("waves", "trails", "fireworks", "glow", "light", "lights")) if swirl else None,
    })
    paper = ctx.paper(dark=True)
    main = ctx.brushes("pastel", "crayon")
    out = ctx.other(main, "HB", "2B", "cpencil")
    ground = ctx.i(110, 190, 10)
    js.start(paper)
    js.section("Night sky and moon")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({_q(_shade(pal['sky'], 0.2))}, 255);",
       f"brush.rect(-300, {ground - ctx.i(180, 240, 20)}, 600, 300);")
    mx, my, mr = ctx.i(-200, 200, 10), ctx.i(-220, -150, 10), ctx.i(50, 75, 5)
    js(f"brush.wash({_q(pal['moon'])}, 255);", f"brush.circle({mx}, {my}, {mr});")
    js(f"brush.wash({_q(pal['hills'])}, 255);", "brush.beginShape(0.5);", "brush.vertex(-300, 300);",
       f"for (let x = -300; x <= 300; x += 100) brush.vertex(x, {ground} - random(60));", "brush.vertex(300, 300);",
       "brush.endShape(true);")
    _glaze(js, _shade(pal["sky"], 0.15), -300, -300, 600, ground - 60, 110)
    if swirl:
        js.section("Swirling light")
        js("brush.field('spiral');" if ctx.chance(0.6) else "brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"brush.set(random({_arr(main)}), "
           f"random({_arr([pal['glow'], pal['star'], _shade(pal['sky'], 0.3), *ctx.extra])}), random(0.8, 1.5));")
        js(f"brush.flowLine(random(-300, 300), random(-300, {ground - 40}), random(40, 120), 0);")
        js.close()
        js("brush.noField();")
    js.section("Stars")
    js.open(f"for (let i = 0; i < {ctx.i(15, 30, 5)}; i++)")
    js(f"const x = random(-290, 290), y = random(-290, {ground - 60});")
    js(f"brush.set({_q(main[0])}, random({_arr([pal['star'], pal['moon'], *ctx.extra])}), random(1, 2));")
    js("brush.line(x - 4, y, x + 4, y);", "brush.line(x, y - 4, x, y + 4);")
    js.close()
    js(f"brush.set({_q(out)}, {_q(pal['moon'])}, 1);", f"brush.circle({mx}, {my}, {mr + ctx.i(8, 16)});")
    if ctx.has("trees", "tree", "birch", "birches", "forest", "pines", "cactus", "woods"):
        xs = sorted(ctx.i(-280, 280, 10) for _ in range(ctx.i(3, 6)))
        js.section("Trees")
        js(f"brush.set({_q(out)}, {_q(pal['moon'] if ctx.has('birch', 'birches') else ctx.fixed('#0b0f1a'))}, "
           f"{ctx.f(3, 5)});")
        js(f"for (const x of [{', '.join(map(str, xs))}]) brush.line(x, {ground + 60}, x + random(-10, 10), "
           f"{ctx.i(-200, -80, 10)});")
    if ctx.has("lake", "sea", "river", "water", "beach", "waves"):
        js.section("Reflections")
        js(f"brush.set({_q(out)}, {_q(pal['moon'])}, 1.5);")
        js(f"for (let i = 0; i < 12; i++) brush.line({mx} - random(60), {ground + 30} + i * 8, {mx} + random(60), "
           f"{ground + 30} + i * 8);")
    else:
        many = ctx.has("fireflies", "lanterns", "lantern", "lights", "glowing", "tents", "headlights", "camp")
        js.section("Glowing lights")
        js("brush.noStroke();", f"brush.wash({_q(pal['star'])}, 255);")
        js(f"for (let i = 0; i < {ctx.i(20, 30) if many else ctx.i(6, 12)}; i++) "
           f"brush.circle(random(-280, 280), random({ground - 60 if many else ground + 20}, 280), "
           f"random({5 if many else 3}, {12 if many else 7}));")


def _weather(js: _Js, ctx: _Ctx) -> None:
    snow = ctx.has("snow", "snowstorm", "blizzard", "frost", "hail", "snowy")
    storm = ctx.has("lightning", "thunderstorm", "storm", "hurricane")
    wind = ctx.has("wind", "windy", "gust", "devil", "sandstorm", "swirling", "haze", "sweeping", "bending")
    rainbow = ctx.has("rainbow")
    fog = ctx.has("fog", "mist", "misty")
    pal = ctx.palette({
        "sky": (("#8a96a3", "#a6a6a6", "#9ec3e0", "#7d92a8") if (storm or snow or fog) else _SKY, "big", _N_SKY),
        "ground": (("#6aa84f", "#c8a878", "#8aa97a", "#7a7a32") if not snow else ("#f7f7f7", "#eef0f2"), "big",
                   _N_GROUND),
        "cloud": (("#5c5c5c", "#808080", "#4a4a5a") if storm else ("#dfe3e8", "#f7f7f7"), "big", _N_CLOUD),
        "accent": (("#f5d327", "#f0a020"), "small", ("lightning", "bolt")) if storm else None,
        "mark": (("#2f5fb3", "#5c5c5c", "#1d3f7a") if not snow else ("#f7f7f7",), "free",
                 ("rain", "lines", "snow", "leaves", "grass", "drizzle", "hail")) if snow or wind or not fog else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "charcoal", "marker")
    ground = ctx.i(120, 200, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({_q(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({_q(pal['ground'])}, 255);", "brush.beginShape(0.5);", "brush.vertex(-300, 300);",
       f"for (let x = -300; x <= 300; x += 150) brush.vertex(x, {ground} - random(40));", "brush.vertex(300, 300);",
       "brush.endShape(true);")
    js.section("Clouds")
    js(f"brush.wash({_q(pal['cloud'])}, 255);")
    js(f"for (let i = 0; i < {ctx.i(10, 16)}; i++) brush.circle(random(-280, 280), random(-260, -120), random(40, "
       "80));")
    _glaze(js, _shade(pal["cloud"], -0.15), -300, -300, 600, ctx.i(100, 160, 10), 140)
    if rainbow:
        js.section("Rainbow")
        js.open("for (const [k, c] of [[0, '#c62828'], [1, '#ef7d1a'], [2, '#f5d327'], [3, '#3f8f3a'], [4, "
                "'#2f5fb3'], [5, '#6a3d9a']])")
        js(f"brush.set({_q(main[0])}, c, 4);",
           f"brush.arc({ctx.i(-60, 60, 10)}, {ground + 20}, {ctx.i(200, 260, 10)} - k * 12, 0, PI);")
        js.close()
    if storm:
        js.section("Lightning")
        x0 = ctx.i(-150, 150, 10)
        js(f"let x = {x0}, y = -150;", f"brush.set({_q(out)}, {_q(pal['accent'])}, 3);")
        js.open(f"while (y < {ground - 20})")
        js("const nx = x + random(-40, 40), ny = y + random(30, 60);", "brush.line(x, y, nx, ny);", "x = nx;",
           "y = ny;")
        js.close()
    js.section("Snow" if snow else ("Wind" if wind else ("Fog" if fog else "Rain")))
    if snow:
        js(f"brush.set({_q(main[0])}, random({_arr([pal['mark'], *ctx.extra])}), 2);")
        js(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++) brush.circle(random(-290, 290), random(-290, 290), "
           "random(2, 5));")
        js(f"brush.set({_q(out)}, {_q(ink)}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(5, 9)}; i++) "
           f"{{ const x = random(-280, 280); brush.line(x, {ground + 40}, x + random(-5, 5), {ground - 10}); }}")
    elif wind:
        js("brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"brush.set(random({_arr(main)}), "
           f"random({_arr([pal['mark'], _shade(pal['ground'], -0.3), pal['cloud']])}), random(1, 2));")
        js("brush.flowLine(random(-320, 250), random(-250, 280), random(60, 160), 0);")
        js.close()
        js("brush.noField();")
    elif fog:
        js(f"brush.set({_q(main[0])}, random({_arr([ink, *ctx.extra])}), 2);")
        js(f"for (let i = 0; i < {ctx.i(6, 10)}; i++) "
           f"{{ const x = random(-280, 280); brush.line(x, {ground + 20}, x, {ground - 80} + random(40)); }}")
        js(f"brush.set({_q(out)}, {_q(ink)}, 1);",
           f"brush.spline([[-300, {ground}], [0, {ground - ctx.i(10, 40)}], [300, {ground}]], 0.5);")
        js("brush.noStroke();", f"brush.fill({_q(pal['cloud'])}, 160);")
        js(f"for (let i = 0; i < 4; i++) brush.rect(-300, {ground - 120} + i * 40, 600, 24);")
        js("brush.noFill();")
    else:
        slant = ctx.i(-30, 30, 5)
        js.open(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++)")
        js("const x = random(-320, 300), y = random(-200, 280);")
        js(f"brush.set(random({_arr(main)}), random({_arr([pal['mark'], _shade(pal['mark'], 0.2), *ctx.extra])}), 1);")
        js(f"brush.line(x, y, x + {slant // 3}, y + random(20, 40));")
        js.close()
        js(f"brush.set({_q(out)}, {_q(_shade(pal['ground'], -0.3))}, 1);")
        js("for (let i = 0; i < 6; i++) "
           f"{{ const y = random({ground + 20}, 280), x = random(-250, 250); "
           "brush.line(x, y, x + random(20, 50), y); }")


_TEMPLATES: dict[str, Callable[[_Js, _Ctx], None]] = {
    "abstract": _abstract,
    "animal": _animal,
    "flower": _flower,
    "geometric": _geometric,
    "landscape": _landscape,
    "night": _night,
    "pattern": _pattern,
    "scene": _scene,
    "sky": _sky,
    "tree": _tree,
    "water": _water,
    "weather": _weather,
}
# Aliases a caller may use for a category.
_ALIASES = {"city": "scene", "still_life": "scene", "still-life": "scene", "space": "night", "op-art": "geometric",
            "op_art": "geometric", "sea": "water", "ocean": "water", "seascape": "water", "plant": "flower",
            "plants": "flower", "forest": "tree", "cityscape": "scene", "interior": "scene", "bird": "animal",
            "animals": "animal"}

# Keyword routing when there is no (known) category: first match wins.
_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("night", ("night", "moon", "moonlit", "stars", "starry", "midnight", "galaxy", "milky", "fireflies", "nebula",
               "space", "planet", "planets", "cosmos", "fireworks", "lantern")),
    ("weather", ("rain", "rainy", "snow", "snowstorm", "storm", "stormy", "fog", "foggy", "wind", "windy", "lightning",
                 "blizzard", "hail", "drizzle", "thunderstorm", "rainbow", "hurricane", "frost", "tornado")),
    ("animal", ("cat", "dog", "fish", "koi", "bird", "birds", "owl", "crow", "horse", "fox", "rabbit", "deer", "whale",
                "tiger", "lion", "elephant", "butterfly", "bee", "snail", "hedgehog", "heron", "flamingo", "geese",
                "goldfish", "jellyfish", "turtle", "bear", "wolf", "duck", "swan", "hummingbird", "ladybug")),
    ("flower", ("flower", "flowers", "rose", "roses", "tulip", "tulips", "poppy", "poppies", "daisy", "daisies",
                "sunflower", "sunflowers", "lotus", "peony", "peonies", "blossom", "bouquet", "orchid", "iris",
                "lily", "pansy", "hibiscus", "bloom", "blooming", "petals", "dandelion", "marigolds")),
    ("tree", ("tree", "trees", "forest", "oak", "pine", "pines", "birch", "willow", "palm", "grove", "woods", "spruce",
              "cypress", "bonsai", "maple", "maples")),
    ("scene", ("city", "skyline", "street", "town", "village", "buildings", "houses", "rooftops", "still", "apple",
               "apples", "pear", "pears", "lemons", "vase", "mug", "jug", "bowl", "table", "room", "chair", "window",
               "market", "cafe", "bookshelf", "kitchen")),
    ("water", ("sea", "ocean", "waves", "wave", "river", "lake", "pond", "stream", "water", "beach", "shore", "lagoon",
               "bay", "harbour", "harbor", "waterfall", "ripples", "canal", "surf", "tide", "lighthouse", "coast",
               "coastal", "boat", "boats", "sailboat")),
    ("sky", ("sky", "skies", "clouds", "cloud", "sunset", "sunrise", "dawn", "dusk", "cumulus", "cirrus")),
    ("pattern", ("pattern", "patterns", "tile", "tiles", "weave", "plaid", "tartan", "quilt", "wallpaper", "textile",
                 "fabric", "gingham", "herringbone", "paisley", "repeating", "repeated", "motif", "motifs", "brick")),
    ("geometric", ("geometric", "circles", "squares", "triangles", "grid", "op-art", "op", "stripes", "hexagon",
                   "hexagonal", "lattice", "bauhaus", "mondrian", "cube", "cubes", "concentric", "polygon",
                   "polygons", "tessellation", "isometric", "mandala")),
    ("landscape", ("landscape", "hill", "hills", "mountain", "mountains", "field", "fields", "meadow", "valley",
                   "desert", "dunes", "canyon", "cliff", "cliffs", "horizon", "prairie", "road", "countryside",
                   "farm", "glacier", "volcano")),
)


def template_for(prompt: str, category: str | None) -> str:
    """The template (a category name of `CATEGORIES`) a prompt is painted with."""
    if category:
        key = category.strip().lower()
        key = _ALIASES.get(key, key)
        if key in _TEMPLATES:
            return key
    words = set(_words(prompt))
    text = prompt.lower()
    for name, keys in _KEYWORDS:
        if any((k in words) if "-" not in k else (k in text) for k in keys):
            return name
    return "abstract"


def _rng(prompt: str, category: str | None, seed: int) -> random.Random:
    digest = hashlib.sha256(f"{prompt}\x00{category}\x00{seed}".encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def generate_sketch(prompt: str, category: str | None, seed: int) -> str:
    """A complete, valid p5.brush sketch (JavaScript source) that paints the prompt.

    Deterministic in (prompt, category, seed).
    """
    ctx = _Ctx(prompt, _rng(prompt, category, seed))
    js = _Js(_title(prompt))
    _TEMPLATES[template_for(prompt, category)](js, ctx)
    return js.code()


def corpus(prompts: list[tuple[str, str | None]], per_prompt: int, seed: int = 0) -> list[tuple[str, str]]:
    """(prompt, sketch) pairs, per_prompt variants per prompt."""
    out = []
    for prompt, category in prompts:
        for k in range(per_prompt):
            out.append((prompt, generate_sketch(prompt, category, seed * 1_000_003 + k)))
    return out
