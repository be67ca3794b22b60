"""Templates of pattern prompts: cloth swatches (scales, weave, checks, repeated motifs shaped by the prompt's
words: hearts, paisley, birds) and the named structures a pattern prompt may ask for: a brick bond, a patchwork
quilt, argyle diamonds, a herringbone, cross-hatching, wavy lines, a circle of looping scribbles, a kimono print,
stippling, batik crackle."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.motifs import motif_for, paint_motif
from paint_pipeline.warm_start.procedural.reading import BRIGHT, SHAPE_NOUNS, PromptContext, lightness, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, spiral, str_array

# Motif outlines in units of the cell size, centred on the cell; the first point gets a dot (an eye, a tip).
SHAPES = {
    "heart": [(0, -0.18), (0.18, -0.36), (0.36, -0.3), (0.4, -0.08), (0.22, 0.16), (0, 0.36), (-0.22, 0.16),
              (-0.4, -0.08), (-0.36, -0.3), (-0.18, -0.36)],
    "paisley": [(0.3, -0.4), (0.12, -0.3), (0.18, -0.08), (0.28, 0.16), (0.18, 0.36), (-0.06, 0.4), (-0.3, 0.26),
                (-0.36, 0), (-0.24, -0.24), (0, -0.38)],
    "bird": [(0.26, -0.2), (0.42, -0.16), (0.3, -0.1), (0.26, 0.06), (0.08, 0.2), (-0.2, 0.2), (-0.42, 0.06),
             (-0.2, 0), (0.02, -0.06), (0.12, -0.24)],
}
SHAPE_WORDS = (("heart", ("heart", "hearts")), ("paisley", ("paisley", "teardrop", "teardrops")),
               ("bird", ("bird", "birds")))

def paint_pattern(js: JsWriter, ctx: PromptContext) -> None:
    motif = motif_for(ctx, pattern=True)
    if motif:
        return paint_motif(js, ctx, motif)
    own = _own_variant(ctx)
    if own:
        return own(js, ctx)
    shape = next((name for name, words in SHAPE_WORDS if ctx.has(*words)), None)
    if shape:
        variant = "motifs"
    elif ctx.has("wave", "seigaiha", "scale", "scalloped", "fish-scale", "scales"):
        variant = "scales"
    elif ctx.has("lines", "stripes", "weave", "woven", "basket", "contour"):
        variant = "weave"
    elif ctx.has("dots", "dot", "polka", "wallpaper", "medallions", "circle", "circles"):
        variant = "motifs"
    elif ctx.has("tiles", "rug"):
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
        js.section(f"Repeated motifs{': ' + shape + 's' if shape else ''}")
        cols = str_array([pal['a'], pal['c'], pal['d'], *ctx.extra])
        if shape:
            js(f"const {shape} = {point_array(SHAPES[shape])};")
        row = ctx.has("row")
        if row:  # one row across the middle
            js("const y = 0;")
        else:
            js.open(f"for (let y = {-P + s // 2}; y < {P}; y += {s})")
        js.open(f"for (let x = {-P + s // 2}; x < {P}; x += {s})")
        js("brush.noStroke();", f"brush.wash(random({cols}), 255);")
        if shape:
            outline = (f"brush.beginShape(0.4); for (const [u, v] of {shape}) brush.vertex(x + u * {s}, y + v * {s}); "
                       "brush.endShape(true);")
            js(outline, "brush.noWash();", f"brush.set({quote(main[0])}, {quote(ink)}, 1);", outline)
            js(f"brush.circle(x + {SHAPES[shape][0][0]} * {s}, y + {SHAPES[shape][0][1]} * {s}, 3);")
        else:
            js(f"brush.circle(x, y, {s // 4});", "brush.noWash();")
            js(f"brush.set({quote(main[0])}, {quote(ink)}, 1);", f"brush.circle(x, y, {s // 4 + 6});")
            js(f"for (let k = 0; k < 4; k++) brush.circle(x + {s // 2 - 8} * cos(k * HALF_PI), "
               f"y + {s // 2 - 8} * sin(k * HALF_PI), 3);")
        js.close()
        if not row:
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




def _own_variant(ctx: PromptContext):
    """The template of a pattern prompt that names a structure of its own, checked before the weave words
    ('mortar lines', 'stripes' in a quilt, 'hatching' in a circle of scribbles)."""
    for words, template in (
        (("brick", "bricks", "brickwork"), _brick),
        (("quilt", "patchwork"), _patchwork),
        (("argyle", "harlequin"), _argyle),
        (("circle filled", "looping", "loops"), _loops),
        (("kimono", "crane", "cranes"), _kimono),
        (("stippled", "stipple", "stippling"), _stipple),
        (("batik", "crackled", "crackle"), _batik),
        (("herringbone", "chevron", "chevrons"), _herringbone),
        (("cross-hatching", "crosshatching", "hatching", "hatched"), _hatching),
        (("wavy", "squiggly"), _wavy),
    ):
        if ctx.has(*words):
            return template
    return None


def _brick(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "brick": (("#b5523b", "#a0452f", "#c0643f"), "free", ("brick", "bricks", "wall")),
        "mortar": (("#d8d0c0", "#cfc6b4", "#e0d8c8"), "free", ("mortar", "joints")),
        "dark": (("#5a2a1c", "#4a2418"), "small", ("lines",)),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pastel", "HB")
    bw, bh = ctx.pick([100, 120]), ctx.pick([40, 50])
    js.section("Mortar behind the bricks")
    js("brush.noStroke();", f"brush.wash({quote(pal['mortar'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    js.section("Bricks in running bond: each row shifted by half a brick")
    js(f"const cols = {str_array([pal['brick'], shade(pal['brick'], -0.15), shade(pal['brick'], 0.12), *ctx.extra])};")
    js.open(f"for (let j = 0; j < {600 // bh}; j++)")
    js.open(f"for (let x = -300 - (j % 2) * {bw // 2}; x < 300; x += {bw})")
    js("brush.wash(random(cols), 255);", f"brush.rect(x + 4, -300 + j * {bh} + 4, {bw - 8}, {bh - 8});")
    js.close()
    js.close()
    glaze(js, pal["brick"], -300, -300, 600, 600, 40)
    js.section("Mortar lines: the bed joints and the head joints")
    js(f"brush.set({quote(main[-1])}, {quote(shade(pal['mortar'], -0.35))}, 1.5);")
    js.open(f"for (let j = 0; j < {600 // bh}; j++)")
    js(f"const y = -300 + j * {bh};", "brush.line(-300, y, 300, y);")
    js(f"for (let x = -300 - (j % 2) * {bw // 2}; x < 300; x += {bw}) brush.line(x, y, x, y + {bh});")
    js.close()
    js.section("Pits and chips in the brick")
    js(f"brush.set({quote(main[0])}, {quote(pal['dark'])}, 1);",
       f"for (let k = 0; k < {ctx.i(30, 50, 5)}; k++) brush.circle(random(-290, 290), random(-290, 290), "
       "random(1, 3));")


def _patchwork(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (BRIGHT, "free", SHAPE_NOUNS),
        "b": (("#f2b5c8", "#cfe0f5", "#e0d2b0", "#f2e05a"), "free", ("squares", "patches")),
        "c": (BRIGHT, "free", ("florals", "flowers")),
        "line": (("#2b2622", "#1d3f7a", "#6d4526"), "small", ("stitches", "lines")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("cpencil", "pen")
    out = ctx.other(main, "HB", "rotring", "2B")
    s = ctx.pick([100, 120])
    n = 600 // s
    js.section("Square patches of cloth")
    js(f"const cols = {str_array([pal['a'], pal['b'], pal['c'], *ctx.extra])};", "brush.noStroke();")
    js(f"for (let i = 0; i < {n * n}; i++) {{", "  brush.wash(random(cols), 255);",
       f"  brush.rect(-300 + (i % {n}) * {s} + 3, -300 + floor(i / {n}) * {s} + 3, {s - 6}, {s - 6});", "}")
    glaze(js, pal["b"], -300, -300, 600, 600, 40)
    js.section("Prints on the patches: stripes, gingham checks, little flowers")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1);",
       f"brush.hatchStyle({quote(out)}, {quote(pal['line'])}, 1);")
    js.open(f"for (let i = 0; i < {n * n}; i++)")
    js(f"const x = -300 + (i % {n}) * {s}, y = -300 + floor(i / {n}) * {s}, kind = (i * 7) % 4;")
    js(f"if (kind === 0) for (let k = 12; k < {s}; k += 14) brush.line(x + k, y + 6, x + k, y + {s - 6});")
    js(f"if (kind === 1) {{ brush.hatch(12, 0); brush.rect(x + 6, y + 6, {s - 12}, {s - 12}); "
       f"brush.hatch(12, HALF_PI); brush.rect(x + 6, y + 6, {s - 12}, {s - 12}); brush.noHatch(); }}")
    js(f"if (kind === 2) for (let k = 0; k < 5; k++) brush.circle(x + {s // 2} + 16 * cos(k * TWO_PI / 5), "
       f"y + {s // 2} + 16 * sin(k * TWO_PI / 5), 8);")
    js.close()
    js.section("Stitched seams")
    js(f"brush.set({quote(out)}, {quote(pal['line'])}, 1.5);",
       f"for (let k = 0; k <= {n}; k++) brush.line(-300 + k * {s}, -300, -300 + k * {s}, 300);",
       f"for (let k = 0; k <= {n}; k++) brush.line(-300, -300 + k * {s}, 300, -300 + k * {s});")


def _argyle(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (BRIGHT, "free", ("diamonds", "diamond")),
        "b": (("#9a9a9a", "#e0d2b0", "#2e3b55"), "free", SHAPE_NOUNS),
        "line": (("#f4efe4", "#141414", "#c62828"), "free", ("lines", "stitches", "overstitch")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("crayon", "pen")
    w, h = ctx.pick([100, 120]), ctx.pick([150, 180])
    d = 600 * w // h
    js.section("Diamonds in two colours, the second set between the first")
    js("brush.noStroke();")
    js.open(f"for (let j = 0; j <= {600 * 2 // h + 1}; j++)")
    js.open(f"for (let x = -300 + (j % 2) * {w // 2}; x <= 300 + {w // 2}; x += {w})")
    js(f"const y = -300 + j * {h // 2};", f"brush.wash(j % 2 ? {quote(pal['b'])} : {quote(pal['a'])}, 255);")
    js(f"brush.polygon([[x, y - {h // 2}], [x + {w // 2}, y], [x, y + {h // 2}], [x - {w // 2}, y]]);")
    js.close()
    js.close()
    glaze(js, pal["a"], -300, -300, 600, 600, 40)
    js.section("Thin overstitch lines crossing through the diamonds")
    other = ctx.other(main, "pen", "HB", "rotring")
    js.open(f"for (let x = {-300 - d}; x <= 300; x += {w})")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1);", f"brush.line(x, -300, x + {d}, 300);",
       f"brush.set({quote(other)}, {quote(pal['line'])}, 1);", f"brush.line(x + {d}, -300, x, 300);")
    js.close()


def _loops(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "circle": (BRIGHT, "free", ("circle", "disc")),
        "line": (("#141414", "#1d3f7a", "#2b2622"), "free", ("lines", "scribble", "scribbles", "hatching", "ink")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "rotring")
    r, gap, loop = ctx.pick([200, 220, 240]), ctx.pick([14, 16, 18]), ctx.pick([8, 10])
    js.section("A faint sheet and a lightly tinted circle")
    js("brush.noStroke();", f"brush.fill({quote(shade(pal['circle'], 0.7))}, 50);", "brush.rect(-280, -280, 560, 560);",
       f"brush.fill({quote(pal['circle'])}, 70);", f"brush.circle(0, 0, {r});", "brush.noFill();")
    js.section("Rows of looping scribble filling the circle")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1);")
    js.open(f"for (let y = {-r + gap}; y < {r - 4}; y += {gap})")
    js(f"const w = sqrt({r * r} - y * y) - {loop + 4}, pts = [];")
    js(f"for (let x = -w; x <= w; x += 4) pts.push([x + {loop} * cos(x / 5), y + {loop} * sin(x / 5)]);")
    js("if (pts.length > 1) brush.spline(pts, 0.5);")
    js.close()
    js.section("The circle's outline")
    js(f"brush.set({quote(ctx.other(main, 'marker', 'HB'))}, {quote(pal['line'])}, 2);", f"brush.circle(0, 0, {r});")


def _kimono(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "ground": (("#2e3f6e", "#1d3f7a", "#efe6cf"), "free", ("fabric", "cloth", "kimono", "background")),
        "cloud": (("#e6b422", "#f2e8d0", "#d9a441"), "free", ("clouds", "cloud")),
        "crane": (("#f7f7f7", "#f4efe4"), "free", ("cranes", "crane")),
        "wave": (("#1f7f7f", "#4a86c8", "#b9d6ea"), "free", ("waves", "wave")),
        "red": (("#c62828",), "small", ("crowns",)),
        "line": (("#141414", "#2b2622"), "small", ("lines", "ink")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "HB")
    cranes = [(x, ctx.i(-200, -20, 20)) for x in ctx.rng.sample([-170, -10, 150], ctx.i(2, 3))]
    js.section("The dyed cloth, with clouds washed in gold")
    js("brush.noStroke();", f"brush.wash({quote(pal['ground'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    js(f"brush.wash({quote(pal['cloud'])}, 255);")
    js(f"for (let k = 0; k < {ctx.i(3, 5)}; k++) {{", "  const x = random(-250, 250), y = random(-120, 120);",
       "  for (let m = 0; m < 3; m++) brush.circle(x + m * 30, y + (m % 2) * 12, 26);", "}")
    js.section("Cranes: white spread wings, a red crown")
    js(f"const cranes = {point_array(cranes)};", f"brush.wash({quote(pal['crane'])}, 255);")
    js("for (const [x, y] of cranes) brush.polygon([[x - 100, y - 60], [x, y], [x + 100, y - 70], [x + 24, y + 16], "
       "[x - 24, y + 16]]);")
    js("brush.noWash();", f"brush.fill({quote(pal['red'])}, 220);",
       "for (const [x, y] of cranes) brush.circle(x + 78, y - 2, 8);", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 3);",
       "for (const [x, y] of cranes) brush.spline([[x - 80, y + 24], [x, y + 10], [x + 70, y]], 0.6);")
    js.section("Waves along the hem: rows of nested arcs")
    js(f"brush.set({quote(main[-1])}, {quote(pal['wave'])}, 2);")
    js.open("for (let y = 180; y <= 320; y += 30)")
    js("for (let x = -300 + (y % 60); x <= 300; x += 60) for (let r = 10; r <= 30; r += 10) brush.arc(x, y, r, 0, PI);")
    js.close()


def _stipple(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "dot": (("#141414", "#2b2622", "#1d3f7a"), "free", ("dots", "dot", "ink")),
        "paper": (("#efe6cf", "#e9e3d6"), "small", ("paper", "ground")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "rotring")
    cx, cy, r = ctx.i(-60, 60, 10), ctx.i(-60, 20, 10), ctx.i(110, 150, 10)
    js.section("A faint ground")
    js("brush.noStroke();", f"brush.fill({quote(pal['paper'])}, 60);", "brush.rect(-270, -270, 540, 540);",
       "brush.noFill();")
    js.section("Stippled dots, crowding towards one side of the sheet")
    js(f"brush.set({quote(main[0])}, {quote(pal['dot'])}, 1);")
    js.open(f"for (let k = 0; k < {ctx.pick([400, 500])}; k++)")
    js("const x = random(-260, 260), y = random(-260, 260);")
    js("if (random() < (x + 260) / 520) brush.circle(x, y, random(1.5, 3));")
    js.close()
    js.section("A stippled ball: denser into its shadow")
    js.open(f"for (let k = 0; k < {ctx.pick([700, 800])}; k++)")
    js("const a = random(TWO_PI), d = sqrt(random());")
    js(f"if (random() < 0.3 + 0.7 * d * (cos(a - 0.8) + 1) / 2) brush.circle({cx} + {r} * d * cos(a), "
       f"{cy} + {r} * d * sin(a), random(1.5, 3));")
    js.close()
    js(f"brush.set({quote(main[-1])}, {quote(pal['dot'])}, 1);",
       f"brush.line(-270, {cy + r + 10}, 270, {cy + r + 10});")


def _batik(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "dye": (("#2e3f6e", "#8a4a1c", "#1f5f5f"), "free", ("dye", "fabric", "cloth")),
        "wax": (("#e6b422", "#efe6cf", "#d9a441"), "free", ("motifs", "wax")),
        "crack": (("#141414", "#1b2a55", "#3a1f10"), "small", ("cracks", "lines")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "HB")
    js.section("The dyed cloth and the pale wax-resist motifs")
    js("brush.noStroke();", f"brush.wash({quote(pal['dye'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    js(f"brush.wash({quote(pal['wax'])}, 255);")
    spots = [(-150, -140), (140, -120), (-130, 150), (150, 150), (0, 10)]
    js(f"const spots = {point_array(spots)};", "for (const [x, y] of spots) brush.circle(x, y, 80);")
    glaze(js, pal["dye"], -300, -300, 600, 600, 40)
    js.section("Swirling motifs inside the wax")
    js(f"brush.set({quote(main[0])}, {quote(pal['dye'])}, 2);")
    for k, (x, y) in enumerate(spots[:ctx.i(2, 3)]):
        spiral(js, x, y, 6, 70, 3, name=f"swirl{k}")
    js("for (const [x, y] of spots) brush.circle(x, y, 86);")
    js.section("Crackle: thin dark veins where the wax cracked")
    js(f"brush.set({quote(ctx.other(main, 'rotring', 'pen'))}, {quote(pal['crack'])}, 0.8);")
    js.open(f"for (let k = 0; k < {ctx.i(14, 20)}; k++)")
    js("let x = random(-300, 300), y = random(-300, 300);")
    js("for (let m = 0; m < 6; m++) {", "  const nx = x + random(-50, 50), ny = y + random(-50, 50);",
       "  brush.line(x, y, nx, ny);", "  x = nx;", "  y = ny;", "}")
    js.close()


def _herringbone(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (("#8a8478", "#6d4526", "#2e3f6e"), "free", ("weave", "cloth", "herringbone")),
        "b": (("#d8d0c0", "#c9b89a", "#b9c4d0"), "free", SHAPE_NOUNS),
        "line": (("#141414", "#2b2622"), "small", ("lines",)),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pen", "HB")
    cw, sh = ctx.pick([60, 75]), ctx.pick([30, 36])
    drop = cw * 2 // 3
    js.section("Columns of slanted strips leaning one way, then the other: the herringbone zigzag")
    js("brush.noStroke();")
    js.open(f"for (let i = 0; i < {600 // cw + 1}; i++)")
    js.open(f"for (let j = -3; j < {600 // sh + 1}; j++)")
    js(f"const x = -300 + i * {cw}, y = -300 + j * {sh} + (i % 2) * {drop}, d = i % 2 ? {-drop} : {drop};")
    js(f"brush.wash(j % 2 ? {quote(pal['a'])} : {quote(pal['b'])}, 255);")
    js(f"brush.polygon([[x, y], [x + {cw}, y + d], [x + {cw}, y + d + {sh}], [x, y + {sh}]]);")
    js.close()
    js.close()
    glaze(js, pal["a"], -300, -300, 600, 600, 40)
    js.section("The edge of every strip")
    js(f"brush.set({quote(main[0])}, {quote(pal['line'])}, 1);")
    js.open(f"for (let i = 0; i < {600 // cw + 1}; i++)")
    js(f"const d = i % 2 ? {-drop} : {drop};")
    js(f"for (let y = -300 - {3 * sh} + (i % 2) * {drop}; y < 300; y += {sh}) brush.line(-300 + i * {cw}, y, "
       f"-300 + (i + 1) * {cw}, y + d);")
    js.close()
    js.section("Seams between the columns")
    js(f"brush.set({quote(ctx.other(main, 'charcoal', '2B', 'rotring'))}, {quote(pal['line'])}, 1.5);",
       f"for (let x = -300 + {cw}; x < 300; x += {cw}) brush.line(x, -300, x, 300);")


def _hatching(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "line": (("#2b2622", "#3a3a3a", "#1d3f7a"), "free", ("lines", "hatching", "ink")),
        "tint": (("#e8e4dc", "#efe6cf"), "small", ("paper",)),
    })
    js.start(ctx.paper())
    main = ctx.brushes("HB", "pen")
    out = ctx.other(main, "2B", "pen", "rotring")
    cx, cy, r = ctx.i(-60, 60, 10), ctx.i(60, 110, 10), ctx.i(90, 120, 10)
    js.section("Four swatches: one layer of hatching, then two, three and four crossing layers")
    js("brush.noStroke();", f"brush.fill({quote(pal['tint'])}, 60);", "brush.rect(-280, -270, 560, 140);",
       "brush.noFill();")
    js("const angles = [QUARTER_PI, -QUARTER_PI, 0, HALF_PI];",
       f"brush.hatchStyle({quote(main[0])}, {quote(pal['line'])}, 1);")
    js(f"for (let k = 0; k < 4; k++) for (let m = 0; m <= k; m++) {{ brush.hatch({ctx.pick([9, 10, 12])}, angles[m]); "
       "brush.rect(-260 + k * 135, -255, 110, 110); }")
    js.section("A ball shaded with crossing hatches, darkest in its shadow")
    js("brush.hatch(12, QUARTER_PI);", f"brush.circle({cx}, {cy}, {r});",
       "brush.hatch(9, -QUARTER_PI);", f"brush.circle({cx + r // 4}, {cy + r // 4}, {r * 2 // 3});",
       "brush.hatch(7, 0);", f"brush.circle({cx + r // 3}, {cy + r // 3}, {r // 3});", "brush.noHatch();")
    js.section("Outlines and the ground line")
    js(f"brush.set({quote(out)}, {quote(pal['line'])}, 1.2);",
       "for (let k = 0; k < 4; k++) brush.rect(-260 + k * 135, -255, 110, 110);",
       f"brush.circle({cx}, {cy}, {r});", f"brush.line(-280, {cy + r + 10}, 280, {cy + r + 10});")


def _wavy(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "a": (BRIGHT, "free", ("lines", "waves")),
        "ground": (("#f2e8d0", "#e9e3d6", "#eef2f5"), "big", ("ground", "background", "paper")),
    })
    js.start(ctx.paper())
    main = ctx.brushes("pastel", "pen")
    thin = ctx.other(main, "HB", "cpencil", "pen")
    gap, amp, per = ctx.pick([48, 56, 64]), ctx.i(16, 24, 2), ctx.pick([28, 32, 36])
    a = pal["a"]
    if lightness(a) > 70:  # a pale colour needs its deeper tones to show on the paper
        a = shade(a, -0.3)
    tones = [pal["a"], a, shade(a, -0.25), *ctx.extra]
    wave = f"y + {amp} * sin(x / {per})"
    js.section("A soft ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['ground'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       "brush.noWash();", "brush.fillTexture(0.5, 0.3);")
    js.section("A pale ribbon under each wave: the same wave, a little below")
    js(f"brush.fill({quote(shade(a, 0.45))}, 110);")
    js.open(f"for (let y = -270; y < 290; y += {gap})")
    js("const band = [];", f"for (let x = -300; x <= 300; x += 20) band.push([x, {wave}]);",
       f"for (let x = 300; x >= -300; x -= 20) band.push([x, {wave} + {gap // 3}]);", "brush.polygon(band);")
    js.close()
    js("brush.noFill();")
    js.section("Repeated wavy lines: the same wave in pastel, of varied weight and tone")
    js(f"const cols = {str_array(tones)};")
    js.open(f"for (let y = -270; y < 290; y += {gap})")
    js(f"brush.set({quote(main[0])}, random(cols), random(2, 4.5));")
    js("const line = [];", f"for (let x = -300; x <= 300; x += 30) line.push([x, {wave}]);",
       "brush.spline(line, 0.8);")
    js.close()
    js.section("A thin darker line along the foot of each ribbon")
    js(f"brush.set({quote(thin)}, {quote(shade(a, -0.4))}, 1);")
    js.open(f"for (let y = -270; y < 290; y += {gap})")
    js("const line = [];", f"for (let x = -300; x <= 300; x += 30) line.push([x, {wave} + {gap // 3}]);",
       "brush.spline(line, 0.8);")
    js.close()
