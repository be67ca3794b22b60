"""Landforms and landmarks of open views, for `landscapes.paint_landscape` (and the weather's backdrops): snow caps,
a volcano cone with smoke, canyon walls with strata, a cliff face, a fjord's walls, a lake or sea, terraces,
a lighthouse, a house, a dry stone wall and trees. Imports only `writing` and `reading`.

Functions named `*_washes` lay areas inside the caller's group of washes; the others draw strokes and fills after
the group is closed (see the package docstring)."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import PromptContext
from paint_pipeline.warm_start.procedural.writing import JsWriter, point_array, quote, str_array

LANDFORMS = (  # (landform, words), first match wins
    ("volcano", ("volcano", "volcanic", "crater", "lava")),
    ("canyon", ("canyon", "canyons", "gorge", "mesa", "mesas", "strata", "ravine")),
    ("fjord", ("fjord", "fjords", "inlet", "sound")),
    ("cliff", ("cliff", "cliffs", "bluff", "headland", "escarpment")),
    ("terraces", ("terraced", "terraces", "terrace", "rice", "tea", "plantation", "vineyard", "vineyards")),
    ("mountains", ("mountain", "mountains", "peak", "peaks", "alpine", "glacier", "rock", "rocky", "ridge", "range",
                   "summit", "crags")),
)
BUILDINGS = ("lighthouse", "cabin", "house", "houses", "barn", "windmill", "church", "cottage", "farmhouse", "hut",
             "chalet", "chapel", "farm")


def landform(ctx: PromptContext) -> str:
    return next((name for name, words in LANDFORMS if ctx.has(*words)), "hills")


def snow_cap_washes(js: JsWriter, colour: str, below: int) -> None:
    """White caps on the peaks of the JavaScript ridge `far` that rise above y = `below`."""
    js(f"brush.wash({quote(colour)}, 255);",
       f"for (const [x, y] of far) if (y < {below}) brush.polygon([[x - 36, y + 48], [x, y + 2], [x + 36, y + 48]]);")


def volcano_washes(js: JsWriter, ctx: PromptContext, horizon: int, rock: str, smoke: str) -> tuple[int, int]:
    """A cone with a flat crater top and a column of smoke; returns the crater's centre."""
    cx, top = ctx.i(-60, 60, 10), horizon - ctx.i(170, 210, 10)
    cone = [(cx - 260, horizon + 40), (cx - 40, top), (cx + 40, top), (cx + 260, horizon + 40)]
    js(f"brush.wash({quote(rock)}, 255);", f"brush.polygon({point_array(cone)});",
       f"brush.wash({quote(smoke)}, 255);",
       f"for (let k = 0; k < {ctx.i(8, 11)}; k++) brush.circle({cx} + k * random(5, 12), {top - 20} - k * 22, "
       "18 + k * 4);")
    return cx, top


def wall_washes(js: JsWriter, ctx: PromptContext, horizon: int, rock: str, kind: str,
                grass: str) -> list[list[tuple[int, int]]]:
    """Steep rock walls: both sides of a canyon or a fjord, one side for a cliff (with a grassy top). Returns the
    wall polygons."""
    gap = ctx.i(60, 120, 10)
    left = [(-300, horizon - ctx.i(180, 240, 10)), (-gap - 20, horizon - ctx.i(140, 190, 10)),
            (-gap, horizon + 40), (-gap - 60, 300), (-300, 300)]
    right = [(-x, y + ctx.i(-20, 20, 10)) for x, y in left]
    if kind == "cliff":
        side = ctx.pick([-1, 1])
        top = horizon - ctx.i(60, 110, 10)
        left = [(300 * side, top - 40), (40 * side, top), (30 * side, 300), (300 * side, 300)]
        walls = [left]
    else:
        walls = [left, right]
    js(f"brush.wash({quote(rock)}, 255);", *[f"brush.polygon({point_array(w)});" for w in walls])
    if kind == "cliff":
        (x0, y0), (x1, y1) = walls[0][:2]
        js(f"brush.wash({quote(grass)}, 255);",
           f"brush.polygon({point_array([(x0, y0), (x1, y1), (x1 + x1 // 4, y1 + 24), (x0, y0 + 20)])});")
    return walls


