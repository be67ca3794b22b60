"""Geometric prompts that name one structure: truchet tiles, a Bauhaus composition, a grid of dots, a sphere.

The general geometric templates (`geometry.py`) paint rings, grids, lattices or rays whatever the prompt names
within them; a prompt that names a structure of its own should show that structure, since these paintings
teach the policy (the warm start) and the offline judge's procedural map what such a prompt looks like.
"""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import BRIGHT, SHAPE_NOUNS, PromptContext
from paint_pipeline.warm_start.procedural.writing import JsWriter, quote, str_array

PRIMARY = ("#c62828", "#2f5fb3", "#e6b422")


def motif_for(ctx: PromptContext, *, pattern: bool = False) -> str | None:
    """The structure a geometric prompt (`pattern`: a pattern prompt) names, if it is one of this module's."""
    if ctx.has("truchet"):
        return "truchet"
    if ctx.has("sphere", "bulging", "globe"):
        return "sphere"
    if pattern:  # a pattern's dots are a fabric's motifs or a stippled texture, not a grid of dots
        return None
    if ctx.has("bauhaus", "tangram", "primary colours", "primary colors", "suprematist", "constructivist"):
        return "composition"
    if ctx.has("dots", "dotted", "polka"):
        return "dots"
    return None


def paint_motif(js: JsWriter, ctx: PromptContext, motif: str) -> None:
    {"truchet": _truchet, "sphere": _sphere, "composition": _composition, "dots": _dots}[motif](js, ctx)


def _truchet(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "ground": (("#efe6cf", "#f2e8d0", "#e9dfc4"), "big", ("background", "ground", "tiles")),
        "line": (("#141414", "#1d3f7a", "#2b2622"), "free", ("arcs", "lines", "curves")),
        "accent": (BRIGHT, "small"),
    })
    js.start(ctx.paper())
    main = ctx.brushes("rotring", "pen")
    n = ctx.pick([6, 8, 10])
    s = 480 // n
    js.section("The tiled ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['ground'])}, 255);", "brush.rect(-240, -240, 480, 480);",
       "brush.noWash();", f"brush.fill({quote(pal['accent'])}, 90);",
       f"brush.circle({ctx.i(-120, 120, 10)}, {ctx.i(-120, 120, 10)}, {ctx.i(40, 80, 10)});", "brush.noFill();")
    js.section("Each tile: two quarter circles on opposite corners, turned at random")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, {ctx.pick([4, 5, 6])});")
    js.open(f"for (let i = 0; i < {n}; i++)")
    js.open(f"for (let j = 0; j < {n}; j++)")
    js(f"const x = -240 + i * {s}, y = -240 + j * {s};")
    js.open("if (random() < 0.5)")
    js(f"brush.arc(x, y, {s // 2}, -HALF_PI, 0);", f"brush.arc(x + {s}, y + {s}, {s // 2}, HALF_PI, PI);")
    js.close()
    js.open("else")
    js(f"brush.arc(x + {s}, y, {s // 2}, PI, PI + HALF_PI);", f"brush.arc(x, y + {s}, {s // 2}, 0, HALF_PI);")
    js.close()
    js.close()
    js.close()
    js.section("A frame")
    js(f"brush.set({quote(ctx.other(main, 'HB', 'marker', '2B'))}, {quote(pal['line'])}, 1.5);",
       "brush.rect(-240, -240, 480, 480);", "brush.line(-240, 250, 240, 250);")
    js(f"brush.hatch(6, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(main[-1])}, {quote(pal['line'])}, 1);",
       "brush.noStroke();", f"brush.rect(-240 + {s} * {ctx.i(0, n - 1)}, -240 + {s} * {ctx.i(0, n - 1)}, {s}, {s});",
       "brush.noHatch();")


def _composition(js: JsWriter, ctx: PromptContext) -> None:
    first, second, third = ctx.rng.sample(PRIMARY, 3)  # three different primaries unless the prompt names colours
    pal = ctx.palette({
        "a": ((first,), "free", SHAPE_NOUNS),
        "b": ((second,), "free", SHAPE_NOUNS),
        "c": ((third,), "free", SHAPE_NOUNS),
        "bar": (("#141414", "#222222"), "free", ("bars", "lines")),
    })
    cols = [pal["a"], pal["b"], pal["c"], *ctx.extra]
    js.start(ctx.paper())
    main = ctx.brushes("marker", "rotring")
    cx, cy, r = ctx.i(-120, 60, 10), ctx.i(-140, 20, 10), ctx.i(90, 140, 10)
    sx, sy, side = ctx.i(0, 120, 10), ctx.i(-20, 100, 10), ctx.i(120, 180, 10)
    tx = ctx.i(-240, -120, 10)
    js.section("Large flat shapes: a circle, a square, a triangle")
    js(f"const cols = {str_array(cols)};", "brush.noStroke();")
    js("brush.wash(cols[0], 255);", f"brush.circle({cx}, {cy}, {r});")
    js("brush.wash(cols[1], 255);", f"brush.rect({sx}, {sy}, {side}, {side});")
    js("brush.wash(cols[2], 255);", f"brush.polygon([[{tx}, 230], [{tx + 90}, 60], [{tx + 180}, 230]]);")
    js("brush.noWash();", f"brush.fill(cols[{ctx.i(0, 2)}], 200);",
       f"brush.rect({ctx.i(-250, 150, 10)}, {ctx.i(-260, -200, 10)}, {ctx.i(60, 120, 10)}, 24);", "brush.noFill();")
    js.section("Bars and construction lines")
    js(f"brush.set({quote(main[0])}, {quote(pal['bar'])}, 3);")
    js(f"brush.line(-270, {ctx.i(-60, 60, 10)}, 270, {ctx.i(-60, 60, 10)});",
       f"brush.line({ctx.i(-40, 40, 10)}, -270, {ctx.i(-40, 40, 10)}, 270);")
    js(f"brush.set({quote(main[-1])}, {quote(pal['bar'])}, 1.5);",
       f"brush.arc({sx + side // 2}, {sy + side // 2}, {side // 2 + 20}, 0, PI);",
       f"for (let k = 0; k < {ctx.i(3, 6)}; k++) brush.circle(-250 + k * 24, -250, 6);")
    js(f"brush.hatch(7, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(main[-1])}, {quote(pal['bar'])}, 1);",
       f"brush.circle({cx}, {cy}, {r // 2});", "brush.noHatch();")


