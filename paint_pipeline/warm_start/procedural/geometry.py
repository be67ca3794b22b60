"""Templates of geometric, patterned and abstract prompts."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.motifs import motif_for, paint_motif
from paint_pipeline.warm_start.procedural.reading import BRIGHT, SHAPE_NOUNS, PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, point_array, quote, str_array


def paint_geometric(js: JsWriter, ctx: PromptContext) -> None:
    motif = motif_for(ctx)
    if motif:
        return paint_motif(js, ctx, motif)
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
    elif variant == "stripes":
        js.section("Bands of colour")
        n = ctx.pick([6, 8, 10])
        w = 600 // n
        ang = ctx.pick([0, 0, 0.4, -0.4])
        js(f"const cols = {str_array([pal['a'], pal['b']] + ctx.extra)};")
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
        js(f"brush.wash({quote(pal['c'])}, 255);", f"brush.circle({cx}, {cy}, {ctx.i(110, 160, 10)});",
           "brush.noWash();", f"brush.fill({quote(pal['d'])}, 150);", f"brush.circle({cx}, {cy}, {r});",
           "brush.noFill();",
           f"brush.hatch(6, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(out)}, {quote(pal['b'])}, 1);",
           f"brush.circle({cx}, {cy}, {r});", "brush.noHatch();")
        js.section("Wavy lines")
        js.open(f"for (let y = -270; y <= 270; y += {ctx.i(30, 44, 2)})")
        js(f"brush.set({quote(main[0])}, {quote(pal['c'])}, 1.2);")
        js("brush.spline([[-300, y], [-150, y + random(-25, 25)], [0, y], [150, y + random(-25, 25)], [300, y]], "
           "0.6);")
        js.close()
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 2);", "brush.rect(-200, -200, 400, 400);")
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


def paint_pattern(js: JsWriter, ctx: PromptContext) -> None:
    motif = motif_for(ctx, pattern=True)
    if motif:
        return paint_motif(js, ctx, motif)
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
        "a": (BRIGHT, "free", SHAPE_NOUNS),
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
    js("brush.noStroke();", f"brush.wash({quote(pal['b'])}, 255);", f"brush.rect({-P}, {-P}, {2 * P}, {2 * P});",
       f"brush.wash({quote(shade(pal['b'], -0.3))}, 255);", f"brush.rect({', '.join(map(str, half))});",
       "brush.noWash();", "brush.fillTexture(0.5, 0.3);", f"brush.fill({quote(shade(pal['b'], -0.15))}, 150);",
       f"brush.circle(0, 0, {P // 2});", "brush.noFill();")
    if variant == "scales":
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 2);", f"brush.rect({-P}, {-P}, {2 * P}, {2 * P});")
        js.section("Rows of overlapping scales")
        js.open(f"for (let j = 0; j < {n * 2 - 1}; j++)")
        js.open(f"for (let i = 0; i < {n - 1}; i++)")
        js(f"const x = {-P + s} + i * {s} + (j % 2) * {s // 2}, y = {-P + s // 2} + j * {s // 2};")
        js(f"if (x > {P - s // 2}) continue;")
        js("brush.noStroke();", f"brush.wash(j % 2 ? {quote(pal['a'])} : {quote(shade(pal['a'], -0.2))}, 255);",
           f"brush.circle(x, y, {s // 2});", "brush.noWash();")
        js(f"brush.set({quote(main[0])}, {quote(pal['c'])}, 1);")
        js(f"for (let k = 1; k < 4; k++) brush.arc(x, y, {s // 2} * k / 4, 0, PI);")
        js.close()
        js.close()
    elif variant == "weave":
        js.section("Woven strips")
        js.open(f"for (let i = 0; i < {n}; i += 2)")
        js(f"brush.wash(random({str_array([pal['a'], *ctx.extra])}), 255);",
           f"brush.rect({-P} + i * {s}, {-P}, {s}, {2 * P});")
        js.close()
        js("brush.noWash();", f"brush.fill({quote(pal['c'])}, 120);",
           f"brush.rect({-P}, {-P}, {2 * P}, {ctx.pick([P // 2, P])});",
           "brush.noFill();")
        js.section("Hatched cells")
        hatcher = main[0] if main[0] not in ("spray", "charcoal", "crayon") else main[-1]
        js.open(f"for (let i = 0; i < {n}; i++)")
        js.open(f"for (let j = 0; j < {n}; j++)")
        js(f"if (random() < {ctx.f(0.3, 0.5)}) continue;")
        js(f"brush.hatch({ctx.i(8, 12)}, (i + j) % 2 ? QUARTER_PI : -QUARTER_PI);",
           f"brush.hatchStyle({quote(hatcher)}, {quote(pal['c'])}, 1.5);", "brush.noStroke();",
           f"brush.rect({-P} + i * {s} + 6, {-P} + j * {s} + 6, {s - 12}, {s - 12});")
        js.close()
        js.close()
        js("brush.noHatch();")
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 2);")
        js(f"for (let k = 0; k <= {n}; k++) brush.line({-P}, {-P} + k * {s}, {P}, {-P} + k * {s});")
    elif variant == "motifs":
        js.section("Vines")
        js(f"brush.set({quote(out)}, {quote(pal['c'])}, 1.5);")
        js(f"for (let y = {-P + s}; y < {P}; y += {s}) brush.spline([[{-P}, y], [{-P // 2}, y + 30], [0, y], "
           f"[{P // 2}, y + 30], [{P}, y]], 0.7);")
        js.section("Repeated motifs")
        js.open(f"for (let y = {-P + s // 2}; y < {P}; y += {s})")
        js.open(f"for (let x = {-P + s // 2}; x < {P}; x += {s})")
        js("brush.noStroke();", f"brush.wash(random({str_array([pal['a'], pal['c'], pal['d'], *ctx.extra])}), 255);",
           f"brush.circle(x, y, {s // 4});", "brush.noWash();")
        js(f"brush.set({quote(main[0])}, {quote(ink)}, 1);", f"brush.circle(x, y, {s // 4 + 6});")
        js(f"for (let k = 0; k < 4; k++) brush.circle(x + {s // 2 - 8} * cos(k * HALF_PI), y + {s // 2 - 8} * sin(k * "
           "HALF_PI), 3);")
        js.close()
        js.close()
    else:
        js.section("Checked cloth")
        js.open(f"for (let k = 0; k < {n}; k += 2)")
        js(f"brush.wash(random({str_array([pal['a'], *ctx.extra])}), 255);",
           f"brush.rect({-P} + k * {s}, {-P}, {s}, {2 * P});")
        js(f"brush.wash({quote(shade(pal['a'], -0.25))}, 255);",
           f"brush.rect({-P}, {-P} + k * {s}, {2 * P}, {s // 2});")
        js.close()
        js("brush.noWash();", f"brush.fill({quote(pal['c'])}, 130);")
        js(f"for (let i = 0; i < {ctx.i(2, 4)}; i++) brush.rect({-P} + floor(random({n})) * {s}, {-P} + "
           f"floor(random({n})) * {s}, {s}, {s});")
        js("brush.noFill();")
        js.section("Stitches")
        js(f"brush.set({quote(main[0])}, {quote(pal['c'])}, 1.5);")
        js.open(f"for (let k = 0; k <= {n}; k++)")
        js(f"brush.line({-P} + k * {s}, {-P}, {-P} + k * {s}, {P});",
           f"brush.line({-P}, {-P} + k * {s}, {P}, {-P} + k * {s});")
        js.close()
        js(f"brush.hatch(8, {ctx.f(0.3, 1.2)});", f"brush.hatchStyle({quote(out)}, {quote(pal['c'])}, 1);",
           "brush.noStroke();",
           f"brush.rect({-P + s * ctx.i(0, n - 3)}, {-P + s * ctx.i(0, n - 3)}, {s * 2}, {s * 2});", "brush.noHatch();")


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
    if fields:
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
    js.section("Scribbles and sweeping lines")
    js.open(f"for (let i = 0; i < {ctx.i(12, 24)}; i++)")
    js("const x = random(-250, 250), y = random(-250, 250);")
    js(f"brush.set(random({str_array(main)}), random({str_array([pal['dark'], *cols])}), random(1, 3));")
    js("brush.spline([[x, y], [x + random(-120, 120), y + random(-80, 80)], [x + random(-200, 200), y + random(-150, "
       "150)]], 0.7);")
    js.close()
    if ctx.has("dots", "splatters", "spray", "drips", "scattered", "festival", "bouncing") or ctx.chance(0.5):
        js(f"brush.set({quote(out)}, {quote(pal['dark'])}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(15, 30)}; i++) brush.circle(random(-270, 270), random(-270, 270), random(2, "
           "8));")
    else:
        js(f"brush.set({quote(out)}, {quote(pal['dark'])}, 2);")
        js(f"for (let i = 0; i < {ctx.i(6, 12)}; i++) brush.line(random(-280, 280), random(-280, 280), random(-280, "
           "280), random(-280, 280));")
    js(f"brush.hatch({ctx.i(4, 8)}, {ctx.f(-1.2, 1.2)}, {{ rand: 0.3 }});",
       f"brush.hatchStyle({quote(main[0])}, {quote(pal['dark'])}, 1);", "brush.noStroke();",
       f"brush.rect({ctx.i(-250, 50, 10)}, {ctx.i(-250, 50, 10)}, {ctx.i(100, 200, 10)}, {ctx.i(80, 180, 10)});",
       "brush.noHatch();")
