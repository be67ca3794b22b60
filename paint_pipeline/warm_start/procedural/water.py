"""Templates of water: the sea (waves, boats, icebergs, lighthouses) and still water seen from above (ponds,
also the koi pond of the animal templates)."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import SKY, SKY_NOUNS, WATER_NOUNS, PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array


def paint_water(js: JsWriter, ctx: PromptContext) -> None:
    pond = ctx.has("pond", "ripples", "ripple", "whirlpool", "pools", "concentric", "above", "lagoon", "shallows",
                   "pebbles", "channels")
    if pond:
        paint_pond(js, ctx)
        return
    berg = ctx.has("iceberg", "icebergs", "ice", "glacier")
    pal = ctx.palette({
        "sea": (("#2f5fb3", "#1f7f7f", "#4a86c8", "#2a6f78"), "big", WATER_NOUNS),
        "sky": (SKY, "big", SKY_NOUNS),
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
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});",
       f"brush.wash({quote(pal['foam'])}, 255);",
       f"for (let i = 0; i < {ctx.i(6, 10)}; i++) brush.circle(random(-280, 280), random(-260, {horizon - 60}), "
       "random(20, 45));",
       f"brush.wash({quote(pal['sea'])}, 255);", f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
    deep = horizon + ctx.i(100, 180, 10)
    js(f"brush.wash({quote(pal['deep'])}, 255);", f"brush.rect(-300, {deep}, 600, {300 - deep});")
    if ctx.has("rocks", "rock", "rapids", "cliff", "cliffs", "pebbles", "coast", "rocky"):
        js("brush.wash('#4a4a4a', 255);")
        js(f"for (let i = 0; i < {ctx.i(4, 7)}; i++) brush.circle(random(-260, 260), random({horizon + 40}, 260), "
           "random(20, 45));")
    glaze(js, shade(pal["sky"], 0.3), -300, -300, 600, horizon + 280, 130)
    js.section("Waves")
    cols = [pal["foam"], shade(pal["sea"], -0.25), shade(pal["deep"], 0.2), *ctx.extra]
    js("brush.field('waves');")
    js.open(f"for (let i = 0; i < {ctx.i(40, 60, 10)}; i++)")
    js(f"const y = random({horizon + 10}, 290);")
    js(f"brush.set(random({str_array(main)}), random({str_array(cols)}), random(1, 2.2));")
    js("brush.flowLine(random(-340, 260), y, random(40, 140), 0);")
    js.close()
    js("brush.noField();")
    js.section("Reflections")
    js(f"brush.set({quote(main[-1])}, {quote(pal['foam'])}, 1.5);")
    js(f"for (let i = 0; i < {ctx.i(12, 20)}; i++) {{ const x = random(-280, 280), y = random({horizon + 20}, 280); "
       "brush.line(x, y, x + random(-3, 3), y + random(10, 25)); }")
    if ctx.has("bridge", "bridges"):
        bx0 = ctx.i(-150, 50, 10)
        js(f"brush.set({quote(out)}, {quote(ink)}, 3);",
           f"for (let k = 0; k < 3; k++) brush.arc({bx0} + k * 100, {horizon + 60}, 50, 0, PI);",
           f"brush.line({bx0 - 50}, {horizon + 10}, {bx0 + 250}, {horizon + 10});")
    js.section("Horizon and an iceberg" if berg else "Horizon and a boat")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.line(-300, {horizon}, 300, {horizon});")
    bx, by = ctx.i(-180, 120, 10), horizon + ctx.i(60, 140, 10)
    if ctx.has("lighthouse"):
        lx, ly = ctx.i(-220, 120, 10), horizon + ctx.i(40, 90, 10)
        rock = point_array([(lx - 70, ly + 60), (lx - 20, ly - 10), (lx + 60, ly), (lx + 110, ly + 60)])
        js("brush.noStroke();", "brush.wash('#4a4a4a', 255);", f"brush.polygon({rock});",
           f"brush.wash({quote(ctx.fixed('#f3ead2'))}, 255);", f"brush.rect({lx}, {ly - 150}, 36, 150);",
           "brush.noWash();",
           f"brush.fill({quote(pal['boat'])}, 230);", f"brush.circle({lx + 18}, {ly - 165}, 16);", "brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(pal['boat'])}, 6);")
        js(f"for (let k = 0; k < 3; k++) brush.line({lx}, {ly - 120} + k * 45, {lx + 36}, {ly - 120} + k * 45);")
    elif berg:
        js("brush.noStroke();", f"brush.wash({quote(pal['boat'])}, 255);",
           f"brush.polygon({point_array([(bx, by), (bx + 40, by - 110), (bx + 90, by - 80), (bx + 150, by)])});",
           "brush.noWash();", f"brush.fill({quote(shade(pal['sea'], 0.5))}, 160);",
           f"brush.polygon({point_array([(bx + 40, by - 110), (bx + 60, by), (bx + 150, by)])});", "brush.noFill();")
    else:
        js(f"brush.fill({quote(pal['boat'])}, 230);",
           f"brush.polygon({point_array([(bx, by), (bx + 70, by), (bx + 55, by + 14), (bx + 12, by + 14)])});",
           "brush.noFill();", f"brush.line({bx + 35}, {by}, {bx + 35}, {by - 60});",
           f"brush.line({bx + 35}, {by - 60}, {bx + 65}, {by - 6});")


def paint_pond(js: JsWriter, ctx: PromptContext, koi: bool = False) -> None:
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", WATER_NOUNS),
        "deep": (("#1d3f7a", "#154e57", "#1b2a55"), "big"),
        "pad": (("#4f8f35", "#6aa84f", "#7fb852"), "free", ("pads", "lily", "leaves", "leaf", "weed", "reeds")),
        "koi": (("#ef7d1a", "#f39c3b", "#c62828"), "free", ("koi", "fish", "canoe")) if koi else None,
        "rock": (("#5c5c5c", "#6d4526", "#808080", "#c8a878"), "big",
                 ("rocks", "pebbles", "stones", "sandbars", "sand")) if not koi else None,
        "light": (("#f3ead2", "#e6f4f1", "#f7f7f7"), "big", ("light", "foam")),
    })
    paper = ctx.paper()
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Still water seen from above")
    js("brush.noStroke();", f"brush.wash({quote(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['deep'])}, 255);",
       f"brush.circle({ctx.i(-60, 60, 10)}, {ctx.i(-60, 60, 10)}, {ctx.i(130, 190, 10)});")
    if not koi:
        js(f"brush.wash({quote(pal['rock'])}, 255);")
        js(f"for (let i = 0; i < {ctx.i(5, 9)}; i++) brush.circle(random(-280, 280), random(-280, 280), random(20, "
           "50));")
    glaze(js, shade(pal["water"], 0.2), -300, -300, 600, 600, 110)
    js.section("Ripple rings")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js("const x = random(-220, 220), y = random(-220, 220);")
    js(f"brush.set({quote(out)}, {quote(pal['light'])}, 1.5);")
    js(f"for (let k = 1; k <= {ctx.i(3, 5)}; k++) brush.circle(x, y, k * random(12, 20));")
    js.close()
    if not koi:
        js.section("Drifting strokes")
        js(f"brush.field({quote('spiral' if ctx.has('whirlpool', 'spiral', 'spiraling') else 'curved')});")
        js.open(f"for (let i = 0; i < {ctx.i(30, 50, 5)}; i++)")
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
    js.section("Lily pads")
    js.open(f"for (let i = 0; i < {ctx.i(5, 8)}; i++)")
    js("const x = random(-260, 260), y = random(-260, 260), r = random(20, 38);")
    js("brush.noStroke();", f"brush.fill({quote(pal['pad'])}, 230);", "brush.circle(x, y, r, 0.4);", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['pad'], -0.4))}, 1);", "brush.line(x, y, x + r, y + r * 0.2);")
    js.close()
