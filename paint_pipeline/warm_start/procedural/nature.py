"""Templates of the natural world: landscape, sky, water (and ponds), flowers, trees, weather."""

from __future__ import annotations

import math

from paint_pipeline.warm_start.procedural.reading import (
    _DARK_GREEN,
    _GREEN,
    _N_BUILDING,
    _N_CLOUD,
    _N_FLOWER,
    _N_GROUND,
    _N_LEAF,
    _N_SKY,
    _N_TRUNK,
    _N_WATER,
    _SKY,
    _WARM,
    _Ctx,
    _shade,
)
from paint_pipeline.warm_start.procedural.writing import _arr, _glaze, _hills, _Js, _n, _pts, _q, _shape


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
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
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
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
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
