"""Templates of geometric and abstract prompts (pattern prompts: `patterns.py`)."""

from __future__ import annotations

from paint_pipeline.colour import COLOUR_WORDS
from paint_pipeline.warm_start.procedural.motifs import motif_for, paint_motif
from paint_pipeline.warm_start.procedural.reading import BRIGHT, SHAPE_NOUNS, PromptContext
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, spiral, str_array


def paint_geometric(js: JsWriter, ctx: PromptContext) -> None:
    motif = motif_for(ctx)
    if motif:
        return paint_motif(js, ctx, motif)
    if ctx.has("stripes", "striped", "stripe", "moire", "wavy", "wave"):
        variant = "stripes"
    elif ctx.has("concentric", "circles", "rings", "op-art"):
        variant = "rings"
    elif ctx.has("point", "rotating", "nested", "spiral"):
        variant = "radial"
    elif ctx.has("triangular", "triangles", "lattice", "tessellating"):
        variant = "lattice"
    elif ctx.has("grid", "squares", "checkerboard", "square", "mondrian"):
        variant = "grid"
    else:
        variant = ctx.pick(["rings", "grid", "lattice", "radial"])
    if variant == "stripes":
        return _stripes(js, ctx)
    pal = ctx.palette({
        "a": (BRIGHT, "free", SHAPE_NOUNS),
        "b": (BRIGHT, "free", SHAPE_NOUNS),
        "c": (("#141414", "#2b2622", "#1d3f7a"), "free", ("lines", "ink", "outlines")),
        "d": (("#e6b422", "#d9607e", "#1f7f7f", "#f39c3b"), "free"),
    })
    paper = ctx.paper()
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
    main = ctx.brushes("rotring", "pen")
    out = ctx.other(main, "marker", "2B", "HB", "cpencil")
    cols = [pal["a"], pal["b"], pal["d"], *ctx.extra]
    js.start(paper)
    if variant == "rings":
        centres = [(ctx.i(-140, -40, 10), ctx.i(-120, 0, 10)), (ctx.i(40, 140, 10), ctx.i(0, 120, 10))]
        js.section("Two overlapping ring systems")
        js(f"const centres = {point_array(centres)};")
        js("brush.noStroke();")
        js(f"brush.wash({quote(pal['a'])}, 255);",
           f"brush.circle({centres[0][0]}, {centres[0][1]}, {ctx.i(90, 130, 10)});",
           f"brush.wash({quote(pal['b'])}, 255);",
           f"brush.circle({centres[1][0]}, {centres[1][1]}, {ctx.i(80, 120, 10)});")
        js("brush.noWash();", f"brush.fill({quote(pal['d'])}, 180);",
           f"brush.circle({ctx.i(-30, 30, 10)}, {ctx.i(-30, 30, 10)}, {ctx.i(40, 70, 10)});", "brush.noFill();")
        js.open("for (const [x, y] of centres)")
        js(f"for (let r = 20; r < {ctx.i(220, 280, 20)}; r += {ctx.i(12, 18, 2)}) {{")
        js(f"  brush.set({quote(main[0])}, random({str_array([pal['c'], pal['a'], pal['b']])}), 1.2);")
        js("  brush.circle(x, y, r);")
        js("}")
        js.close()
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 2);",
           f"brush.line({centres[0][0]}, {centres[0][1]}, {centres[1][0]}, {centres[1][1]});")
        js.section("Hatched centre")
        s = ctx.i(50, 80, 10)
        js(f"brush.hatch(6, {ctx.pick(['QUARTER_PI', '-QUARTER_PI', 'HALF_PI'])});",
           f"brush.hatchStyle({quote(out)}, {quote(pal['c'])}, 1);", "brush.noStroke();",
           f"brush.rect({-s}, {-s}, {2 * s}, {2 * s});", "brush.noHatch();")
    elif variant == "grid":
        n = ctx.pick([4, 5, 6])
        step = 480 // n
        js.section("A grid of cells")
        js(f"const cols = {str_array(cols)};")
        js("brush.noStroke();")
        js.open(f"for (let i = 0; i < {n}; i++)")
        js.open(f"for (let j = 0; j < {n}; j++)")
        js(f"const x = -240 + i * {step}, y = -240 + j * {step}, s = {step};")
        js("brush.wash(random(cols), 255);")
        js.open(f"if (random() < {ctx.f(0.3, 0.5)})")
        js("brush.rect(x + 6, y + 6, s - 12, s - 12);")
        js.close()
        js.open("else if (random() < 0.6)")
        js("brush.circle(x + s / 2, y + s / 2, s * 0.4);")
        js.close()
        js.open("else")
        js("brush.polygon([[x + 6, y + s - 6], [x + s / 2, y + 6], [x + s - 6, y + s - 6]]);")
        js.close()
        js.close()
        js.close()
        js("brush.noWash();", f"brush.fill({quote(pal['d'])}, 140);", "brush.rect(-240, -240, 240, 240);",
           "brush.noFill();")
        js.section("Grid lines")
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 2);")
        js.open(f"for (let k = 0; k <= {n}; k++)")
        js(f"brush.line(-240 + k * {step}, -240, -240 + k * {step}, 240);",
           f"brush.line(-240, -240 + k * {step}, 240, -240 + k * {step});")
        js.close()
        js(f"brush.hatch(8, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(main[0])}, {quote(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.rect({-240 + step * ctx.i(0, n - 2)}, {-240 + step * ctx.i(0, n - 2)}, {step * 2}, {step});",
           "brush.noHatch();")
    elif variant == "radial":
        cx, cy = ctx.i(-60, 60, 10), ctx.i(-60, 60, 10)
        js.section("Nested squares turning toward the centre")
        js("brush.noStroke();", f"brush.wash({quote(pal['a'])}, 255);",
           f"brush.circle({cx}, {cy}, {ctx.i(180, 240, 10)});",
           f"brush.wash({quote(pal['b'])}, 255);", f"brush.circle({cx}, {cy}, {ctx.i(90, 140, 10)});",
           "brush.noWash();", f"brush.fill({quote(pal['d'])}, 170);", f"brush.circle({cx}, {cy}, {ctx.i(40, 70, 10)});",
           "brush.noFill();")
        js.open(f"for (let k = 0; k < {ctx.i(8, 12)}; k++)")
        js(f"const r = 250 - k * 22, a = k * {ctx.f(0.08, 0.2, 2)};")
        js(f"brush.set({quote(main[0])}, {quote(pal['c'])}, 1.2);")
        js(f"brush.polygon([[{cx} + r * cos(a), {cy} + r * sin(a)], [{cx} + r * cos(a + HALF_PI), {cy} + r * sin(a + "
           "HALF_PI)], "
           f"[{cx} + r * cos(a + PI), {cy} + r * sin(a + PI)], [{cx} + r * cos(a - HALF_PI), {cy} + r * sin(a - "
           "HALF_PI)]]);")
        js.close()
        js.section("Rays")
        js.open(f"for (let i = 0; i < {ctx.i(24, 40, 4)}; i++)")
        js(f"const a = i * TWO_PI / {ctx.i(24, 40, 4)};")
        js(f"brush.set({quote(out)}, random({str_array([pal['c'], pal['a']])}), 1);")
        js(f"brush.line({cx} + 60 * cos(a), {cy} + 60 * sin(a), {cx} + 300 * cos(a), {cy} + 300 * sin(a));")
        js.close()
    else:
        s = ctx.pick([60, 75, 100])
        js.section("A lattice of triangles")
        js(f"const cols = {str_array(cols)};")
        js("brush.noStroke();")
        js.open(f"for (let y = -300; y < 300; y += {s})")
        js.open(f"for (let x = -300; x < 300; x += {s})")
        js(f"brush.wash(cols[floor(dist(x, y, 0, 0) / {ctx.pick([120, 150, 180])}) % cols.length], 255);")
        js.open(f"if (random() < {ctx.f(0.5, 0.7)})")
        js(f"brush.polygon([[x, y + {s}], [x + {s // 2}, y], [x + {s}, y + {s}]]);")
        js.close()
        js.close()
        js.close()
        js("brush.noWash();", f"brush.fill({quote(pal['c'])}, 120);", f"brush.circle(0, 0, {ctx.i(60, 120, 10)});",
           "brush.noFill();")
        js.section("Outlines and shading")
        js(f"brush.set({quote(main[0])}, {quote(pal['c'])}, 1.2);")
        js.open(f"for (let y = -300; y < 300; y += {s})")
        js("brush.line(-300, y, 300, y);")
        js(f"for (let x = -300; x < 300; x += {s}) brush.line(x, y + {s}, x + {s // 2}, y);")
        js.close()
        js(f"brush.hatch(5, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(out)}, {quote(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.circle({ctx.i(-150, 150, 10)}, {ctx.i(-150, 150, 10)}, {ctx.i(50, 80, 10)});", "brush.noHatch();")