def water_washes(js: JsWriter, ctx: PromptContext, horizon: int, colour: str, kind: str) -> int:
    """Water under the horizon: the whole foreground for a fjord, a sea beside a cliff or coast, else a lake."""
    if kind in ("fjord", "sea"):
        js(f"brush.wash({quote(colour)}, 255);", f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
        return horizon
    cy = horizon + ctx.i(70, 110, 10)
    js(f"brush.wash({quote(colour)}, 255);", "const lake = [];",
       f"for (let a = 0; a < 6.3; a += 0.4) lake.push([{ctx.i(-60, 60, 10)} + {ctx.i(200, 260, 10)} * cos(a), {cy} + "
       f"{ctx.i(35, 50, 5)} * sin(a)]);", "brush.polygon(lake);")
    return cy


def strata(js: JsWriter, walls, brush: str, cols: list[str]) -> None:
    """Layered rock: horizontal bands across each canyon wall, from its outer edge to its inner foot."""
    js.section("Layered rock strata")
    js(f"brush.set({quote(brush)}, random({str_array(cols)}), 1.5);")
    for wall in walls:
        outer, inner, top = wall[0][0], wall[3][0], wall[1][1]
        js(f"for (let y = {top + 10}; y < 290; y += random(10, 22)) brush.line({outer}, y, {inner} + random(-15, 15), "
           "y + random(-5, 5));")


def terraces(js: JsWriter, ctx: PromptContext, horizon: int, brush: str, cols: list[str], bushes: bool) -> None:
    """A hill stepped into terraces that follow its contours: ring upon ring from the foot up, each step's front
    edge (the riser) curving round the hill (rows of round bushes along the contours for tea)."""
    js.section("Rows of tea bushes" if bushes else "Stepped terraces")
    cx, top, n = ctx.i(-160, 160, 10), horizon + ctx.i(10, 30, 10), ctx.i(7, 9)
    lean = (-1 if cx > 0 else 1) * ctx.i(10, 20)  # the hill rises to one side: its steps shift as they climb
    js.open(f"for (let k = {n}; k >= 0; k--)")
    # Spurs and gullies of the hill bend every contour the same way: the steps bulge and curve in step.
    js(f"const rx = 60 + k * 48, ry = 18 + k * 11, x = {cx} {'-' if lean < 0 else '+'} k * {abs(lean)}, "
       f"y = {top} + k * 26, p = [];",
       f"for (let a = 0; a < 6.3; a += 0.3) {{ const r = 1 + 0.16 * sin(3 * a + {ctx.f(0, 6.2, 1)}) + random(0.05); "
       "p.push([x + rx * r * cos(a), y + ry * r * sin(a)]); }")
    js("brush.noStroke();", f"brush.fill(k % 2 ? {quote(cols[1])} : {quote(cols[0])}, {170 if bushes else 200});",
       "brush.polygon(p);", "brush.noFill();")
    if bushes:  # a hedge of bushes along the front of the step
        js(f"brush.set({quote(brush)}, {quote(cols[2])}, 4 + k / 2);",
           "for (let i = 1; i < 10; i++) brush.circle(p[i][0], p[i][1] - 4, 4 + k);")
    else:
        js(f"brush.set({quote(brush)}, {quote(cols[2])}, 1.5 + k / 4);", "brush.spline(p.slice(0, 11), 0.6);")
    js.close()


def cliff_face(js: JsWriter, walls, brush: str, colour: str) -> None:
    """Vertical hatching down a cliff's face."""
    (x0, y0), (x1, y1) = walls[0][0], walls[0][1]
    js.section("Cliff face")
    js(f"brush.set({quote(brush)}, {quote(colour)}, 0.7);",
       f"for (let i = 0; i < 24; i++) {{ const x = random({min(x0, x1)}, {max(x0, x1)}); "
       f"brush.line(x, {max(y0, y1)} + random(20), x + random(-6, 6), random(150, 300)); }}")


def lighthouse(js: JsWriter, x: int, y: int, out: str, white: str, red: str) -> None:
    """A tapered white tower with red bands and a lamp room."""
    js.section("Lighthouse")
    js("brush.noStroke();", f"brush.fill({quote(white)}, 240);",
       f"brush.polygon({point_array([(x - 16, y), (x - 9, y - 110), (x + 9, y - 110), (x + 16, y)])});",
       f"brush.fill({quote(red)}, 230);", f"brush.rect({x - 12}, {y - 130}, 24, 20);",
       f"brush.polygon({point_array([(x - 14, y - 130), (x, y - 148), (x + 14, y - 130)])});", "brush.noFill();",
       f"brush.set({quote(out)}, {quote(red)}, 4);",
       f"for (let k = 1; k < 3; k++) brush.line({x - 15} + k * 2, {y} - k * 36, {x + 15} - k * 2, {y} - k * 36);")


def house(js: JsWriter, x: int, y: int, out: str, ink: str, colour: str, small: bool) -> None:
    """A box with a pitched roof (a tiny cabin when `small`)."""
    w, h = (34, 22) if small else (60, 40)
    js.section("A cabin" if small else "A house")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.fill({quote(colour)}, 240);",
       f"brush.rect({x}, {y - h}, {w}, {h});",
       f"brush.polygon({point_array([(x - 6, y - h), (x + w // 2, y - h - w // 2), (x + w + 6, y - h)])});",
       "brush.noFill();")


