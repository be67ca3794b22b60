"""Flower heads by species: the shapes `plants.paint_flower` paints at each head position.

Each head is written inside a JavaScript loop that has defined `x`, `y` (where the head sits), `r` (its size) and
`c` (its petal colour); it starts and ends with no stroke, wash or fill set, and closes its washes with a fill
before any stroke (the wash-drop rule of the package docstring).
"""

from __future__ import annotations

import math

from paint_pipeline.warm_start.procedural.reading import PromptContext
from paint_pipeline.warm_start.procedural.writing import JsWriter, num, quote

# Words -> (head shape, default petal colours), in the order a prompt is read.
SPECIES = (
    (("sunflower", "sunflowers"), "sunflower", ("#f5d327", "#e6b422")),
    (("tulip", "tulips"), "tulip", ("#c62828", "#e0457b", "#f5d327")),
    (("lavender", "foxglove", "foxgloves", "lupin", "lupins", "lupines", "hollyhock", "hollyhocks", "delphinium",
      "delphiniums", "heather", "hyacinth", "hyacinths", "snapdragons"), "spike", ("#8a4fa8", "#a58fcf", "#c060a0")),
    (("dandelion", "dandelions", "seedhead", "seedheads"), "clock", ("#e8e4dc",)),
    (("lotus", "lily", "lilies", "waterlily", "waterlilies"), "lotus", ("#f7f7f7", "#f2b5c8")),
    (("poppy", "poppies", "anemone", "anemones"), "poppy", ("#c62828", "#e0452b")),
    (("marigold", "marigolds", "calendula"), "daisy", ("#ef7d1a", "#f0a020")),
    (("daisy", "daisies", "chamomile", "cosmos", "asters", "aster", "coneflowers"), "daisy", ("#f7f7f7", "#f2b5c8")),
    (("rose", "roses", "peony", "peonies", "camellia", "camellias", "ranunculus", "rosebud"), "rose",
     ("#c62828", "#eb8fb0", "#d9607e")),
    (("cornflower", "cornflowers", "bluebell", "bluebells", "forget"), "round", ("#3a6fc4", "#4f7fd0")),
    (("blossom", "blossoms", "cherry", "plum", "almond", "sakura"), "round", ("#f2b5c8", "#f7d4de", "#eb8fb0")),
)


GENERIC_COLOURS = ("#c62828", "#eb8fb0", "#ef7d1a", "#8a4fa8", "#f5d327")  # flowers of no named species


def species_of(ctx: PromptContext, most: int = 3) -> list[tuple[str, tuple[str, ...]]]:
    """The head shapes (and their default colours) of the species a prompt names, in its order; at least one."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for w in ctx.words:
        for words, head, colours in SPECIES:
            if w in words and (head, colours) not in out:
                out.append((head, colours))
    return out[:most] or [("round", GENERIC_COLOURS)]


def _petal_ring(js: JsWriter, n: int, width: float, start: float = 0, end: float = 2 * math.pi, r: str = "r",
                y: str = "y") -> None:
    """n pointed petals from angle `start` to `end` around (x, y), each reaching r from the centre (JavaScript
    expressions), in the current wash or fill: (u, v) runs from the base to the tip, the sides bulge at half way."""
    step, w = num(round((end - start) / n, 3)), num(round(width / 2, 3))
    js(f"for (let a = {num(round(start + 0.01, 2))}; a < {num(round(end, 2))}; a += {step}) {{ const u = {r} * cos(a), "
       f"v = {r} * sin(a); brush.polygon([[x, {y}], [x + u / 2 - v * {w}, {y} + v / 2 + u * {w}], [x + u, {y} + v], "
       f"[x + u / 2 + v * {w}, {y} + v / 2 - u * {w}]]); }}")


def _close(js: JsWriter, colour: str, alpha: int, shape: str) -> None:
    """End the head's washes with one filled shape (a wash is dropped if a stroke follows it directly)."""
    js(f"brush.noWash(); brush.fill({colour}, {alpha}); {shape} brush.noFill();")


def _mark(js: JsWriter, out: str, ink: str, weight: float, shape: str) -> None:
    js(f"brush.set({quote(out)}, {quote(ink)}, {num(weight)}); {shape} brush.noStroke();")


