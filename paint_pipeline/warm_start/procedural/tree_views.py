"""Trees that are not one tree in a landscape: a birch trunk (white bark, dark marks), mangroves rooted in water,
the same tree in four seasons side by side, a bonsai in its pot; and elements `plants.paint_tree` adds to a tree or
a forest: a cabin at the base, a tree house with a ladder, snow, falling leaves, a stone wall, a path.
"""

from __future__ import annotations

from paint_pipeline.colour import COLOUR_WORDS
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
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array


def tree_view(ctx: PromptContext) -> str | None:
    """The view a tree prompt names, if it is one of this module's."""
    if ctx.has("seasons", "season"):
        return "seasons"
    if ctx.has("bonsai"):
        return "bonsai"
    if ctx.has("mangrove", "mangroves"):
        return "mangrove"
    if ctx.has("birch", "birches", "aspen", "aspens"):
        return "birch"
    return None


def paint_view(js: JsWriter, ctx: PromptContext, view: str) -> None:
    {"seasons": _seasons, "bonsai": _bonsai, "mangrove": _mangrove, "birch": _birch}[view](js, ctx)


def _birch(js: JsWriter, ctx: PromptContext) -> None:
    """White trunks with dark horizontal marks against a darker wood; one trunk close up for 'a birch trunk'."""
    one = not ctx.has("trunks", "trees", "grove", "forest", "woods", "birches", "aspens")
    pal = ctx.palette({
        "bg": (("#7f8f6a", "#6f7f66", "#8a8a70"), "big", SKY_NOUNS + ("background", "woods")),
        "bark": (("#f2efe6", "#f7f7f7"), "free", ("bark", "trunk", "trunks", "birch", "birches")),
        "leaves": (("#c8d46a", "#d9c04a", "#9cbf5a"), "free", LEAF_NOUNS),
        "ground": (("#6f6a4a", "#7a7050"), "big", GROUND_NOUNS),
        "marks": (("#1f1d1a", "#2b2622"), "free", ("marks", "lines", "black")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("charcoal", "2B")
    out = ctx.other(main, "pen", "marker", "HB")
    js.start(paper)
    js.section("Darker wood behind the white bark")
    gy = ctx.i(180, 240, 10)
    js("brush.noStroke();", f"brush.wash({quote(shade(pal['bg'], -0.1))}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {gy}, 600, {300 - gy});")
    glaze(js, shade(pal["bg"], -0.3), -300, -300, 600, gy + 300, 110)
    xs = [ctx.i(-40, 40, 10)] if one else sorted(ctx.i(-260, 260, 20) for _ in range(ctx.i(4, 6)))
    ws = [ctx.i(110, 150, 10)] if one else [ctx.i(24, 44, 4) for _ in xs]
    js.section("White trunks" if not one else "White trunk")
    js(f"const trunks = [{', '.join(f'[{x}, {w}]' for x, w in zip(xs, ws))}];")
    js(f"brush.wash({quote(pal['bark'])}, 255);", "for (const [x, w] of trunks) brush.rect(x - w / 2, -300, w, 600);")
    js("brush.noWash();", f"brush.fill({quote(pal['marks'])}, 60);", f"brush.rect(-300, {gy}, 600, 12);",
       "brush.noFill();")
    js.section("Dark marks on the bark")
    js.open("for (const [x, w] of trunks)")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", "brush.line(x - w / 2, -300, x - w / 2, 300);",
       "brush.line(x + w / 2, -300, x + w / 2, 300);")
    js(f"brush.set({quote(main[0])}, {quote(pal['marks'])}, random(2, 4));")
    js.open(f"for (let k = 0; k < {ctx.i(10, 16) if one else ctx.i(6, 10)}; k++)")
    js("const y = random(-290, 290), s = random(-0.5, 0.5) * w;",
       "brush.line(x + s - random(5, w / 3), y, x + s + random(5, w / 3), y + random(-3, 3));")
    js.close()
    js.close()
    js.section("Leaves" if not one else "A twig with leaves")
    if one:
        x0 = xs[0] + ws[0] // 2
        _dots(js, pal["leaves"], f"for (let k = 0; k < 9; k++) brush.circle({x0} + 20 + k * 18, "
              f"{ctx.i(-220, -120, 10)} - k * 6 + random(-15, 15), random(6, 10));")
    else:
        _dots(js, pal["leaves"], "for (let k = 0; k < 30; k++) brush.circle(random(-300, 300), random(-300, -170), "
              "random(5, 10));")


def _mangrove(js: JsWriter, ctx: PromptContext) -> None:
    """Mangroves standing on arching roots in shallow water, with their reflections."""
    pal = ctx.palette({
        "sky": (SKY + ("#e0e6d8",), "big", SKY_NOUNS),
        "water": (("#7fb0a8", "#8cbcb4", "#6fa0a0"), "big", WATER_NOUNS),
        "canopy": (GREEN, "free", LEAF_NOUNS),
        "canopy2": (DARK_GREEN, "free"),
        "trunk": (("#5a4a3a", "#4a3a2c"), "small", TRUNK_NOUNS),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pen", "HB")
    out = ctx.other(main, "rotring", "2B", "HB")
    wy = ctx.i(60, 110, 10)
    js.start(paper)
    js.section("Sky and shallow water")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {wy + 300});",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {wy}, 600, {300 - wy});")
    xs = sorted(ctx.i(-220, 220, 20) for _ in range(ctx.i(2, 3)))
    js(f"const trees = [{', '.join(str(x) for x in xs)}];")
    js.section("Canopies")
    js(f"brush.wash({quote(pal['canopy'])}, 255);")
    js(f"for (const x of trees) for (let k = 0; k < 6; k++) brush.circle(x + random(-80, 80), {wy - 170} + "
       "random(-50, 40), random(30, 50));")
    glaze(js, shade(pal["canopy2"], 0.1), -300, -300, 600, wy - 60, 90)
    js.section("Trunks and arching roots")
    js.open("for (const x of trees)")
    js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, 4);", f"brush.line(x, {wy - 150}, x, {wy - 50});")
    js(f"brush.set({quote(main[-1])}, {quote(pal['trunk'])}, 2);")
    js.open(f"for (let k = 0; k < {ctx.i(7, 10)}; k++)")
    js("const dx = random(-120, 120), end = random(20, 80);",
       f"brush.spline([[x, {wy - 60} - random(0, 40)], [x + dx * 0.5, {wy - 80}], [x + dx, {wy} + end]], 0.5);")
    js(f"brush.set({quote(out)}, {quote(shade(pal['trunk'], 0.4))}, 1);",
       f"brush.line(x + dx * 0.7, {wy + 6} + end * 0.3, x + dx * 0.9, {wy + 6} + end * 1.4);")
    js(f"brush.set({quote(main[-1])}, {quote(pal['trunk'])}, 2);")
    js.close()
    js.close()
    js.section("Ripples")
    js(f"brush.set({quote(out)}, {quote(shade(pal['water'], 0.35))}, 1);",
       f"for (let k = 0; k < 14; k++) {{ const y = random({wy + 10}, 290), x = random(-290, 240); "
       "brush.line(x, y, x + random(20, 60), y); }")
    js(f"brush.set({quote(out)}, {quote(ink)}, 0.8);", f"brush.line(-300, {wy}, 300, {wy});")


def _seasons(js: JsWriter, ctx: PromptContext) -> None:
    """The same tree four times side by side: spring blossom, summer green, autumn orange, winter bare with snow."""
    pal = ctx.palette({
        "sky": (("#dfe8ee", "#e6eadf"), "big", SKY_NOUNS),
        "summer": (GREEN, "free", LEAF_NOUNS),
        "autumn": (("#e07b28", "#d9602b"), "free", ("autumn", "fall")),
        "spring": (("#f2b5c8", "#eb8fb0"), "free", ("spring", "blossom")),
        "ground": (("#8aa97a", "#9bb38a"), "big", GROUND_NOUNS),
        "trunk": (("#6d4526", "#5a3a22"), "small", TRUNK_NOUNS),
    })
    asked = {h for w in ctx.targets for h in COLOUR_WORDS[w]}
    for role, own in (("spring", "#eb8fb0"), ("summer", "#5f9a45"), ("autumn", "#e07b28")):
        pal[role] = pal[role] if pal[role] in asked else ctx.fixed(own)  # each season keeps its own colour
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("cpencil", "HB")
    out = ctx.other(main, "pen", "rotring")
    gy = ctx.i(110, 160, 10)
    js.start(paper)
    js.section("Four panels: sky and ground")
    skies = [pal["sky"], shade(pal["sky"], -0.05), shade(pal["sky"], -0.1), ctx.fixed("#9fb0c4")]
    js(f"const skies = {str_array(skies)}, leaves = {str_array([pal['spring'], pal['summer'], pal['autumn']])};")
    js("brush.noStroke();")
    js.open("for (let p = 0; p < 4; p++)")
    js("brush.wash(skies[p], 255);", f"brush.rect(-290 + p * 148, -200, 136, {gy + 200});")
    js.close()
    js(f"brush.wash({quote(pal['ground'])}, 255);",
       f"for (let p = 0; p < 3; p++) brush.rect(-290 + p * 148, {gy}, 136, {200 - gy});")
    js("brush.noWash();", f"brush.fill({quote(ctx.fixed('#f7f7f7'))}, 255);",
       f"brush.rect(154, {gy}, 136, {200 - gy});", "brush.noFill();")
    js.section("The same trunk and branches in each panel")
    js.open("for (let p = 0; p < 4; p++)")
    js("const x = -222 + p * 148;", f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, 3);",
       f"brush.line(x, {gy + 10}, x, {gy - 90});")
    js(f"brush.line(x, {gy - 60}, x - 35, {gy - 120});", f"brush.line(x, {gy - 75}, x + 35, {gy - 130});")
    js.close()
    js.section("Spring blossom, summer leaves, autumn leaves")
    js("brush.noStroke();")
    js.open("for (let p = 0; p < 3; p++)")
    js("brush.wash(leaves[p], 255);")
    js(f"for (let k = 0; k < {ctx.i(6, 8)}; k++) brush.circle(-222 + p * 148 + random(-45, 45), {gy - 130} + "
       "random(-35, 30), random(14, 22));")
    js.close()
    js("brush.noWash();", f"brush.fill({quote(pal['autumn'])}, 200);",
       f"for (let k = 0; k < 6; k++) brush.circle(74 + random(-55, 55), random({gy - 40}, {gy + 30}), 3);",
       "brush.noFill();")
    js.section("Winter: snow on bare branches")
    js(f"brush.fill({quote(ctx.fixed('#f7f7f7'))}, 240);",
       f"for (let k = 0; k < 8; k++) brush.circle(222 + random(-35, 35), {gy - 125} + random(-10, 60), 5);",
       "brush.noFill();")
    js.section("Panel frames")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);", "for (let p = 0; p < 4; p++) brush.rect(-290 + p * 148, -200, "
       "136, 400);")