def _plus(expr: str, v: int) -> str:
    """`expr + v` as JavaScript, without a `+ 0` or a `+ -v`."""
    return expr if not v else f"{expr} + {v}" if v > 0 else f"{expr} - {-v}"


def _stripes(js: JsWriter, ctx: PromptContext) -> None:
    """Bands of two colours, straight (vertical, horizontal or diagonal) or bending like a wave; for a moire, two
    dense sets of wavy parallel lines instead."""
    pal = ctx.palette({
        "a": (BRIGHT, "free", SHAPE_NOUNS),
        "b": (("#f7f7f7", "#f2e8d0", "#e6b422", "#1f7f7f"), "free", SHAPE_NOUNS),
        "line": (("#141414", "#2b2622", "#1d3f7a"), "small", ("edges", "ink", "outlines")),
        "ground": (("#e0d2b0", "#cfe0f5", "#f2e8d0"), "big", ("background", "ground", "paper")),
    })
    js.start(ctx.paper())
    brushes = ctx.brushes("rotring", "pen")
    main, out = brushes[0], ctx.other(brushes, "marker", "HB", "2B", "cpencil")
    if ctx.has("moire", "moiré"):
        js.section("A pale ground with a soft glow in the middle")
        js("brush.noStroke();", f"brush.wash({quote(pal['ground'])}, 255);", "brush.rect(-300, -300, 600, 600);",
           "brush.noWash();", f"brush.fill({quote(pal['b'])}, 90);", f"brush.circle(0, 0, {ctx.i(140, 220, 20)});",
           "brush.noFill();")
        js.section("Two dense sets of wavy parallel lines, turned a little against each other: the moire")
        gap, amp, tilt = ctx.pick([8, 9, 10]), ctx.i(14, 26, 2), ctx.pick([-40, -30, 30, 40])
        for brush, colour, t in [(main, pal["a"], 0), (out, pal["line"], tilt)]:
            js(f"brush.set({quote(brush)}, {quote(colour)}, 1);")
            js(f"for (let y = -340; y <= 340; y += {gap}) brush.spline([[-300, {_plus('y', -t)}], "
               f"[-150, {_plus('y', amp - t // 2)}], [0, y], [150, {_plus('y', t // 2 - amp)}], "
               f"[300, {_plus('y', t)}]], 0.6);")
        return
    n = ctx.pick([8, 10, 12])
    w = 600 // n
    bend = ctx.has("wave", "waves", "bending", "bent", "wavy", "warped", "curving")
    flip = ctx.has("horizontal") or (not ctx.has("vertical", "diagonal") and not bend and ctx.chance(0.3))
    slant = 0 if bend or ctx.has("vertical", "horizontal") else ctx.pick([-300, 300]) if ctx.has("diagonal") \
        else ctx.pick([0, 0, -300, 300])

    def pt(x: str, y: str) -> str:  # a point of a vertical band, turned for horizontal bands
        return f"[{y}, {x}]" if flip else f"[{x}, {y}]"

    js.section("Bands of colour" + (" bending like a wave" if bend else ""))
    js(f"const cols = {str_array([pal['a'], pal['b'], *ctx.extra])}, edges = [];", "brush.noStroke();")
    js.open(f"for (let i = -2; i < {n + 2}; i++)")
    if bend:
        amp, k = ctx.i(30, 60, 10), ctx.pick([60, 80, 100])
        js("const band = [], edge = [];")
        js(f"for (let y = -300; y <= 300; y += 30) edge.push("
           f"{pt(f'-300 + i * {w} + {amp} * sin(y / {k} + i * 0.3)', 'y')});")
        js(f"for (let y = 300; y >= -300; y -= 30) band.push("
           f"{pt(f'-300 + (i + 1) * {w} + {amp} * sin(y / {k} + (i + 1) * 0.3)', 'y')});")
        js("edges.push(edge);", "brush.wash(cols[(i + 2) % cols.length], 255);", "brush.polygon(edge.concat(band));")
    else:
        h = slant // 2
        js(f"const x = -300 + i * {w};", "edges.push(x);", "brush.wash(cols[(i + 2) % cols.length], 255);")
        js(f"brush.polygon([{pt(_plus('x', -h), '-300')}, {pt(_plus('x', w - h), '-300')}, "
           f"{pt(_plus('x', w + h), '300')}, {pt(_plus('x', h), '300')}]);")
    js.close()
    glaze(js, pal["a"], -300, -300, 600, 600, 40)
    js.section("Crisp edges between the bands, every other one in a second pen")
    for start, brush in ((0, main), (1, out)):
        js(f"brush.set({quote(brush)}, {quote(pal['line'])}, 1.2);")
        if bend:
            js(f"for (let k = {start}; k < edges.length; k += 2) brush.spline(edges[k], 0.5);")
        else:
            h = slant // 2
            js(f"for (let k = {start}; k < edges.length; k += 2) brush.line("
               f"{pt(_plus('edges[k]', -h), '-300')[1:-1]}, {pt(_plus('edges[k]', h), '300')[1:-1]});")


