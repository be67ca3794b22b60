"""Geometric prompts that name one structure: truchet tiles, a Bauhaus composition, a grid of dots, a sphere,
a hexagon tiling, isometric cubes, a flower of life, a row of circles, one large square, rays from a point.

The general geometric templates (`geometry.py`) paint rings, grids, lattices, stripes or nested squares. A prompt
that names one of the structures above gets that structure instead, since these paintings teach the policy (the
warm start) and the offline judge's procedural map what such a prompt looks like.
"""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import BRIGHT, SHAPE_NOUNS, PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, quote, str_array

PRIMARY = ("#c62828", "#2f5fb3", "#e6b422")


def motif_for(ctx: PromptContext, *, pattern: bool = False) -> str | None:
    """The structure a geometric prompt (`pattern`: a pattern prompt) names, if it is one of this module's."""
    if ctx.has("truchet"):
        return "truchet"
    if ctx.has("sphere", "bulging", "globe"):
        return "sphere"
    if ctx.has("hexagon", "hexagons", "hexagonal", "honeycomb"):
        return "hexagons"
    if ctx.has("isometric", "cube", "cubes", "staircase"):
        return "cubes"
    if pattern:  # a pattern's dots are a fabric's motifs or a stippled texture, not a grid of dots
        return None
    if ctx.has("flower of life", "seed of life"):
        return "flower of life"
    if ctx.has("bauhaus", "tangram", "primary colours", "primary colors", "suprematist", "constructivist"):
        return "composition"
    if ctx.has("dots", "dotted", "polka"):
        return "dots"
    if ctx.has("radiating", "rays", "sunburst"):
        return "rays"
    if ctx.has("row") and ctx.has("circles", "discs", "rings"):
        return "row"
    if ctx.has("square") and not ctx.has("squares", "grid", "checkerboard", "nested"):
        return "square"
    return None


def paint_motif(js: JsWriter, ctx: PromptContext, motif: str) -> None:
    {"truchet": _truchet, "sphere": _sphere, "composition": _composition, "dots": _dots, "hexagons": _hexagons,
     "cubes": _cubes, "flower of life": _flower_of_life, "rays": _rays, "row": _row, "square": _square}[motif](js, ctx)


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
    wobble = f" + random(-{jitter}, {jitter})" if jitter else ""
    js(f"const x = -240 + (i + 0.5) * {s}{wobble}, y = -240 + (j + 0.5) * {s};")
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


def _hexagons(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (BRIGHT, "free", (*SHAPE_NOUNS, "hexagons", "honeycomb")),
        "b": (BRIGHT, "free", SHAPE_NOUNS),
        "line": (("#141414", "#2b2622", "#4a3220"), "free", ("lines", "ink", "outlines", "edges")),
    })
    paper = ctx.paper()
    js.start(paper)
    main = ctx.brushes("pen", "rotring")
    r = ctx.pick([40, 48, 56])
    w, h = round(r * 1.732), round(r * 1.5)
    js.section("Hexagonal cells: each row shifted by half a cell")
    js(f"const cols = {str_array([pal['a'], pal['b'], *ctx.extra])}, cells = [];")
    js.open(f"for (let j = 0; j <= {600 // h + 1}; j++)")
    js.open(f"for (let i = 0; i <= {600 // w + 1}; i++)")
    js(f"const x = -300 + i * {w} + (j % 2) * {w // 2}, y = -300 + j * {h}, hex = [];")
    js(f"for (let k = 0; k < 6; k++) hex.push([x + {r} * cos((2 * k + 1) * PI / 6), "
       f"y + {r} * sin((2 * k + 1) * PI / 6)]);")
    js("cells.push(hex);")
    js.close()
    js.close()
    js.section("Each cell washed in one of the colours")
    js("brush.noStroke();")
    js("for (const hex of cells) {", "  brush.wash(random(cols), 255);", "  brush.polygon(hex);", "}")
    glaze(js, shade(pal["a"], 0.3), -300, -300, 600, 600, 60)
    js.section("Cell walls, darker on the lower edges")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1.5);", "for (const hex of cells) brush.polygon(hex);")
    js(f"brush.set({quote(main[-1])}, {quote(pal['line'])}, 3);")
    js("for (const hex of cells) brush.line(hex[0][0], hex[0][1], hex[1][0], hex[1][1]);")