def _bonsai(js: JsWriter, ctx: PromptContext) -> None:
    """A small twisted tree with flat pads of foliage in a shallow pot on a table."""
    pal = ctx.palette({
        "bg": (("#e8e0cf", "#e2dccb", "#dfe4e0"), "big", SKY_NOUNS + ("wall", "background")),
        "pot": (("#5c6f80", "#8a4a2a", "#3f4f5c"), "free", ("pot", "tray", "dish")),
        "canopy": (DARK_GREEN + GREEN[:2], "free", LEAF_NOUNS),
        "table": (("#8a6a4a", "#7a5a3c"), "big", ("table", "shelf")),
        "trunk": (("#5a3a22", "#4a3a2c"), "small", TRUNK_NOUNS),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pen", "HB")
    out = ctx.other(main, "rotring", "2B")
    ty, px, lean = ctx.i(150, 190, 10), ctx.i(-20, 20, 10), ctx.pick([-1, 1]) * ctx.i(30, 70, 10)
    js.start(paper)
    js.section("Wall and table")
    js("brush.noStroke();", f"brush.wash({quote(pal['bg'])}, 255);", f"brush.rect(-300, -300, 600, {ty + 300});",
       f"brush.wash({quote(pal['table'])}, 255);", f"brush.rect(-300, {ty}, 600, {300 - ty});")
    js.section("Shallow pot")
    pot = [(px - 130, ty - 50), (px + 130, ty - 50), (px + 110, ty), (px - 110, ty)]
    js(f"brush.wash({quote(pal['pot'])}, 255);", f"brush.polygon({point_array(pot)});",
       f"brush.rect({px - 140}, {ty - 62}, 280, 14);")
    glaze(js, shade(pal["table"], -0.2), -300, ty, 600, 300 - ty, 120)
    js.section("Twisted trunk")
    top = (px + lean, ty - ctx.i(220, 260, 10))
    js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, 7);",
       f"brush.spline({point_array([(px, ty - 60), (px - lean // 2, ty - 120), (px + lean, ty - 170), top])}, 0.6);")
    js(f"brush.set({quote(main[0])}, {quote(pal['trunk'])}, 3);")
    js(f"brush.line({px - lean // 3}, {ty - 140}, {px - lean * 2}, {ty - 160});",
       f"brush.line({px + lean}, {ty - 180}, {px + lean * 3}, {ty - 200});")
    js.section("Pads of foliage")
    js("brush.noStroke();", f"brush.wash({quote(pal['canopy'])}, 255);")
    pads = [(px - lean * 2, ty - 170), (px + lean * 3, ty - 210), top]
    js(f"for (const [x, y] of {point_array(pads)}) for (let k = 0; k < 5; k++) brush.circle(x + random(-45, 45), "
       "y + random(-12, 6), random(14, 22));")
    js("brush.noWash();", f"brush.fill({quote(shade(pal['canopy'], -0.3))}, 120);",
       f"for (const [x, y] of {point_array(pads)}) brush.rect(x - 45, y + 4, 90, 6);", "brush.noFill();")
    js.section("Soil and pot outline")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.polygon({point_array(pot)});",
       f"brush.line({px - 130}, {ty - 50}, {px + 130}, {ty - 50});")