GRADIENT_STEPS = 12


def _rgb(h: str) -> tuple[int, int, int]:
    return int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16)


def paint_abstract(js: JsWriter, ctx: PromptContext) -> None:
    fields = ctx.has("fields", "stacked", "gradient", "layered", "bands") or ctx.chance(0.3)
    pal = ctx.palette({
        "a": (BRIGHT, "free", SHAPE_NOUNS),
        "b": (BRIGHT, "free", SHAPE_NOUNS),
        "c": (("#e6b422", "#1f7f7f", "#d9607e", "#4a86c8", "#f39c3b"), "free"),
        "dark": (("#141414", "#2b2622", "#1b2a55"), "free", ("lines", "ink", "mass", "marks")),
    })
    paper = ctx.paper()
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
    main = ctx.brushes("crayon", "2B", n=3)
    out = ctx.other(main, "pen", "charcoal", "marker")
    cols = [pal["a"], pal["b"], pal["c"], *ctx.extra]
    js.start(paper)
    js("brush.noStroke();")
    if ctx.has("gradient", "fading", "fade"):
        js.section(f"A soft gradient from one colour to the other, in {GRADIENT_STEPS} thin bands")
        named = [next((v for v in pal.values() if v in COLOUR_WORDS[w]), None) for w in ctx.named]
        ends = list(dict.fromkeys([h for h in named if h] + [pal["a"], pal["b"]]))  # the named colours first
        a, b = _rgb(ends[0]), _rgb(ends[1])
        steps = ["#%02x%02x%02x" % tuple(round(x + (y - x) * k / (GRADIENT_STEPS - 1)) for x, y in zip(a, b))
                 for k in range(GRADIENT_STEPS)]
        js(f"const cols = {str_array(steps)};")
        js(f"for (let i = 0; i < {GRADIENT_STEPS}; i++) {{", "  brush.wash(cols[i], 255);",
           f"  brush.rect(-280, -280 + i * {560 // GRADIENT_STEPS}, 560, {560 // GRADIENT_STEPS + 2});", "}")
        js("brush.noWash();", "brush.fillBleed(0.3, 'out');", f"brush.fill({quote(pal['c'])}, 60);",
           "brush.rect(-280, -280, 560, 560);", "brush.noFill();")
    elif fields:
        js.section("Stacked colour fields")
        ys = sorted({ctx.i(-260, 200, 20) for _ in range(3)})
        js(f"const cols = {str_array(cols)};")
        js.open(f"for (let i = 0; i < {len(cols)}; i++)")
        js("brush.wash(cols[i], 255);",
           f"brush.rect(-260 + random(-10, 10), -260 + i * {520 // len(cols)}, 520, {520 // len(cols) - 10});")
        js.close()
        js("brush.noWash();", "brush.fillBleed(0.3, 'out');", f"brush.fill({quote(pal['c'])}, 170);",
           f"brush.circle({ctx.i(-150, 150, 10)}, {ys[0]}, {ctx.i(40, 80, 10)});", "brush.noFill();")
    else:
        js.section("Overlapping pools of colour")
        js(f"const cols = {str_array(cols)};")
        js.open(f"for (let i = 0; i < {ctx.i(5, 8)}; i++)")
        js("brush.wash(random(cols), 255);")
        js("brush.circle(random(-200, 200), random(-200, 200), random(50, 130));")
        js.close()
        shard = [(ctx.i(-250, -100, 10), ctx.i(50, 200, 10)), (ctx.i(-50, 50, 10), ctx.i(-250, -100, 10)),
                 (ctx.i(100, 250, 10), ctx.i(0, 200, 10))]
        js(f"brush.wash({quote(pal['b'])}, 255);", f"brush.polygon({point_array(shard)});")
        js("brush.noWash();", "brush.fillBleed(0.3, 'out');", "brush.fillTexture(0.6, 0.4);",
           f"brush.fill({quote(pal['c'])}, 170);",
           f"brush.circle({ctx.i(-100, 100, 10)}, {ctx.i(-100, 100, 10)}, {ctx.i(60, 110, 10)});",
           "brush.noFill();")
    swirl = ctx.has("spiral", "spirals", "spiralling", "spiraling")
    if swirl:
        js.section("A spiral of marks winding out from the centre")
        js(f"brush.set({quote(main[0])}, {quote(pal['dark'])}, 3);")
        cx, cy = ctx.i(-40, 40, 10), ctx.i(-40, 40, 10)
        spiral(js, cx, cy, 8, ctx.i(220, 260, 10), ctx.pick([3, 4, 5]))
        js(f"brush.set({quote(main[-1])}, {quote(pal['dark'])}, 1);",
           "for (let k = 0; k < swirl.length; k += 2) brush.line(swirl[k][0] - 6, swirl[k][1] - 6, "
           "swirl[k][0] + 6, swirl[k][1] + 6);")
    if ctx.has("translucent", "transparent", "glowing"):
        js.section("Layered translucent circles")
        js(f"for (let i = 0; i < {ctx.i(5, 8)}; i++) {{", "  brush.fill(random(cols), 90);",
           "  brush.circle(random(-200, 200), random(-200, 200), random(40, 110));", "}", "brush.noFill();")
    if ctx.has("brushstroke", "stroke") and ctx.has("single", "one", "bold"):
        js.section("One bold stroke across the page")
        y0 = ctx.i(-60, 60, 10)
        js(f"brush.set('marker', {quote(pal['a'])}, 12);",
           f"brush.spline([[-240, {y0 + 60}], [-80, {y0 - 20}], [80, {y0 + 10}], [240, {y0 - 70}]], 0.7);")
    js.section("Scribbles and sweeping lines")
    sparse = swirl or ctx.has("brushstroke", "stroke", "gradient")
    js.open(f"for (let i = 0; i < {ctx.i(4, 8) if sparse else ctx.i(12, 24)}; i++)")
    js("const x = random(-250, 250), y = random(-250, 250);")
    js(f"brush.set(random({str_array(main)}), random({str_array([pal['dark'], *cols])}), random(1, 3));")
    js("brush.spline([[x, y], [x + random(-120, 120), y + random(-80, 80)], [x + random(-200, 200), y + random(-150, "
       "150)]], 0.7);")
    js.close()
    if ctx.has("dots", "splatters", "spray", "drips", "scattered", "festival", "bouncing") or ctx.chance(0.5):
        if ctx.has("dots", "scattered", "spots"):  # scattered dots in the painting's colours
            js.section("Scattered dots of colour")
            js(f"for (let i = 0; i < {ctx.i(30, 50, 10)}; i++) {{", "  brush.fill(random(cols), 220);",
               "  brush.circle(random(-270, 270), random(-270, 270), random(4, 12));", "}", "brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(pal['dark'])}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(15, 30)}; i++) brush.circle(random(-270, 270), random(-270, 270), random(2, "
           "8));")
    else:
        js(f"brush.set({quote(out)}, {quote(pal['dark'])}, 2);")
        js(f"for (let i = 0; i < {ctx.i(6, 12)}; i++) brush.line(random(-280, 280), random(-280, 280), random(-280, "
           "280), random(-280, 280));")
    if ctx.has("zigzag", "zigzags", "jagged"):
        js.section("Sharp zigzags")
        js(f"brush.set({quote(out)}, random({str_array(cols)}), 3);")
        yz = ctx.i(-150, 150, 10)
        js(f"for (let k = 0; k < 12; k++) brush.line(-260 + k * 44, {yz} + (k % 2 ? -40 : 40), "
           f"-216 + k * 44, {yz} + (k % 2 ? 40 : -40));")
    if ctx.has("drips", "dripping", "splatters", "splatter", "splashes"):
        js.section("Drips running down and splatters around them")
        js(f"brush.set({quote(out)}, {quote(pal['dark'])}, 2);")
        js.open(f"for (let k = 0; k < {ctx.i(6, 10)}; k++)")
        js("const x = random(-250, 250), y = random(-250, 0);")
        js("brush.line(x, y, x + random(-4, 4), y + random(80, 250));",
           "for (let m = 0; m < 5; m++) brush.circle(x + random(-40, 40), y + random(-40, 40), random(1, 5));")
        js.close()
    js(f"brush.hatch({ctx.i(4, 8)}, {ctx.f(-1.2, 1.2)}, {{ rand: 0.3 }});",
       f"brush.hatchStyle({quote(main[0])}, {quote(pal['dark'])}, 1);", "brush.noStroke();",
       f"brush.rect({ctx.i(-250, 50, 10)}, {ctx.i(-250, 50, 10)}, {ctx.i(100, 200, 10)}, {ctx.i(80, 180, 10)});",
       "brush.noHatch();")