def _cubes(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "top": (("#e8e4dc", "#efe6cf", "#dcdcdc"), "free", ("tops", "top")),
        "left": (("#9a9a9a", "#a08c78", "#8ca0b4"), "free", ("cubes", "cube", "sides")),
        "right": (("#4a4a4a", "#3a3530", "#35404a"), "free", ("shadows", "shadow")),
        "line": (("#141414", "#2b2622"), "free", ("lines", "ink", "edges", "hatching")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "charcoal")
    grainy = ctx.has("charcoal", "pastel", "crayon", "chalk")  # a grainy medium: bigger cubes, edges only
    s = ctx.pick([64, 72, 80] if grainy else [56, 64, 72])
    w, h = round(s * 1.732), round(s * 1.5)
    js.section("Isometric cubes: a light top, a mid left and a dark right face around each centre")
    js("const tops = [], lefts = [], rights = [];")
    js.open(f"for (let j = 0; j <= {600 // h + 1}; j++)")
    js.open(f"for (let i = 0; i <= {600 // w + 1}; i++)")
    js(f"const x = -300 + i * {w} + (j % 2) * {w // 2}, y = -300 + j * {h};")
    js(f"tops.push([[x, y], [x + {w // 2}, y - {s // 2}], [x, y - {s}], [x - {w // 2}, y - {s // 2}]]);")
    js(f"lefts.push([[x, y], [x - {w // 2}, y - {s // 2}], [x - {w // 2}, y + {s // 2}], [x, y + {s}]]);")
    js(f"rights.push([[x, y], [x, y + {s}], [x + {w // 2}, y + {s // 2}], [x + {w // 2}, y - {s // 2}]]);")
    js.close()
    js.close()
    js.section("Three tones of wash, each glazed so the faces keep a paper grain")
    js("brush.noStroke();")
    for face in ("top", "left", "right"):
        js(f"brush.wash({quote(pal[face])}, 255);", f"for (const f of {face}s) brush.polygon(f);")
    js("brush.noWash();", "brush.fillTexture(0.4, 0.2);")
    for face, t in (("left", -0.1), ("right", -0.2)):
        js(f"brush.fill({quote(shade(pal[face], t))}, 90);", f"for (const f of {face}s) brush.polygon(f);")
    js(f"brush.fill({quote(pal['top'])}, 40);", "brush.rect(-300, -300, 600, 600);", "brush.noFill();")
    if not grainy:
        js.section("Hatching on the dark faces")
        js(f"brush.hatch({ctx.pick([8, 10, 12])}, {ctx.pick(['QUARTER_PI', '-QUARTER_PI', '1.2'])});",
           f"brush.hatchStyle({quote(main[-1])}, {quote(pal['line'])}, 1);",
           "for (const f of rights) brush.polygon(f);", "brush.noHatch();")
    js.section("The edges: the outline of each top face and the front edge of each cube")
    js(f"brush.set({quote(main[-1])}, {quote(pal['line'])}, 1);", "for (const f of tops) brush.polygon(f);")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, {2 if grainy else 2.5});",
       "for (const f of rights) brush.line(f[0][0], f[0][1], f[1][0], f[1][1]);")


def _flower_of_life(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "disc": (("#e6b422", "#d9a441", "#c9a227"), "free", ("disc", "ground", "background")),
        "line": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "ink", "circles", "grid")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "rotring")
    r = ctx.pick([52, 58, 64])
    js.section("A disc of colour behind the pattern")
    js("brush.noStroke();", f"brush.wash({quote(pal['disc'])}, 255);", f"brush.circle(0, 0, {3 * r + 12});")
    glaze(js, pal["disc"], -3 * r, -3 * r, 6 * r, 6 * r, 50)
    js.section("Nineteen equal circles on a hexagonal grid, each through its neighbours' centres")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1.5);")
    js.open("for (let j = -2; j <= 2; j++)")
    js.open("for (let i = -2; i <= 2; i++)")
    js(f"if (abs(i + j) <= 2) brush.circle((i + j / 2) * {r}, j * {round(r * 0.866)}, {r});")
    js.close()
    js.close()
    js.section("The enclosing circles and the hexagon through the outer centres")
    js(f"brush.set({quote(main[-1])}, {quote(pal['line'])}, 2);", f"brush.circle(0, 0, {3 * r});",
       f"brush.circle(0, 0, {3 * r + 10});")
    js("const hex = [];", f"for (let k = 0; k < 6; k++) hex.push([{2 * r} * cos(k * PI / 3), "
                          f"{2 * r} * sin(k * PI / 3)]);", "brush.polygon(hex);")