# --------------------------------------------------------------------------------------------------
# Elements added to one tree or a forest


def cabin(js: JsWriter, ctx: PromptContext, x: int, ground: int, size: int, colour: str, ink: str, out: str) -> None:
    """A small cabin standing on the ground at x: walls, a pitched roof and a door (washes closed by the roof)."""
    w, h = size, size * 2 // 3
    js.section("Cabin at the base")
    js("brush.noStroke();", f"brush.wash({quote(colour)}, 255);", f"brush.rect({x - w // 2}, {ground - h}, {w}, {h});")
    roof = [(x - w // 2 - 8, ground - h), (x, ground - h - w // 2), (x + w // 2 + 8, ground - h)]
    js("brush.noWash();", f"brush.fill({quote(shade(colour, -0.45))}, 230);", f"brush.polygon({point_array(roof)});",
       f"brush.rect({x - w // 8}, {ground - h // 2}, {w // 4}, {h // 2});", "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.rect({x - w // 2}, {ground - h}, {w}, {h});",
       "brush.noStroke();")


def tree_house(js: JsWriter, ctx: PromptContext, x: int, y: int, ground: int, ink: str, out: str) -> None:
    """A small house on a platform among the branches, a rope ladder down to the ground, lanterns if named."""
    wood = ctx.fixed(ctx.pick(["#a0703c", "#8a5a30"]))
    js.section("Tree house on a platform")
    js(f"brush.noStroke(); brush.wash({quote(wood)}, 255);", f"brush.rect({x - 50}, {y - 50}, 100, 50);")
    js(f"brush.noWash(); brush.fill({quote(shade(wood, -0.4))}, 230);",
       f"brush.polygon({point_array([(x - 60, y - 50), (x, y - 90), (x + 60, y - 50)])});",
       f"brush.rect({x - 70}, {y}, 140, 10); brush.noFill();")
    js.section("Rope ladder")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);",
       f"brush.line({x - 15}, {y + 10}, {x - 20}, {ground}); brush.line({x + 15}, {y + 10}, {x + 20}, {ground});",
       f"for (let yy = {y + 30}; yy < {ground}; yy += 22) brush.line({x - 18}, yy, {x + 18}, yy);")
    if ctx.has("lantern", "lanterns", "lights", "fairy"):
        js.section("Lanterns")
        _dots(js, ctx.fixed("#f0a020"),
              f"for (let k = 0; k < 5; k++) brush.circle({x - 120} + k * 60, {y + 20} + random(-20, 20), 9);")


