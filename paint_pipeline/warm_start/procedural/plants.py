"""Templates of plants: flowers (`flowers`: species heads in their settings) and trees (one tree, a palm, a
forest; `tree_views`: birch, mangrove, four seasons, bonsai, and the cabins, tree houses, snow and leaves added
here)."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.flowers import flower_sketch
from paint_pipeline.warm_start.procedural.reading import (
    DARK_GREEN,
    GREEN,
    GROUND_NOUNS,
    LEAF_NOUNS,
    SKY,
    SKY_NOUNS,
    TRUNK_NOUNS,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.tree_views import (
    cabin,
    falling_leaves,
    paint_view,
    snow,
    stone_wall,
    tree_house,
    tree_view,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array


def _fitted(js: JsWriter, ctx: PromptContext, paint, levels) -> None:
    """Paint with the first level (of detail, richest first) whose sketch stays short enough; the last always."""
    state = ctx.rng.getstate()
    for level in levels:
        ctx.rng.setstate(state)
        trial = JsWriter("")
        trial.lines, trial.depth = list(js.lines), js.depth
        paint(trial, ctx, level)
        if level == levels[-1] or trial.fits():
            js.lines, js.depth = trial.lines, trial.depth
            return


def paint_flower(js: JsWriter, ctx: PromptContext) -> None:
    """Flower heads by species in a setting (`flowers.flower_sketch`); fewer species when a sketch would be too
    long."""
    _fitted(js, ctx, flower_sketch, (3, 2, 1))


def paint_tree(js: JsWriter, ctx: PromptContext) -> None:
    """A view of its own (birch, mangrove, four seasons, bonsai: `tree_views`), else a palm, a forest or one tree,
    with what the prompt adds (lean, twisted trunk, snow, cliff and sea, cabin, tree house, path, fog, leaves);
    less detail (the shadow, the canopy glaze) when a sketch would be too long."""
    view = tree_view(ctx)
    if view:
        paint_view(js, ctx, view)
        return
    _fitted(js, ctx, _tree, (0, 1, 2, 3))


def _tree(js: JsWriter, ctx: PromptContext, level: int) -> None:
    forest = ctx.has("forest", "grove", "woods", "trees", "beeches", "redwood", "redwoods", "olive", "maples",
                     "avenue", "orchard", "pines", "firs")
    conifer = ctx.has("pine", "pines", "spruce", "cypress", "fir", "firs", "juniper", "redwood", "redwoods", "conifer",
                      "cedar")
    bare = ctx.has("bare", "winter", "tangled", "leafless") and not conifer
    snowy = ctx.has("snow", "snowy", "snowfall", "frost", "frosted", "snowbound")
    lean = ctx.has("windswept", "leaning", "leans", "bent", "windblown", "wind", "wind-bent")
    twisted = ctx.has("twisted", "gnarled", "ancient", "tangled", "knotted", "crooked")
    coast = ctx.has("cliff", "cliffs", "coastal", "coast", "sea", "shore", "ocean")
    pal = ctx.palette({
        "sky": ((("#9fb0c4", "#a9b8c8") if snowy else SKY + ("#e0d2b0", "#f2e4cf")), "big", SKY_NOUNS),
        "canopy": (GREEN, "free", LEAF_NOUNS + ("blossom", "bloom", "leaves")),
        "ground": ((("#eef2f5", "#e8eef2") if snowy else ("#8aa97a", "#9bb38a", "#c8a878", "#7fb05a")), "big",
                   GROUND_NOUNS),
        "snow": (("#f7f7f7",), "free", ("snow", "snowy", "frost")) if snowy else None,
        "sea": (("#4f7fa8", "#5a8ab0"), "big", WATER_NOUNS) if coast else None,
        "canopy2": (DARK_GREEN, "free"),
        "trunk": (("#6d4526", "#5a3a22", "#4a3a2c"), "small", TRUNK_NOUNS),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("charcoal", "2B")
    out = ctx.other(main, "pen", "HB", "rotring")
    ground = ctx.i(140, 200, 10)
    side = ctx.pick([-1, 1])
    js.start(paper)
    js.section("Sky and ground" if not coast else "Sky, sea and cliff")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});")
    if coast:
        edge = side * ctx.i(60, 120, 10)
        js(f"brush.wash({quote(pal['sea'])}, 255);", f"brush.rect(-300, {ground - 60}, 600, {360 - ground});")
        land = [(-300 * side, 300), (-300 * side, ground), (edge, ground + 10), (edge + side * 40, 300)]
    else:
        land = [(-300, 300), *[(x, ground - ctx.i(0, 30)) for x in (-300, -100, 100, 300)], (300, 300)]
    js(f"brush.wash({quote(pal['ground'])}, 255);", f"brush.polygon({point_array(land)});")
    if forest and ctx.has("path", "trail", "road", "lane", "track", "avenue"):
        px = ctx.i(-40, 40, 10)
        js.section("Path into the trees")
        path = [(px - 170, 300), (px + 170, 300), (px + 10, ground - 15), (px - 10, ground - 15)]
        js(f"brush.wash({quote(shade(pal['ground'], 0.45))}, 255);", f"brush.polygon({point_array(path)});")
    else:
        px = None
    glaze(js, shade(pal["ground"], -0.2), -300, ground + 20, 600, 280 - ground, 140)
    if forest:
        _forest(js, ctx, pal, main, ground, conifer, twisted, px, ink, out)
    elif ctx.has("palm", "palms"):
        _palm(js, ctx, pal, main, ground)
    else:
        _one_tree(js, ctx, pal, main, ground, conifer, bare, twisted, (side * ctx.i(60, 110, 10)) if lean else 0,
                  level, ink, out, snowy)
        return
    if snowy:
        snow(js, ctx, -300, -220, 600, ground + 160, 40)
    if ctx.has("shedding", "falling", "fallen", "drifting", "autumn"):
        falling_leaves(js, [pal["canopy"], pal["canopy2"], *ctx.extra], -300, -150, 600, 440)
    if level < 1:
        _shadow(js, ctx, pal, out, ground)


def _shadow(js: JsWriter, ctx: PromptContext, pal: dict, out: str, ground: int) -> None:
    js.section("Shadow")
    js(f"brush.hatch({ctx.i(5, 9)}, {ctx.f(0.3, 0.8)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({quote(out)}, {quote(shade(pal['ground'], -0.4))}, 1);",
       f"brush.rect({ctx.i(-200, -60, 10)}, {ground + 20}, {ctx.i(160, 260, 10)}, {ctx.i(30, 60, 10)});",
       "brush.noHatch();")


def _forest(js: JsWriter, ctx: PromptContext, pal: dict, main: list, ground: int, conifer: bool, twisted: bool,
            px: int | None, ink: str, out: str) -> None:
    xs = sorted(ctx.i(-270, 270, 10) for _ in range(ctx.i(4, 6)))
    if px is not None:  # trees line both sides of the path
        xs = sorted(x + (90 if x >= px else -90) for x in xs)
    giant = ctx.has("giant", "redwood", "redwoods", "sequoia", "towering")
    js.section("Trunks" if not twisted else "Twisted trunks")
    js(f"const trunks = [{', '.join(str(x) for x in xs)}];")
    js.open("for (const x of trunks)")
    weight = ("random(8, 12)" if giant else "random(3, 5)") if main[0] != "pastel" else \
        ("random(3, 5)" if giant else "random(1.5, 2.5)")  # a pastel stroke is wide
    js(f"brush.set(random({str_array(main)}), {quote(pal['trunk'])}, {weight});")
    top = ctx.i(-160, -80, 10)
    if twisted:
        js(f"brush.spline([[x, {ground + 20}], [x + random(-30, 30), {(ground + top) // 2}], [x + random(-20, 20), "
           f"{top}]], 0.5);")
    else:
        js(f"brush.line(x, {ground + 20}, x + random(-10, 10), {top});")
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
    if ctx.has("misty", "mist", "fog", "foggy", "haze", "layers"):
        js.section("Layers of fog")
        js("brush.noStroke();", f"brush.fill({quote(ctx.fixed('#eef0f2'))}, 150);",
           f"for (let k = 0; k < 3; k++) brush.rect(-300, {ground - 40} - k * 90, 600, random(30, 50));",
           "brush.noFill();")
    if ctx.has("dappled", "sunlight", "sunlit", "light"):
        js.section("Dappled light")
        js("brush.noStroke();", f"brush.fill({quote(ctx.fixed('#f5e6a0'))}, 110);",
           f"for (let k = 0; k < 12; k++) brush.circle(random(-250, 250), random({ground}, 290), random(8, 20));",
           "brush.noFill();")
    if ctx.has("cabin", "hut", "cottage", "house"):
        gap = max(zip(xs, xs[1:]), key=lambda ab: ab[1] - ab[0]) if len(xs) > 1 else (xs[0], xs[0] + 120)
        cabin(js, ctx, (gap[0] + gap[1]) // 2, ground + 70, 80, ctx.fixed("#8b3a2a"), ink, out)


def _palm(js: JsWriter, ctx: PromptContext, pal: dict, main: list, ground: int) -> None:
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


def _one_tree(js: JsWriter, ctx: PromptContext, pal: dict, main: list, ground: int, conifer: bool, bare: bool,
              twisted: bool, lean: int, level: int, ink: str, out: str, snowy: bool) -> None:
    """One tree: a trunk (leaning, twisted), branches and a canopy (round, conifer tiers, a cypress column or
    buds), with a cabin, a tree house, a stone wall, snow or falling leaves when the prompt names them."""
    tx = ctx.i(-60, 60, 10) - lean // 2
    top = ctx.i(-90, -30, 10)
    cx = tx + lean  # the top of the trunk and the centre of the canopy
    js.section("Trunk and branches" if not twisted else "Twisted trunk and branches")
    mid = (ground + top) // 2
    if twisted:
        trunk = [(tx - 10, ground + 10), (tx + 25, mid + 50), (tx - 20 + lean // 2, mid), (tx + 20 + lean, mid - 50),
                 (cx, top)]
    else:
        trunk = [(tx - 10, ground + 10), (tx + lean // 3 + ctx.i(-15, 15), mid), (cx, top)]
    wide = 0.4 if main[0] == "pastel" else 1  # a pastel stroke is wide
    weight = ctx.f(6 * wide, 8 * wide) if twisted else ctx.f(4 * wide, 6 * wide)
    js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, {weight});",
       f"brush.spline({point_array(trunk)}, 0.5);")
    if level < 3:
        js(f"brush.set({quote(main[-1])}, {quote(pal['trunk'])}, {ctx.f(1.5, 2.5)});")
        js.open(f"for (let i = 0; i < {ctx.i(8, 14) if bare else ctx.i(5, 8)}; i++)")
        js(f"const a = random(-PI * 0.9, -PI * 0.1), len = random(60, {150 if bare else 110});")
        js(f"const y = random({top}, {top + 60});")
        js(f"brush.spline([[{cx}, y], [{cx} + cos(a) * len * 0.5, y + sin(a) * len * 0.5 + random(-10, 10)], "
           f"[{cx} + cos(a) * len, y + sin(a) * len]], 0.5);")
        js.close()
    js.section("Canopy" if not bare else "Buds")
    js("brush.noStroke();")
    column = ctx.has("cypress", "cypresses", "poplar", "poplars")
    if conifer:
        tiers, dy, w0, dw = (7, 40, 60, 7) if column else (5, 40, 140, 24)
        shift = lean // tiers
        js(f"brush.wash({quote(pal['canopy'])}, 255);")
        js.open(f"for (let k = 0; k < {tiers}; k++)")
        js(f"const x = {cx} + k * {shift}, y = {top - 10} - k * {dy}, w = {w0} - k * {dw};")
        js("brush.polygon([[x - w, y + 30], [x, y - 40], [x + w, y + 30]]);")
        js.close()
        box = (cx - w0, top - 10 - tiers * dy, 2 * w0, tiers * dy)
    else:
        n, r = (ctx.i(8, 14), (25, 50)) if not bare else (ctx.i(10, 18), (4, 9))
        spread = 150 if not bare else 160
        js.open(f"for (let k = 0; k < {n}; k++)")
        js(f"brush.wash(random({str_array([pal['canopy'], pal['canopy'], pal['canopy2'], *ctx.extra])}), 255);")
        js(f"brush.circle({cx + lean // 2} + random({-spread}, {spread}), {top - 60} + random(-90, 80), "
           f"random({r[0]}, {r[1]}));")
        js.close()
        box = (cx - spread, top - 150, 2 * spread, 170)
    if level < 2:
        js("brush.noWash();", "brush.fillTexture(0.4, 0.4);", f"brush.fill({quote(pal['canopy2'])}, 160);")
        js(f"for (let k = 0; k < 6; k++) brush.circle({cx} + random(-120, 120), {top - 60} + random(-80, 60), "
           "random(15, 35));")
        js("brush.noFill();")
    else:
        js("brush.noWash();", f"brush.fill({quote(pal['canopy2'])}, 120);", f"brush.circle({cx}, {top - 40}, 30);",
           "brush.noFill();")
    if snowy:
        snow(js, ctx, *box, 30)
    if ctx.has("tree house", "treehouse"):
        tree_house(js, ctx, cx + 10, top + 10, ground + 15, ink, out)
    if ctx.has("cabin", "hut", "cottage") and not ctx.has("tree house", "treehouse"):
        cabin(js, ctx, cx - lean - 150 * (1 if tx > 0 else -1), ground + 20, 60, ctx.fixed("#8b3a2a"), ink, out)
    if ctx.has("wall", "walls"):
        stone_wall(js, ctx, ground)
    if ctx.has("shedding", "falling", "fallen", "drifting"):
        falling_leaves(js, [pal["canopy"], *ctx.extra], box[0] - 40, box[1] + 60, box[2] + 80, ground + 40 - box[1])
    if level < 1:
        _shadow(js, ctx, pal, out, ground)
