"""Templates of plants: flowers (a bloom, a vase, a field) and trees (one tree, a palm, a forest)."""

from __future__ import annotations

import math

from paint_pipeline.warm_start.procedural.reading import (
    DARK_GREEN,
    FLOWER_NOUNS,
    GREEN,
    GROUND_NOUNS,
    LEAF_NOUNS,
    SKY,
    SKY_NOUNS,
    TRUNK_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, num, point_array, quote, str_array


def paint_flower(js: JsWriter, ctx: PromptContext) -> None:
    field = ctx.has("field", "fields", "meadow", "garden", "border", "scattered", "wild", "rows", "bands", "wreath",
                    "marigolds", "daisies", "grass", "poppies")
    vase = ctx.has("vase", "bouquet", "bunch", "basket", "pot", "potted", "windowsill", "jar") and not field
    pal = ctx.palette({
        "petal": (("#c62828", "#eb8fb0", "#ef7d1a", "#8a4fa8", "#f5d327"), "free", FLOWER_NOUNS),
        "bg": (("#cfe0f5", "#e0d2b0", "#d8e4c8", "#f2e4cf"), "big", SKY_NOUNS + ("wall", "background")),
        "ground": (GREEN, "big", GROUND_NOUNS + ("leaves",)),
        "petal2": (("#f2b5c8", "#f39c3b", "#a58fcf", "#f7f7f7"), "free") if field or vase else None,
        "petal3": (("#f7f7f7", "#d9607e", "#7f4fb8", "#e6b422"), "free") if field else None,
        "centre": (("#e6b422", "#6d4526", "#f5d327"), "small"),
        "stem": (DARK_GREEN, "small"),
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
    js("brush.noStroke();", f"brush.wash({quote(pal['bg'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    if vase:
        vx, vy = ctx.i(-30, 30, 5), ground + ctx.i(10, 40, 5)
        js(f"brush.wash({quote(shade(pal['petal2'], -0.3) if ctx.chance(0.5) else ctx.fixed('#5c6f80'))}, 255);",
           f"brush.polygon({point_array([(vx - 50, vy), (vx + 50, vy), (vx + 35, vy - 120), (vx - 35, vy - 120)])});")
    glaze(js, shade(pal["ground"], -0.2), -300, ground, 600, 300 - ground, 140)
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
    js(f"brush.set({quote(main[0])}, {quote(pal['stem'])}, {ctx.f(1.2, 2.2)});")
    if base:
        js(f"brush.spline([[{base[0]}, {base[1] + 20}], [({base[0]} + x) / 2, y + 60], [x, y]], 0.5);")
    elif field:
        js("brush.line(x, y, x + random(-6, 6), y + random(30, 60));")
    else:
        js("brush.spline([[x + random(-30, 30), 300], [x + random(-20, 20), (y + 300) / 2], [x, y]], 0.6);")
        js("brush.arc(x + 15, (y + 300) / 2, 20, 0, PI);")
    js.close()
    if field:
        js(f"brush.set({quote(main[-1])}, {quote(shade(pal['ground'], -0.3))}, 1);")
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
    colour = quote(petals[0]) if len(petals) == 1 else f"random({str_array(petals)})"
    js(f"const r = random({big[0]}, {big[1]}), c = {colour};")
    js("brush.wash(c, 255);")
    petals_n = ctx.i(5, 8)
    js(f"for (let k = 0; k < {petals_n}; k++) brush.circle(x + r * cos(k * {num(round(2 * math.pi / petals_n, 3))}), "
       f"y + r * sin(k * {num(round(2 * math.pi / petals_n, 3))}), r * 0.6);")
    js("brush.noWash();", f"brush.fill({quote(pal['centre'])}, 230);", "brush.circle(x, y, r * 0.4);",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", "brush.circle(x, y, r * 0.3);", "brush.noStroke();")
    js.close()


def paint_tree(js: JsWriter, ctx: PromptContext) -> None:
    forest = ctx.has("forest", "grove", "woods", "trees", "path", "beeches", "redwood", "olive", "maples", "seasons",
                     "mangrove", "birch")
    conifer = ctx.has("pine", "spruce", "cypress", "fir", "juniper", "redwood", "bonsai", "conifer")
    bare = ctx.has("bare", "winter", "tangled", "twisted") and not conifer
    pal = ctx.palette({
        "sky": (SKY + ("#e0d2b0", "#f2e4cf"), "big", SKY_NOUNS),
        "canopy": (GREEN, "free", LEAF_NOUNS + ("blossom", "bloom", "leaves")),
        "ground": (("#8aa97a", "#9bb38a", "#c8a878", "#7fb05a"), "big", GROUND_NOUNS),
        "canopy2": (DARK_GREEN, "free"),
        "trunk": (("#6d4526", "#5a3a22", "#4a3a2c"), "small", TRUNK_NOUNS),
    })
    paper = ctx.paper()
    ctx.ink(paper)  # unused here; picking it keeps the corpus what earlier versions generated
    main = ctx.brushes("charcoal", "2B")
    out = ctx.other(main, "pen", "HB", "rotring")
    ground = ctx.i(140, 200, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);")
    ridge = [(x, ground - ctx.i(0, 30)) for x in (-300, -100, 100, 300)]
    js(f"brush.polygon({point_array([(-300, 300), *ridge, (300, 300)])});")
    glaze(js, shade(pal["ground"], -0.2), -300, ground + 20, 600, 280 - ground, 140)
    if forest:
        xs = sorted(ctx.i(-270, 270, 10) for _ in range(ctx.i(4, 6)))
        js.section("Trunks")
        js(f"const trunks = [{', '.join(str(x) for x in xs)}];")
        js.open("for (const x of trunks)")
        js(f"brush.set(random({str_array(main)}), {quote(pal['trunk'])}, random(3, 5));",
           f"brush.line(x, {ground + 20}, x + random(-10, 10), {ctx.i(-160, -80, 10)});")
        js.close()
        js.section("Leaves" if not conifer else "Needles")
        js("brush.noStroke();")
        js.open("for (const x of trunks)")
        js(f"brush.wash(random({str_array([pal['canopy'], pal['canopy2'], *ctx.extra])}), 255);")
        if conifer:
            js(f"brush.polygon([[x - 60, {ground - 40}], [x, {ctx.i(-260, -200, 10)}], [x + 60, {ground - 40}]]);")
        else:
            js("for (let k = 0; k < 4; k++) brush.circle(x + random(-50, 50), random(-200, -60), random(30, 55));")
        js.close()
        glaze(js, shade(pal["canopy"], -0.2), -300, -260, 600, 120, 110)
    elif ctx.has("palm", "palms"):
        tx, lean = ctx.i(-80, 40, 10), ctx.i(30, 90, 10)
        top = (tx + lean, ctx.i(-160, -110, 10))
        js.section("Leaning trunk")
        js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, {ctx.f(5, 7)});",
           f"brush.spline([[{tx}, {ground + 10}], [{tx + lean // 3}, {(ground + top[1]) // 2}], [{top[0]}, "
           f"{top[1]}]], 0.6);")
        js.section("Fronds")
        js.open(f"for (let i = 0; i < {ctx.i(7, 10)}; i++)")
        js(f"const a = -PI + i * PI / {ctx.i(5, 7)} + random(-0.2, 0.2), len = random(110, 170);")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['canopy'], pal['canopy2'], *ctx.extra])}), random(3, 5));")
        js(f"brush.spline([[{top[0]}, {top[1]}], [{top[0]} + cos(a) * len * 0.5, {top[1]} + sin(a) * len * 0.5 - 30], "
           f"[{top[0]} + cos(a) * len, {top[1]} + sin(a) * len + 40]], 0.6);")
        js.close()
        js("brush.noStroke();", f"brush.fill({quote(pal['trunk'])}, 230);")
        js(f"for (let k = 0; k < 3; k++) brush.circle({top[0]} + random(-12, 12), {top[1] + 12} + random(-6, 6), 9);")
        js("brush.noFill();")
    else:
        tx = ctx.i(-60, 60, 10)
        top = ctx.i(-90, -30, 10)
        js.section("Trunk and branches")
        js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, {ctx.f(4, 6)});",
           f"brush.spline([[{tx - 10}, {ground + 10}], [{tx + ctx.i(-15, 15)}, {(ground + top) // 2}], [{tx}, "
           f"{top}]], 0.5);")
        js(f"brush.set({quote(main[-1])}, {quote(pal['trunk'])}, {ctx.f(1.5, 2.5)});")
        js.open(f"for (let i = 0; i < {ctx.i(8, 14) if bare else ctx.i(5, 8)}; i++)")
        js(f"const a = random(-PI * 0.9, -PI * 0.1), len = random(60, {150 if bare else 110});")
        js(f"const y = random({top}, {top + 60});")
        js(f"brush.spline([[{tx}, y], [{tx} + cos(a) * len * 0.5, y + sin(a) * len * 0.5 + random(-10, 10)], "
           f"[{tx} + cos(a) * len, y + sin(a) * len]], 0.5);")
        js.close()
        js.section("Canopy" if not bare else "Buds")
        js("brush.noStroke();")
        if conifer:
            js(f"brush.wash({quote(pal['canopy'])}, 255);")
            js.open("for (let k = 0; k < 5; k++)")
            js(f"const y = {top - 10} - k * 40, w = 140 - k * 24;")
            js(f"brush.polygon([[{tx} - w, y + 30], [{tx}, y - 40], [{tx} + w, y + 30]]);")
            js.close()
        else:
            n, r = (ctx.i(8, 14), (25, 50)) if not bare else (ctx.i(10, 18), (4, 9))
            spread = 150 if not bare else 160
            js.open(f"for (let k = 0; k < {n}; k++)")
            js(f"brush.wash(random({str_array([pal['canopy'], pal['canopy'], pal['canopy2'], *ctx.extra])}), 255);")
            js(f"brush.circle({tx} + random({-spread}, {spread}), {top - 60} + random(-90, 80), random({r[0]}, "
               f"{r[1]}));")
            js.close()
        js("brush.noWash();", "brush.fillTexture(0.4, 0.4);", f"brush.fill({quote(pal['canopy2'])}, 160);")
        js(f"for (let k = 0; k < 6; k++) brush.circle({tx} + random(-120, 120), {top - 60} + random(-80, 60), "
           "random(15, 35));")
        js("brush.noFill();")
    js.section("Shadow")
    js(f"brush.hatch({ctx.i(5, 9)}, {ctx.f(0.3, 0.8)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({quote(out)}, {quote(shade(pal['ground'], -0.4))}, 1);",
       f"brush.rect({ctx.i(-200, -60, 10)}, {ground + 20}, {ctx.i(160, 260, 10)}, {ctx.i(30, 60, 10)});",
       "brush.noHatch();")