def _dots(js: JsWriter, colour: str, loop: str) -> None:
    """Opaque dots (a wash, which a fill cannot be on a darker colour), closed by a faint glaze of the same colour
    (a wash is dropped if a stroke follows it directly)."""
    js("brush.noStroke();", f"brush.wash({quote(colour)}, 255);", loop,
       f"brush.noWash(); brush.fill({quote(colour)}, 90); brush.circle(0, 290, 4); brush.noFill();")


def snow(js: JsWriter, ctx: PromptContext, x: int, y: int, w: int, h: int, n: int) -> None:
    """White snow lying on the branches or tiers inside the box (x, y, w, h)."""
    js.section("Snow on the branches")
    _dots(js, ctx.fixed("#f7f7f7"),
          f"for (let k = 0; k < {n}; k++) brush.circle({x} + random({w}), {y} + random({h}), random(6, 12));")


def falling_leaves(js: JsWriter, colours: list[str], x: int, y: int, w: int, h: int) -> None:
    """Small leaves drifting down (and lying) in the box (x, y, w, h)."""
    js.section("Falling leaves")
    _dots(js, colours[0], f"for (let k = 0; k < 30; k++) brush.circle({x} + random({w}), {y} + random({h}), "
          "random(3, 6));")


def stone_wall(js: JsWriter, ctx: PromptContext, ground: int) -> None:
    """Two courses of rounded grey stones along the ground."""
    js.section("Stone wall")
    _dots(js, ctx.fixed("#9a948a"), f"for (let k = 0; k < 26; k++) brush.circle(-290 + k * 23, {ground + 12} - "
          "(k % 2) * 18, 13);")