def _dots(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "dot": (BRIGHT, "free", ("dots", "dot", "spots")),
        "second": (BRIGHT, "free", SHAPE_NOUNS),
        "line": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "ink", "grid")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("marker", "pen")
    n = ctx.pick([7, 9, 11])
    s = 480 // n
    jitter = ctx.pick([0, 0, 4])
    js.section("A faint ground")
    js("brush.noStroke();", f"brush.fill({quote(pal['second'])}, 60);", "brush.rect(-250, -250, 500, 500);",
       "brush.noFill();")
    js.section("A grid of dots")
    js(f"const cols = {str_array([pal['dot'], pal['dot'], pal['second'], *ctx.extra])};")
    js.open(f"for (let i = 0; i < {n}; i++)")
    js.open(f"for (let j = 0; j < {n}; j++)")
    js(f"const x = -240 + (i + 0.5) * {s} + random(-{jitter}, {jitter}), y = -240 + (j + 0.5) * {s};")
    js("brush.fill(random(cols), 230);", f"brush.circle(x, y, {ctx.pick([s // 5, s // 4, s // 3])});")
    js.close()
    js.close()
    js("brush.noFill();")
    js.section("Guide lines")
    js(f"brush.set({quote(ctx.other(main, 'HB', '2B'))}, {quote(pal['line'])}, 1);")
    js(f"for (let k = 0; k <= {n}; k += {n // 2}) brush.line(-240 + k * {s}, -250, -240 + k * {s}, 250);")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1.5);", "brush.rect(-250, -250, 500, 500);")
    js(f"brush.hatch(6, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(main[-1])}, {quote(pal['dot'])}, 1);",
       "brush.noStroke();", f"brush.circle({ctx.i(-150, 150, 10)}, {ctx.i(-150, 150, 10)}, {s});", "brush.noHatch();")


def _sphere(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "body": (("#d8d0c0", "#cfd8e0", "#e0cfc0"), "free", ("sphere", "globe", "ball")),
        "line": (("#141414", "#2b2622", "#3a3a3a"), "free", ("lines", "ink", "hatching", "contour")),
        "shadow": (("#8a8478", "#6f7680"), "small", ("shadow",)),
    })
    js.start(ctx.paper())
    main = ctx.brushes("HB", "pen")
    cx, cy, r = ctx.i(-40, 40, 10), ctx.i(-60, 0, 10), ctx.i(150, 190, 10)
    js.section("The ground and the cast shadow")
    js(f"brush.set({quote(ctx.other(main, '2B', 'charcoal'))}, {quote(pal['line'])}, 1.5);",
       f"brush.line(-280, {cy + r + 20}, 280, {cy + r + 20});")
    js("brush.noStroke();", f"brush.fill({quote(pal['shadow'])}, 150);",
       f"brush.polygon([[{cx - r + 40}, {cy + r + 20}], [{cx + 10}, {cy + r}], [{cx + r + 90}, {cy + r + 10}], "
       f"[{cx + r + 40}, {cy + r + 40}], [{cx - 20}, {cy + r + 45}]]);", "brush.noFill();")
    js.section("The sphere: a light body, then its shaded side hatched")
    js(f"brush.fill({quote(pal['body'])}, 140);", f"brush.circle({cx}, {cy}, {r});", "brush.noFill();")
    js(f"brush.hatch({ctx.i(6, 9)}, {ctx.f(0.6, 1.0)});",
       f"brush.hatchStyle({quote(main[0])}, {quote(pal['line'])}, 1);",
       f"brush.circle({cx + r // 4}, {cy + r // 4}, {r * 3 // 4});", "brush.noHatch();")
    js.section("Contour lines wrapped around it: parallels and meridians")
    js(f"brush.set({quote(main[-1])}, {quote(pal['line'])}, 1.2);", f"const cx = {cx}, cy = {cy}, r = {r};")
    js.open(f"for (let k = -{ctx.pick([3, 4])}; k <= {ctx.pick([3, 4])}; k++)")
    js("const t = k / 5, w = r * sqrt(1 - t * t), y = cy + r * t;")
    js("brush.spline([[cx - w, y], [cx, y + w * 0.25], [cx + w, y]], 0.8);")
    js("brush.spline([[cx, cy - r], [cx + r * t * 1.2, cy], [cx, cy + r]], 0.8);")
    js.close()
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 2);", "brush.circle(cx, cy, r);")
