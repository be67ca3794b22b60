"""Templates of water: the sea (waves, a beach, a great curling wave, a harbour, boats, icebergs, lighthouses) and
water seen from above (ponds, also the koi pond of the animal templates; shallows over sand, tide pools among
rocks, braided channels, a whirlpool). Rivers, canals, waterfalls and marshes are in `rivers`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import SKY_NOUNS, WATER_NOUNS, PromptContext, shade
from paint_pipeline.warm_start.procedural.rivers import MARSH_WORDS, RIVER_WORDS, paint_marsh, paint_river, sky_colours
from paint_pipeline.warm_start.procedural.writing import (
    JsWriter,
    closed_shape,
    glaze,
    point_array,
    quote,
    spiral,
    str_array,
)

# Words of water seen from above (checked before the rivers: "braided river channels seen from above").
TOP_DOWN_WORDS = ("pond", "ponds", "ripples", "ripple", "whirlpool", "maelstrom", "vortex", "concentric", "lagoon",
                  "shallows", "tide", "braided", "sandbars", "from above", "aerial", "overhead")


def paint_water(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has(*TOP_DOWN_WORDS) or ctx.has("pools", "pool") and ctx.has("rocks", "rock", "rocky"):
        paint_pond(js, ctx)
    elif ctx.has(*RIVER_WORDS):
        paint_river(js, ctx)
    elif ctx.has(*MARSH_WORDS):
        paint_marsh(js, ctx)
    else:
        _sea(js, ctx)


def _sea(js: JsWriter, ctx: PromptContext) -> None:
    berg = ctx.has("iceberg", "icebergs", "ice", "glacier")
    great = ctx.has("curling", "tsunami", "great wave", "giant wave", "huge wave", "big wave", "hokusai")
    harbour = ctx.has("harbour", "harbor", "port", "quay", "marina", "jetty", "fishing boats", "moored")
    beach = ctx.has("beach", "shore", "sandy", "sand", "seashore", "shoreline") and not great
    pal = ctx.palette({
        "sea": (("#2f5fb3", "#1f7f7f", "#4a86c8", "#2a6f78"), "big", WATER_NOUNS),
        "sky": (sky_colours(ctx), "big", SKY_NOUNS),
        "deep": (("#1d3f7a", "#154e57", "#1b2a55"), "big"),
        "foam": (("#f3ead2", "#f7f7f7", "#e6f4f1"), "big", ("foam", "clouds", "surf", "spray")),
        "sand": (("#e8d3a0", "#e2c68f", "#d9c08a"), "big", ("sand", "beach", "shore")) if beach else None,
        "quay": (("#6b5f55", "#7a6a58", "#5c5c5c"), "big", ("quay", "pier", "harbour", "harbor", "wall")) if harbour
        else None,
        "boat": (("#f7f7f7", "#e6f4f1") if berg else ("#c62828", "#f0a020", "#e6b422"), "free",
                 ("iceberg", "ice", "icebergs") if berg else ("boats", "boat", "canoe", "buoys", "gondolas",
                                                              "lighthouse")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "charcoal")
    out = ctx.other(main, "pen", "HB", "rotring")
    horizon = ctx.i(20, 60, 10) if great else ctx.i(-120, -20, 10)
    shore = ctx.i(90, 150, 10)
    js.start(paper)
    js.section("Sky and sea")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});")
    if not (great or harbour):
        js(f"brush.wash({quote(pal['foam'])}, 255);",
           f"for (let i = 0; i < {ctx.i(5, 9)}; i++) brush.circle(random(-280, 280), random(-260, {horizon - 60}), "
           "random(20, 45));")
    js(f"brush.wash({quote(pal['sea'])}, 255);", f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
    deep = horizon + ctx.i(100, 180, 10)
    if not beach:
        js(f"brush.wash({quote(pal['deep'])}, 255);", f"brush.rect(-300, {deep}, 600, {300 - deep});")
    if ctx.has("rocks", "rock", "cliff", "cliffs", "coast", "rocky"):
        js("brush.wash('#4a4a4a', 255);")
        js(f"for (let i = 0; i < {ctx.i(4, 7)}; i++) brush.circle(random(-260, 260), random({horizon + 40}, 260), "
           "random(20, 45));")
    if beach:
        js.section("A sandy beach")
        edge = [(x, shore + ctx.i(-25, 25, 5)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({quote(shade(pal['sand'], -0.15))}, 255);",
           f"brush.polygon({point_array([(-300, 300), *edge, (300, 300)])});",
           f"brush.wash({quote(pal['sand'])}, 255);",
           f"brush.polygon({point_array([(-300, 300), *[(x, y + 35) for x, y in edge], (300, 300)])});")
    if harbour:
        js.section("A stone quay")
        js(f"brush.wash({quote(pal['quay'])}, 255);", "brush.rect(-300, 220, 600, 80);")
    if great:
        _great_wave(js, ctx, pal, horizon, out)
    else:
        glaze(js, shade(pal["sky"], 0.3), -300, -300, 600, horizon + 280, 130)
    cols = [pal["foam"], shade(pal["sea"], -0.25), shade(pal["deep"], 0.2), *ctx.extra]
    crests = not (great or harbour or ctx.has("calm", "still", "glassy", "flat"))
    if crests:
        _wave_crests(js, ctx, horizon, (shore - 20) if beach else 290, main, cols, pal["foam"],
                     0.5 if ctx.has("choppy", "rough", "stormy", "storm", "wild") else 0.35)
    else:
        js.section("Waves")
        js("brush.field('waves');")
        js.open(f"for (let i = 0; i < {ctx.i(30, 50, 10)}; i++)")
        js(f"brush.set(random({str_array(main)}), random({str_array(cols)}), random(1, 2.2));")
        js(f"brush.flowLine(random(-340, 260), random({horizon + 10}, {shore if beach else 290}), random(40, 140), 0);")
        js.close()
        js("brush.noField();")
    if beach:
        js.section("The surf line breaking on the sand")
        js(f"brush.set({quote(out)}, {quote(pal['foam'])}, 3);")
        js(f"for (let k = 0; k < 3; k++) brush.spline({point_array(edge)}.map(([x, y]) => [x, y - k * 30 + 4]), 0.6);")
        if not crests:
            js(f"brush.set({quote(main[0])}, {quote(pal['foam'])}, 1.5);")
            js(f"for (let i = 0; i < 8; i++) brush.arc(random(-260, 260), random({horizon + 30}, {shore - 40}), "
               "random(12, 25), PI, TWO_PI);")
    elif not (great or harbour or crests):
        js.section("Reflections")
        js(f"brush.set({quote(main[-1])}, {quote(pal['foam'])}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(10, 16)}; i++) {{ const x = random(-280, 280), y = random({horizon + 20}, 280);"
           " brush.line(x, y, x + random(-3, 3), y + random(10, 25)); }")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.line(-300, {horizon}, 300, {horizon});")
    if harbour:
        _harbour(js, ctx, pal, horizon, out, ink)
    elif not great:
        _sea_object(js, ctx, pal, horizon, out, ink, berg)


def _wave_crests(js: JsWriter, ctx: PromptContext, horizon: int, low: int, brushes: list[str], cols: list[str],
                 foam: str, height: float) -> None:
    """Waves seen across the sea, small near the horizon and larger as they come near: a ripple running on the
    swell, and a face rising to a crest that curls over to its left or right, capped with foam."""
    js.section("Waves with curling crests")
    below = f"y {'-' if horizon > 0 else '+'} {abs(horizon)}"  # how far below the horizon
    js("brush.field('waves');")
    js.open(f"for (let i = 0; i < {ctx.i(18, 26)}; i++)")
    js(f"const y = random({horizon + 20}, {low}), s = 0.3 + ({below}) / {int((300 - horizon) / 1.5)}, "
       f"x = random(-300, 300), w = 70 * s, d = random([-1, 1]), h = w * {height};")
    js(f"brush.set(random({str_array(brushes)}), random({str_array(cols)}), 1 + s);",
       "brush.flowLine(x - w * 2, y + 9, w * 1.5, 0);",
       "brush.spline([[x - d * w, y], [x - d * w * 0.3, y - h * 0.7], [x, y - h], [x + d * w * 0.2, y - h * 0.6]]);")
    js(f"brush.set(random({str_array(brushes)}), {quote(foam)}, 1.5 + s);",
       "brush.spline([[x - d * w * 0.5, y - h * 0.55], [x, y - h], [x + d * w * 0.18, y - h * 0.7]]);")
    js.close()
    js("brush.noField();")


def _great_wave(js: JsWriter, ctx: PromptContext, pal: dict, horizon: int, out: str) -> None:
    """A wave towering over the horizon whose crest curls into a spiral of foam."""
    cx, cy = ctx.i(-20, 80, 10), ctx.i(-190, -140, 10)
    body = [(-300, 300), (-300, 80), (-230, cy + 100), (cx - 110, cy + 10), (cx, cy - 20), (cx + 90, cy + 30),
            (cx + 110, cy + 100), (cx + 60, cy + 80), (cx + 40, horizon + 40), (cx + 120, 300)]
    js.section("The great wave curling over")
    js(f"brush.wash({quote(pal['deep'])}, 255);", f"const wave = {point_array(body)};")
    closed_shape(js, "wave", 0.4)
    glaze(js, shade(pal["deep"], -0.2), -300, horizon + 150, 600, 300, 90)
    js.section("Its curl and claws of foam")
    js(f"brush.set({quote(out)}, {quote(pal['foam'])}, 5);")
    spiral(js, cx + 55, cy + 55, 5, 55, 1.3)
    js("brush.noStroke();", f"brush.fill({quote(pal['foam'])}, 230);")
    js(f"for (let i = 0; i < 12; i++) brush.circle({cx - 200} + i * 25 + random(-8, 8), {cy + 60} - i * 6 + "
       "random(-8, 8), random(5, 12));", "brush.noFill();")
    js.section("Tiny boats under the wave")
    js(f"brush.set({quote(out)}, {quote(shade(pal['deep'], -0.3))}, 1.2);", f"brush.fill({quote(pal['boat'])}, 230);")
    js(f"for (let i = 0; i < {ctx.i(2, 3)}; i++) {{ const x = {cx + 120} + i * 60 + random(-10, 10), "
       f"y = {horizon + 60} + i * 50; brush.polygon([[x - 45, y], [x + 45, y - 6], [x + 30, y + 8], [x - 35, y + 8]]); "
       "}", "brush.noFill();")


def _harbour(js: JsWriter, ctx: PromptContext, pal: dict, horizon: int, out: str, ink: str) -> None:
    js.section("Moored fishing boats and their reflections")
    cols = [pal["boat"], shade(pal["boat"], -0.3), *ctx.extra, "#f7f7f7"]
    js(f"for (let i = 0; i < {ctx.i(3, 5)}; i++) {{")
    js.depth += 1
    js(f"const x = -240 + i * 120 + random(-20, 20), y = random({horizon + 60}, 200), c = random({str_array(cols)});")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", "brush.fill(c, 230);",
       "brush.polygon([[x - 45, y - 10], [x + 45, y - 10], [x + 35, y + 8], [x - 35, y + 8]]);",
       "brush.rect(x - 5, y - 32, 22, 22);", "brush.noFill();", "brush.line(x - 20, y - 10, x - 20, y - 80);",
       "brush.set('HB', c, 2);", "for (let k = 1; k < 5; k++) brush.line(x - 30, y + k * 12, x + 30, y + k * 12);")
    js.close()
    js.section("Bobbing buoys")
    js("brush.noStroke();", f"brush.fill({quote(ctx.fixed('#e05a2a'))}, 240);")
    js(f"for (let i = 0; i < {ctx.i(4, 7)}; i++) brush.circle(random(-280, 280), random({horizon + 40}, 210), "
       "random(5, 9));", "brush.noFill();")


def _sea_object(js: JsWriter, ctx: PromptContext, pal: dict, horizon: int, out: str, ink: str, berg: bool) -> None:
    bx, by = ctx.i(-180, 120, 10), horizon + ctx.i(60, 140, 10)
    if ctx.has("lighthouse"):
        js.section("A lighthouse on the rocks")
        lx, ly = ctx.i(-220, 120, 10), horizon + ctx.i(40, 90, 10)
        rock = point_array([(lx - 70, ly + 60), (lx - 20, ly - 10), (lx + 60, ly), (lx + 110, ly + 60)])
        js("brush.noStroke();", "brush.wash('#4a4a4a', 255);", f"brush.polygon({rock});",
           f"brush.wash({quote(ctx.fixed('#f3ead2'))}, 255);", f"brush.rect({lx}, {ly - 150}, 36, 150);",
           "brush.noWash();",
           f"brush.fill({quote(pal['boat'])}, 230);", f"brush.circle({lx + 18}, {ly - 165}, 16);", "brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(pal['boat'])}, 6);")
        js(f"for (let k = 0; k < 3; k++) brush.line({lx}, {ly - 120} + k * 45, {lx + 36}, {ly - 120} + k * 45);")
    elif berg:
        js.section("An iceberg")
        js("brush.noStroke();", f"brush.wash({quote(pal['boat'])}, 255);",
           f"brush.polygon({point_array([(bx, by), (bx + 40, by - 110), (bx + 90, by - 80), (bx + 150, by)])});",
           "brush.noWash();", f"brush.fill({quote(shade(pal['sea'], 0.5))}, 160);",
           f"brush.polygon({point_array([(bx + 40, by - 110), (bx + 60, by), (bx + 150, by)])});", "brush.noFill();")
    elif ctx.has("boat", "boats", "sailboat", "sailboats", "yacht", "ship", "sail", "sails") or ctx.chance(0.5) and \
            js.fits(7, 260):  # a boat the prompt does not name only where it fits
        js.section("A sailboat")
        js(f"brush.fill({quote(pal['boat'])}, 230);",
           f"brush.polygon({point_array([(bx, by), (bx + 70, by), (bx + 55, by + 14), (bx + 12, by + 14)])});",
           "brush.noFill();", f"brush.line({bx + 35}, {by}, {bx + 35}, {by - 60});",
           f"brush.line({bx + 35}, {by - 60}, {bx + 65}, {by - 6});")


def paint_pond(js: JsWriter, ctx: PromptContext, koi: bool = False) -> None:
    """Water seen from above. Without koi, the prompt picks what lies under or around it: pale sand (shallows),
    dark rock holding small pools (tide pools), sandbars between channels (braided rivers), or a whirlpool."""
    tide = not koi and (ctx.has("tide") or ctx.has("pools", "pool") and ctx.has("rocks", "rock", "rocky"))
    braided = not koi and not tide and ctx.has("braided", "channels", "sandbars", "sandbar")
    sandy = not koi and not tide and not braided and ctx.has("shallows", "shallow", "sand", "sandy")
    whirl = not koi and ctx.has("whirlpool", "maelstrom", "vortex", "spiral", "spiraling", "spiralling", "swirling")
    pads = ctx.has("lily", "lilies", "pads", "lilypads", "lotus")
    stones = ctx.has("rocks", "pebbles", "stones", "boulders")
    bed = ("#3d3a36", "#2f2f33", "#4a4540") if tide else ("#e8dcb8", "#efe3c2", "#dccfa6") if (
        braided or sandy) else ("#5c5c5c", "#6d4526", "#808080")
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", WATER_NOUNS),
        "deep": (("#1d3f7a", "#154e57", "#1b2a55"), "big"),
        "bed": (bed, "big", ("rocks", "pebbles", "stones", "sandbars", "sand", "bottom", "bed")) if (
            tide or braided or sandy or stones) and not koi else None,
        "pad": (("#4f8f35", "#6aa84f", "#7fb852"), "free" if pads else "small", ("pads", "lily", "weed", "reeds"))
        if pads or tide or braided else None,
        "koi": (("#ef7d1a", "#f39c3b", "#c62828"), "free", ("koi", "fish", "canoe")) if koi else None,
        "light": (("#f3ead2", "#e6f4f1", "#f7f7f7"), "big", ("light", "foam")),
    })
    paper = ctx.paper()
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    cx, cy = ctx.i(-60, 60, 10), ctx.i(-60, 60, 10)
    if tide:
        _tide_pools(js, ctx, pal, main, out)
    elif braided:
        _braided(js, ctx, pal, main)
    elif sandy:
        _shallows(js, ctx, pal, main, out)
    else:
        js.section("Still water seen from above")
        js("brush.noStroke();", f"brush.wash({quote(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);",
           f"brush.wash({quote(pal['deep'])}, 255);", f"brush.circle({cx}, {cy}, {ctx.i(130, 190, 10)});")
        if "bed" in pal:
            js(f"brush.wash({quote(pal['bed'])}, 255);")
            js(f"for (let i = 0; i < {ctx.i(5, 9)}; i++) brush.circle(random(-280, 280), random(-280, 280), "
               "random(20, 50));")
        glaze(js, shade(pal["water"], 0.2), -300, -300, 600, 600, 110)
    if whirl:
        js.section("The whirlpool")
        js(f"brush.set({quote(out)}, {quote(pal['light'])}, 3);")
        spiral(js, cx, cy, 6, 240, 3.2, 0.8)
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['deep'], -0.4))}, 2);")
        spiral(js, cx, cy, 20, 200, 2.6, 0.8, name="dark")
    elif not (tide or braided or sandy):
        js.section("Ripple rings")
        js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
        js("const x = random(-220, 220), y = random(-220, 220);")
        js(f"brush.set({quote(out)}, {quote(pal['light'])}, 1.5);")
        js(f"for (let k = 1; k <= {ctx.i(3, 5)}; k++) brush.circle(x, y, k * random(12, 20));")
        js.close()
    if not koi and not (tide or braided or sandy):
        js.section("Drifting strokes")
        js(f"brush.field({quote('spiral' if whirl else 'curved')});")
        js.open(f"for (let i = 0; i < {ctx.i(20, 40, 5)}; i++)")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['light'], shade(pal['deep'], -0.2), *ctx.extra])}), random(0.8, 1.6));")
        js("brush.flowLine(random(-300, 300), random(-300, 300), random(40, 120), 0);")
        js.close()
        js("brush.noField();")
    if koi:
        js.section("Koi")
        js.open(f"for (let i = 0; i < {ctx.i(3, 6)}; i++)")
        js("const x = random(-200, 200), y = random(-200, 200), L = random(50, 80), d = random([-1, 1]);")
        js("brush.noStroke();", f"brush.wash(random({str_array([pal['koi'], pal['light']])}), 255);")
        js("brush.polygon([[x - L * d, y], [x - L * 0.2 * d, y - L * 0.3], [x + L * 0.6 * d, y], [x - L * 0.2 * d, y "
           "+ L * 0.3]]);")
        js("brush.polygon([[x + L * 0.5 * d, y], [x + L * d, y - L * 0.3], [x + L * d, y + L * 0.3]]);")
        js("brush.noWash();", f"brush.fill({quote(pal['koi'])}, 200);", "brush.circle(x, y, L * 0.12);",
           "brush.noFill();")
        js.close()
    if pads:
        js.section("Lily pads")
        js.open(f"for (let i = 0; i < {ctx.i(5, 8)}; i++)")
        js("const x = random(-260, 260), y = random(-260, 260), r = random(20, 38);")
        js("brush.noStroke();", f"brush.fill({quote(pal['pad'])}, 230);", "brush.circle(x, y, r, 0.4);",
           "brush.noFill();")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['pad'], -0.4))}, 1);",
           "brush.line(x, y, x + r, y + r * 0.2);")
        js.close()


def _shallows(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str], out: str) -> None:
    js.section("A pale sand bottom under clear shallow water")
    edge = [(x, ctx.i(-220, -150, 10)) for x in (-300, -100, 100, 300)]
    js("brush.noStroke();", f"brush.wash({quote(pal['bed'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['deep'])}, 255);", f"brush.polygon({point_array([(-300, -300), *edge, (300, -300)])});",
       f"brush.wash({quote(shade(pal['bed'], -0.35))}, 255);",
       "for (let i = 0; i < 12; i++) brush.circle(random(-270, 270), random(-120, 270), random(5, 14));")
    glaze(js, pal["water"], -300, -300, 600, 600, 150)
    # Ripples in patches of their own direction and a web of light: not one orientation over the picture.
    js.section("Sand ripples and light on the bottom")
    js("brush.field('waves');", f"brush.set({quote(main[0])}, {quote(shade(pal['bed'], -0.25))}, 1.2);")
    js("for (let i = 0; i < 30; i++) brush.flowLine(random(-300, 260), random(-140, 280), random(30, 70), "
       "random(-60, 60));", "brush.noField();")
    js(f"brush.set({quote(out)}, {quote(pal['light'])}, 1.5);")
    js("for (let i = 0; i < 25; i++) { const x = random(-280, 280), y = random(-150, 280); "
       "brush.spline([[x, y], [x + random(-25, 25), y + random(-25, 25)], [x + random(-30, 30), "
       "y + random(-30, 30)]], 0.5); }")


def _scattered_shapes(js: JsWriter, n: int, name: str, curvature: float, *build: str) -> None:
    """A loop of n closed shapes in the current wash: `build` are the JavaScript lines that make the points of
    the array `name` (tide pools in the rock, sandbars in the channels)."""
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(*build)
    closed_shape(js, name, curvature)
    js.close()


def _tide_pools(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str], out: str) -> None:
    js.section("Dark rock holding small pools")
    js("brush.noStroke();", f"brush.wash({quote(pal['bed'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['water'])}, 255);")
    _scattered_shapes(js, ctx.i(5, 7), "p", 0.7,
                      "const x = random(-220, 220), y = random(-200, 240), r = random(35, 75), p = [];",
                      "for (let a = 0; a < 6.2; a += 0.9) p.push([x + r * cos(a) * random(0.7, 1.3), y + r * sin(a) "
                      "* 0.7]);")
    js(f"brush.wash({quote(pal['deep'])}, 255);", "brush.rect(-300, -300, 600, 60);")
    glaze(js, shade(pal["bed"], -0.3), -300, -240, 600, 540, 90)
    js.section("Cracks in the rock, weed and the surf")
    js(f"brush.set(random({str_array(main)}), {quote(shade(pal['bed'], 0.3))}, 1.5);")
    js("for (let i = 0; i < 20; i++) { const x = random(-290, 290), y = random(-230, 290), a = random(TWO_PI); "
       "brush.spline([[x, y], [x + 25 * cos(a), y + 25 * sin(a)], [x + 45 * cos(a + 0.6), y + 45 * sin(a + 0.6)]]); }")
    js(f"brush.set({quote(main[0])}, {quote(pal['pad'])}, 2);")
    js("for (let i = 0; i < 15; i++) { const x = random(-250, 250), y = random(-200, 280); "
       "brush.line(x, y, x + random(-8, 8), y - random(10, 22)); }")
    js(f"brush.set({quote(out)}, {quote(pal['light'])}, 2.5);",
       "brush.spline([[-300, -240], [-100, -232], [100, -246], [300, -238]], 0.6);")


def _braided(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str]) -> None:
    js.section("Channels winding between sandbars, seen from above")
    left = [(ctx.i(-230, -170, 10), y) for y in (-300, -100, 100, 300)]
    right = [(ctx.i(170, 230, 10), y) for y in (300, 100, -100, -300)]
    js("brush.noStroke();", f"brush.wash({quote(ctx.fixed('#5f8a45'))}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.polygon({point_array(left + right)});",
       f"brush.wash({quote(pal['bed'])}, 255);")
    _scattered_shapes(js, ctx.i(6, 9), "bar", 0.9,
                      "const x = random(-130, 130), y = random(-260, 260), L = random(50, 110), w = random(15, 35);",
                      "const bar = [[x, y - L], [x + w, y], [x, y + L], [x - w, y]];")
    glaze(js, shade(pal["water"], 0.2), -170, -300, 340, 600, 60)
    js.section("Current lines and reeds")
    js(f"brush.set({quote(main[-1])}, {quote(pal['light'])}, 1.2);")
    js("for (let i = 0; i < 25; i++) { const x = random(-170, 170), y = random(-290, 250); "
       "brush.line(x, y, x + random(-6, 6), y + random(20, 45)); }")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['pad'], -0.3))}, 2);")
    js("for (let i = 0; i < 40; i++) { const x = random([random(-300, -190), random(190, 300), random(-120, 120)]), "
       "y = random(-290, 290); brush.line(x, y, x + random(-5, 5), y - random(8, 20)); }")