def _rays(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "ray": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "rays", "ink")),
        "wedge": (BRIGHT, "free", ("wedges", "ground", "background")),
        "point": (("#c62828", "#141414"), "small", ("point", "centre", "center")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "rotring")
    cx, cy, n = ctx.i(-80, 80, 10), ctx.i(-80, 80, 10), ctx.pick([36, 48, 60])
    js.section("Washed wedges between every fourth pair of rays")
    js(f"const cx = {cx}, cy = {cy}, n = {n};", "brush.noStroke();",
       f"brush.wash({quote(shade(pal['wedge'], 0.5))}, 255);")
    js.open("for (let i = 0; i < n; i += 4)")
    js("const a = i * TWO_PI / n, b = (i + 1) * TWO_PI / n;")
    js("brush.polygon([[cx, cy], [cx + 300 * cos(a), cy + 300 * sin(a)], [cx + 300 * cos(b), cy + 300 * sin(b)]]);")
    js.close()
    js("brush.noWash();", f"brush.fill({quote(pal['wedge'])}, 120);", "brush.circle(cx, cy, 30);", "brush.noFill();")
    js.section("Rays from a single point")
    js(f"brush.set({quote(main[0])}, {quote(pal['ray'])}, 1.2);")
    js.open("for (let i = 0; i < n; i++)")
    js("const a = i * TWO_PI / n, len = random(260, 450);")
    js("brush.line(cx + 12 * cos(a), cy + 12 * sin(a), cx + len * cos(a), cy + len * sin(a));")
    js.close()
    js.section("The point")
    js("brush.noStroke();", f"brush.fill({quote(pal['point'])}, 220);", "brush.circle(cx, cy, 8);", "brush.noFill();")
    js(f"brush.set({quote(ctx.other(main, 'HB', '2B', 'marker'))}, {quote(pal['ray'])}, 2);",
       "brush.circle(cx, cy, 8);")


def _row(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (BRIGHT, "free", SHAPE_NOUNS),
        "b": (BRIGHT, "free", SHAPE_NOUNS),
        "ground": (("#e0d2b0", "#cfe0f5", "#f2e8d0"), "big", ("background", "ground", "paper")),
        "line": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "ink", "outlines")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("HB", "pen")
    n, r, y = ctx.pick([5, 6, 7]), ctx.pick([50, 60, 70]), ctx.i(-40, 40, 10)
    step = (560 - 2 * r) // (n - 1)
    js.section("A band of ground behind the row")
    js("brush.noStroke();", f"brush.fill({quote(pal['ground'])}, 90);",
       f"brush.rect(-290, {y - r - 30}, 580, {2 * r + 60});")
    js.section("Overlapping translucent circles along a line")
    js(f"const cols = {str_array([pal['a'], pal['b'], *ctx.extra])};")
    js(f"for (let k = 0; k < {n}; k++) {{", "  brush.fill(cols[k % cols.length], 150);",
       f"  brush.circle({r - 280} + k * {step}, {y}, {r});", "}", "brush.noFill();")
    js.section("Outlines and the line they rest on")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1.2);",
       f"for (let k = 0; k < {n}; k++) brush.circle({r - 280} + k * {step}, {y}, {r});",
       f"brush.set({quote(ctx.other(main, 'pen', 'marker', '2B'))}, {quote(pal['line'])}, 2);",
       f"brush.line(-290, {y + r + 14}, 290, {y + r + 14});")


def _square(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "square": (("#e8e4dc", "#efe6cf", "#dde3ea"), "free", ("square",)),
        "line": (("#141414", "#2b2622", "#3a3a3a"), "free", ("lines", "ink", "hatching", "cross-hatching")),
        "shadow": (("#8a8478", "#6f7680"), "small", ("shadow",)),
    })
    js.start(ctx.paper())
    main = ctx.brushes("2B", "pen")
    s, x, y = ctx.pick([170, 190, 210]), ctx.i(-30, 10, 10), ctx.i(-30, 10, 10)
    x0, y0 = x - s, y - s
    js.section("One large square on the page")
    js("brush.noStroke();", f"brush.wash({quote(pal['square'])}, 255);", f"brush.rect({x0}, {y0}, {2 * s}, {2 * s});")
    js("brush.noWash();", f"brush.fill({quote(pal['shadow'])}, 110);",
       f"brush.polygon([[{x + s}, {y0 + 20}], [{x + s + 22}, {y0 + 42}], [{x + s + 22}, {y + s + 22}], "
       f"[{x0 + 20}, {y + s + 22}], [{x0 + 20}, {y + s}], [{x + s}, {y + s}]]);", "brush.noFill();")
    js.section("Filled with hatching: two layers crossing")
    gap = ctx.pick([10, 12, 14])
    angles = ("QUARTER_PI", "-QUARTER_PI") if ctx.has("cross-hatching", "cross", "crossing", "crosshatch") \
        else (ctx.pick(["QUARTER_PI", "-QUARTER_PI"]),)
    js(f"brush.hatchStyle({quote(main[0])}, {quote(pal['line'])}, 1);")
    for a in angles:
        js(f"brush.hatch({gap}, {a});", f"brush.rect({x0}, {y0}, {2 * s}, {2 * s});")
    js("brush.noHatch();")
    js.section("Its edges, drawn a little past the corners")
    js(f"brush.set({quote(ctx.other(main, 'HB', 'pen', '2B'))}, {quote(pal['line'])}, 1.5);")
    js(f"brush.line({x0 - 15}, {y0}, {x + s + 15}, {y0});", f"brush.line({x0 - 15}, {y + s}, {x + s + 15}, {y + s});",
       f"brush.line({x0}, {y0 - 15}, {x0}, {y + s + 15});", f"brush.line({x + s}, {y0 - 15}, {x + s}, {y + s + 15});")