def stone_wall(js: JsWriter, ctx: PromptContext, y: int, out: str, ink: str, stone: str) -> None:
    """A dry stone wall running across the field: two courses of rounded stones."""
    js.section("Dry stone wall")
    tilt = ctx.f(-0.15, 0.15, 2)
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.fill({quote(stone)}, 230);",
       f"for (let x = -300; x < 300; x += 16) for (let k = 0; k < 2; k++) brush.circle(x + k * 8 + random(-2, 2), "
       f"{y} + x * {tilt} - k * 13, random(7, 10));", "brush.noFill();")


def trees(js: JsWriter, ctx: PromptContext, y0: int, y1: int, out: str, ink: str, leaf: str) -> None:
    """A few trees in the middle ground: spruces, flat-topped acacias, or round ones."""
    shape = "spruce" if ctx.has("spruce", "spruces", "pine", "pines", "fir", "firs", "conifers", "alpine",
                                   "snowstorm", "blizzard", "winter", "snowy") else \
        "acacia" if ctx.has("acacia", "acacias", "savanna") else "round"
    js.section({"spruce": "Spruce trees", "acacia": "Acacias", "round": "Trees"}[shape])
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.fill({quote(leaf)}, 210);")
    js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
    js(f"const x = random(-260, 260), y = random({y0}, {y1}), s = random(0.7, 1.2);",
       "brush.line(x, y, x, y - 24 * s);")
    if shape == "spruce":
        js("brush.polygon([[x - 14 * s, y - 8 * s], [x, y - 60 * s], [x + 14 * s, y - 8 * s]]);")
    elif shape == "acacia":
        js("brush.polygon([[x - 34 * s, y - 26 * s], [x - 20 * s, y - 36 * s], [x + 20 * s, y - 36 * s], "
           "[x + 34 * s, y - 26 * s]]);")
    else:
        js("brush.circle(x, y - 28 * s, 12 * s);")
    js.close()
    js("brush.noFill();")


def wake(js: JsWriter, ctx: PromptContext, horizon: int, out: str, ink: str, foam: str) -> None:
    """A small boat with its V-shaped wake spreading behind it."""
    js.section("A ferry and its wake")
    x, y = ctx.i(-60, 60, 10), horizon + ctx.i(60, 100, 10)
    js(f"brush.set({quote(out)}, {quote(foam)}, 2);",
       f"for (let k = 0; k < 4; k++) {{ brush.line({x}, {y}, {x - 60} - k * 40, 300 - k * 10); "
       f"brush.line({x + 20}, {y}, {x + 80} + k * 40, 300 - k * 10); }}",
       f"brush.fill({quote(ink)}, 220);",
       f"brush.polygon({point_array([(x - 6, y - 6), (x + 26, y - 6), (x + 22, y + 4), (x - 2, y + 4)])});",
       "brush.noFill();")


def smoke_and_mist(js: JsWriter, ctx: PromptContext, y: int, colour: str) -> None:
    """Soft translucent bands of mist lying in the valley."""
    js.section("Morning mist")
    js("brush.noStroke();", f"brush.fill({quote(colour)}, 110);",
       f"for (let i = 0; i < {ctx.i(3, 5)}; i++) brush.rect(-300, {y} + i * 30 + random(-8, 8), 600, 14);",
       "brush.noFill();")