def paint_head(js: JsWriter, ctx: PromptContext, head: str, centre: str, out: str, ink: str, big: bool = True) -> None:
    """One flower head of shape `head` at (x, y), size r, petal colour c (JavaScript names); a `big` head (one
    of a few, seen close) gets its shaded side too."""
    if head == "clock":  # a dandelion clock: fine radial filaments with a seed tuft at each tip
        js(f"brush.fill({quote(centre)}, 220); brush.circle(x, y, r * 0.12); brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(ink)}, 0.5);")
        js.open(f"for (let k = 0; k < {ctx.i(36, 48, 4)}; k++)")
        js("const a = k * 0.14 + random(-0.05, 0.05), len = r * random(0.85, 1);")
        js("brush.line(x, y, x + len * cos(a), y + len * sin(a));",
           "brush.circle(x + len * cos(a), y + len * sin(a), 3);")
        js.close()
        js("brush.noStroke();")
        return
    js("brush.wash(c, 255);")
    if head == "tulip":  # a cup of pointed petals, deeper in tone on its shaded side and at its foot
        js("brush.polygon([[x - r * 0.6, y - r], [x, y - r * 0.5], [x + r * 0.6, y - r], [x + r * 0.55, y + r * 0.2], "
           "[x, y + r * 0.5], [x - r * 0.55, y + r * 0.2]]);")
        if big:
            js(f"brush.noWash(); brush.fill({quote(ink)}, 40); brush.polygon([[x, y - r * 0.5], [x + r * 0.6, y - r], "
               "[x + r * 0.55, y + r * 0.2], [x, y + r * 0.5]]);")
        js(("" if big else "brush.noWash(); ") + "brush.fill(c, 210); brush.polygon([[x - r * 0.3, y + r * 0.4], "
           "[x, y - r * 1.1], [x + r * 0.3, y + r * 0.4]]); brush.noFill();")
        _mark(js, out, ink, 1, "brush.line(x - r * 0.3, y + r * 0.4, x, y - r); brush.line(x + r * 0.3, y + r * 0.4, "
                               "x, y - r * 1.1);")
    elif head == "spike":  # a spire of small buds, smaller towards the tip
        n = ctx.i(9, 12)
        js(f"for (let k = 0; k < {n}; k++) brush.circle(x + random(-2, 2), y + r * 2.2 - k * r * "
           f"{num(round(2.2 / n, 2))}, r * (0.42 - k * {num(round(0.3 / n, 3))}));")
        _close(js, "c", 160, "brush.circle(x, y + r * 1.6, r * 0.25);")
        _mark(js, out, ink, 0.8, "brush.line(x, y + r * 2.4, x, y - r * 0.1);")
    elif head == "lotus":  # a fan of pointed back petals, a shaded cup of front petals round the seed pod
        _petal_ring(js, 9, 0.4, -math.pi, 0)
        js(f"brush.noWash(); brush.fill({quote(ink)}, 30);")
        _petal_ring(js, 5, 0.5, -math.pi * 0.85, -math.pi * 0.15, "r * 0.7")
        _close(js, quote(centre), 230, "brush.circle(x, y - r * 0.1, r * 0.12);")
        _mark(js, out, ink, 0.8, "for (let a = -3.05; a < 0; a += 0.35) brush.line(x, y, x + cos(a) * r, "
                                 "y + sin(a) * r);")
    elif head in ("sunflower", "daisy"):  # a ring of many pointed petals round a centre
        big = head == "sunflower"
        _petal_ring(js, ctx.i(16, 22) if big else ctx.i(12, 16), 0.2 if big else 0.12)
        _close(js, quote(centre), 240, f"brush.circle(x, y, r * {0.45 if big else 0.22});")
        _mark(js, out, ink, 1, f"brush.circle(x, y, r * {0.3 if big else 0.15});")
    elif head == "rose":  # a round bloom with a spiral of petals inside
        js("brush.circle(x, y, r);")
        _close(js, quote(ink), 40, "brush.circle(x + r * 0.1, y + r * 0.1, r * 0.5);")
        js("const sp = [];", "for (let a = 0; a < 14; a += 0.4) sp.push([x + a * r * 0.05 * cos(a), "
           "y + a * r * 0.05 * sin(a)]);")
        _mark(js, out, ink, 1, "brush.spline(sp, 0.5);")
    else:  # round petals: "round" (5-8 petals) or "poppy" (4 broad petals and a dark centre)
        n, dist, size = (4, 0.45, 0.65) if head == "poppy" else (ctx.i(5, 8), 1, 0.6)
        step = num(round(2 * math.pi / n, 3))
        d = "r" if dist == 1 else f"r * {num(dist)}"
        js(f"for (let k = 0; k < {n}; k++) brush.circle(x + {d} * cos(k * {step}), y + {d} * sin(k * {step}), "
           f"r * {num(size)});")
        _close(js, quote(centre), 230, "brush.circle(x, y, r * 0.3);")
        _mark(js, out, ink, 1, "brush.circle(x, y, r * 0.2);")


def centre_colour(head: str, ctx: PromptContext) -> str:
    """The colour of a head's centre (the pad of seeds, the stamens)."""
    if head in ("sunflower",):
        return ctx.fixed("#4a2c17")
    if head == "poppy":
        return ctx.fixed("#1f1d1a")
    if head == "clock":
        return ctx.fixed("#8a7f6a")
    return ctx.fixed(ctx.pick(["#e6b422", "#f5d327"]))
