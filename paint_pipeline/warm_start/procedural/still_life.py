"""Still lifes and interiors that paint the objects their prompt names: fruit (apple, pear, lemon, grapes), shells,
bread, cheese, vessels (mug with steam, bottle, vase, jug, glass) on a plate or a table; rooms with a chair, an
armchair and lamp, a bookshelf, an easel, a trunk, a window, an attic's sloped ceiling. Used by `scenes`."""

from __future__ import annotations

import json
import re

from paint_pipeline.warm_start.procedural.elements import ellipse, optional
from paint_pipeline.warm_start.procedural.reading import CLOTH_NOUNS, PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, num, quote, spiral, str_array

NUMBERS = {"a": 1, "an": 1, "one": 1, "single": 1, "lone": 1, "two": 2, "pair": 2, "three": 3, "four": 4, "five": 5}

# kind: (words, default colours); front-row things first, then vessels (the back row).
FRONT = {
    "apple": (("apple", "apples", "orange", "oranges", "peach", "peaches", "plum", "plums"), ("#c62828", "#9fb83a")),
    "pear": (("pear", "pears"), ("#b5c04a", "#d4c24a")),
    "lemon": (("lemon", "lemons", "lime", "limes"), ("#f5d327",)),
    "grapes": (("grapes", "grape"), ("#6a3d9a", "#9fb83a")),
    "shell": (("shell", "shells", "seashell", "seashells"), ("#f2e4cf", "#e9c6a5")),
    "conch": (("conch",), ("#e9a6a5", "#f2d4c0")),
    "bread": (("bread", "loaf", "baguette"), ("#c8902c",)),
    "cheese": (("cheese",), ("#f2c14e",)),
}
BACK = {
    "mug": (("mug", "cup", "mugs", "cups", "teacup", "coffee"), ("#dce3e8", "#2f5fb3", "#c62828")),
    "bottle": (("bottle", "bottles", "wine"), ("#2e6b30", "#6a3d9a")),
    "vase": (("vase", "vases", "jug", "jugs", "pitcher", "jar", "jars", "glass", "teapot"), ("#2f5fb3", "#5c6f80")),
}


def _count(ctx: PromptContext, words: tuple[str, ...]) -> int:
    """How many of a thing the prompt asks for: a number word before it, else 1 for a singular noun, 2-3 for a
    plural one."""
    for k, w in enumerate(ctx.words):
        if w in words:
            for before in reversed(ctx.words[max(0, k - 3):k]):
                if before in NUMBERS:
                    return NUMBERS[before]
            return 1 if not w.endswith("s") or w in ("glass", "grapes") else ctx.i(2, 3)
    return 0


def paint_still_life(js: JsWriter, ctx: PromptContext) -> None:
    front = [(kind, _count(ctx, words)) for kind, (words, _) in FRONT.items() if ctx.has(*words)]
    back = [(kind, _count(ctx, words)) for kind, (words, _) in BACK.items() if ctx.has(*words)]
    if ctx.has("fruit", "fruits") and not front:
        front = [("apple", ctx.i(2, 3))]
    if not front and not back:  # 'a still life': the classic jug and fruit
        front, back = [(ctx.pick(["apple", "pear", "lemon"]), ctx.i(2, 3))], [("vase", 1)]
    back = [(kind, max(1, min(n, 2))) for kind, n in back]
    first_front = FRONT[front[0][0]] if front else None
    first_back = BACK[back[0][0]] if back else None
    pal = ctx.palette({
        "wall": (("#6b7f8e", "#9bb38a", "#b9d6ea", "#e0d2b0"), "big", ("wall", "background")),
        "table": (("#b9875a", "#8b5a2b", "#c8a878"), "big", CLOTH_NOUNS),
        "fruit": (first_front[1], "free", first_front[0]) if front else None,
        "pot": (first_back[1], "free", first_back[0]) if back else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("cpencil", "2B")
    out = ctx.other(main, "pen", "HB")
    shelf = ctx.has("shelf", "shelves", "mantel", "sill")
    table = ctx.i(-20, 30, 10) if not shelf else ctx.i(-10, 20, 10)
    wall, top = pal["wall"], pal["table"]
    if ctx.mono:  # greys: a lighter top against a darker wall, or the shelf would melt into it
        wall, top = shade(wall, -0.25), shade(top, 0.3)
    pens = (main, out, ink)
    js.start(paper)
    js.section("Wall with light falling on it")
    lx = ctx.i(-140, -40, 20)
    js("brush.noStroke();", f"brush.wash({quote(wall)}, 255);", f"brush.rect(-300, -300, 600, {table + 300});",
       f"brush.wash({quote(shade(wall, 0.3))}, 255);", f"brush.circle({lx}, {table - 90}, {ctx.i(190, 240, 10)});",
       f"brush.wash({quote(top)}, 255);", f"brush.rect(-300, {table}, 600, {300 - table});")
    if len(front) + len(back) > 3:  # many things: room for them rather than for the light on the wall
        del js.lines[-4:-2]
    edge = table + (110 if shelf else 170)
    js(f"brush.noWash(); brush.fill({quote(shade(top, -0.3))}, 170); brush.rect(-300, {edge}, 600, {300 - edge}); "
       "brush.noFill();")
    # Extras come last in importance: written after the objects, each inserted where it belongs if it still fits.
    extras = [(len(js.lines), _tone, (ctx, table, wall, main))]
    optional(js, _surface, ctx, table, edge, top, wall, pens)
    if not ctx.has("shelf", "shelves", "mantel", "sill", "cloth", "tablecloth", "linen"):
        extras.append((len(js.lines), _grain, (table, top, main)))
    y0 = table + (80 if shelf else 130)
    xs_front = _slots(ctx, len(front), -100 if back and len(front) < 3 else -220, 220)
    xs_back = _slots(ctx, len(back), -200, -40) if front else _slots(ctx, len(back), -120, 120)
    spots = [(x, 70 * n) for (_, n), x in zip(front, xs_front)] + [(x, 60 * n) for (_, n), x in zip(back, xs_back)]
    extras.append((len(js.lines), _shadows, (spots, y0 + 40, shade(top, -0.45))))
    # The vessels stand behind the front row (what the prompt is about): painted first, on the left.
    for (kind, n), x in zip(back, xs_back):
        col = pal["pot"] if kind == back[0][0] else ctx.fixed(BACK[kind][1][0])
        optional(js, _vessel, ctx, kind, n, x, y0 - 60, col, pens, shade(wall, 0.3), len(front) + len(back) > 3)
    plate = ctx.has("plate", "dish", "bowl")
    for k, ((kind, n), x) in enumerate(zip(front, xs_front)):
        col = pal["fruit"] if kind == front[0][0] else ctx.fixed(FRONT[kind][1][0])
        col = shade(col, -0.35) if ctx.mono else col  # grey fruit would vanish on a grey table
        busy = len(front) + len(back) > 3 and (back or k)  # the first drawn keeps its fill (the wash-drop rule)
        optional(js, _front, ctx, kind, n, x, y0, col, pens, plate and kind == front[0][0], busy)
    if ctx.has("driftwood", "branch", "twig"):
        optional(js, _driftwood, ctx, table, pens)
    for _, (at, element, args) in sorted(enumerate(extras), key=lambda e: (-e[1][0], -e[0])):  # the last first
        js.insert(at, element, *args)
    if ctx.extra:
        js.section("Stripes on the cloth")
        js(f"brush.set({quote(main[0])}, random({str_array(ctx.extra)}), 3);",
           f"for (let y = {table + 20}; y < 300; y += 40) brush.line(-300, y, 300, y);")


def _tone(js, ctx, table, wall, main) -> None:
    js.section("Tone of the wall, cross-hatched")
    fine = "HB" if main[0] in ("charcoal", "crayon", "marker", "spray") else main[0]  # a broad brush makes a lattice
    js("brush.noStroke();", f"brush.hatchStyle({quote(fine)}, {quote(shade(wall, -0.08))}, 0.6);",
       f"for (const a of [0.8, 2.3]) {{ brush.hatch({ctx.i(8, 12, 2)}, a, {{ rand: 0.5 }}); "
       f"brush.rect(-300, -300, 600, {table + 300}); }}", "brush.noHatch();")


def _grain(js, table, top, main) -> None:
    js.section("Wood grain")
    js(f"brush.set({quote(main[0])}, {quote(shade(top, -0.3))}, 1);",
       f"for (let i = 0; i < 24; i++) {{ const x = random(-300, 240), y = random({table + 10}, 290); "
       "brush.spline([[x, y], [x + 30, y + random(-4, 4)], [x + 60, y]], 0.5); }")


def _shadows(js, spots, y, col) -> None:
    js.section("Shadows cast to the right")
    js(f"brush.noStroke(); brush.fill({quote(col)}, 130);")
    if len(spots) > 3:  # a row of things: one band of shadow along their feet
        lo, hi = min(x - w // 2 for x, w in spots), max(x + w for x, w in spots)
        js(f"brush.polygon([[{lo}, {y - 8}], [{hi}, {y - 8}], [{hi + 50}, {y + 12}], [{lo + 20}, {y + 12}]]);")
    else:
        js(f"for (const [x, w] of [{', '.join(f'[{x}, {w}]' for x, w in spots)}]) brush.polygon([[x - w / 2, "
           f"{y - 8}], [x + w, {y - 8}], [x + w * 1.6, {y + 10}], [x - w / 3, {y + 10}]]);")
    js("brush.noFill();")


def _surface(js, ctx, table, edge, top, wall, pens) -> None:
    """Folds of a tablecloth, a shelf's edge and the wall under it, or the planks and grain of a wooden table."""
    main, out, ink = pens
    dark = quote(shade(top, -0.4))
    if ctx.has("shelf", "shelves", "mantel", "sill"):
        js.section("The shelf's front edge and its shadow on the wall below")
        js(f"brush.noStroke(); brush.fill({quote(shade(wall, -0.3))}, 200); brush.rect(-300, {edge + 30}, 600, 40); "
           "brush.noFill();", f"brush.set({quote(out)}, {quote(ink)}, 2);",
           f"brush.line(-300, {edge}, 300, {edge}); brush.line(-300, {edge + 30}, 300, {edge + 30});")
    elif ctx.has("cloth", "tablecloth", "linen"):
        js.section("Folds of the cloth")
        js(f"brush.set({quote(main[0])}, {dark}, 1.5);",
           f"for (let x = -280; x < 300; x += random(40, 90)) brush.spline([[x, {table}], [x + random(-20, 20), "
           f"{edge}], [x + random(-30, 30), 300]], 0.6);")
    else:
        js.section("Planks of the table")
        js(f"brush.set({quote(main[0])}, {dark}, 1.2);",
           f"for (let x = -360; x <= 360; x += 80) brush.line(x * 0.7, {table}, x * 1.2, 300);")


def _slots(ctx: PromptContext, n: int, lo: int, hi: int) -> list[int]:
    if n == 0:
        return []
    step = (hi - lo) / n
    return [round(lo + step * (k + 0.5)) + ctx.i(-10, 10) for k in range(n)]


def _xs(ctx: PromptContext, x: int, n: int, gap: int) -> str:
    return "[" + ", ".join(num(x + round((k - (n - 1) / 2) * gap)) for k in range(n)) + "]"


PEAR = "[[0, -75], [12, -62], [16, -38], [38, -8], [42, 22], [24, 44], [0, 50], [-24, 44], [-42, 22], [-38, -8], " \
       "[-16, -38], [-12, -62]]"


def _place(js: JsWriter, mark: int, x: int) -> None:
    """Write the place x of a lone thing into its lines since `mark` ('x - 75' -> its number, where nothing
    multiplies the 75), instead of a loop over one place."""
    def add(m: re.Match) -> str:
        return str(x + int(m.group(2)) * (1 if m.group(1) == "+" else -1))
    js.lines[mark:] = [re.sub(r"\bx\b", str(x), re.sub(r"\bx ([+-]) (\d+)\b(?!\s*[*/])", add, line))
                       for line in js.lines[mark:]]


def _front(js, ctx, kind, n, x, y, col, pens, plate, busy=False) -> None:
    """One kind of thing of the front row; `busy` (many kinds): without the highlight and the form strokes."""
    main, out, ink = pens
    gap = {"apple": 95, "pear": 95, "lemon": 120, "grapes": 100, "shell": 110, "bread": 150, "cheese": 130}[kind] \
        if kind != "conch" else 0
    js.section({"apple": "Fruit", "grapes": "A bunch of grapes", "shell": "Seashells", "conch": "A conch shell",
                "bread": "A loaf of bread", "cheese": "A wedge of cheese"}.get(kind, kind.capitalize() + "s"))
    if plate:
        js("brush.noStroke();", f"brush.wash({quote(ctx.fixed('#f3ead2'))}, 255);")
        ellipse(js, x, y + 36, 60 + 55 * n, 26)
    mark = len(js.lines)
    if kind == "conch":
        js(f"brush.noStroke(); brush.wash({quote(col)}, 255); "
           f"brush.polygon([[{x - 90}, {y + 10}], [{x + 10}, {y - 45}], [{x + 55}, {y + 5}], [{x + 10}, {y + 38}]]);")
        js("brush.noWash();", f"brush.fill({quote(shade(col, 0.4))}, 160); brush.circle({x + 25}, {y}, 28); "
           "brush.noFill();", f"brush.set({quote(out)}, {quote(shade(col, -0.5))}, 1.2);")
        spiral(js, x + 25, y, 2, 30, 2.5)
        return
    literal = busy and n == 1  # one thing among many: its place written in, without a loop
    if not literal:
        js.open(f"for (const x of {_xs(ctx, x, n, gap)})")
    shape = {
        "apple": f"brush.circle(x, {y}, 42);",
        "pear": f"brush.beginShape(0.6); for (const [u, v] of {PEAR}) brush.vertex(x + u, {y} + v); "
                "brush.endShape(true);",
        "lemon": f"brush.polygon([[x - 58, {y}], [x - 26, {y - 32}], [x + 26, {y - 32}], [x + 58, {y}], "
                 f"[x + 26, {y + 32}], [x - 26, {y + 32}]]);",
        "grapes": f"for (let r = 0; r < 4; r++) for (let c = 0; c < 4 - r; c++) brush.circle(x + (c - (3 - r) / 2) * "
                  f"22, {y - 30} + r * 19, 12);",
        "shell": f"brush.polygon([[x, {y + 32}], [x - 52, {y - 6}], [x - 29, {y - 42}], [x, {y - 50}], [x + 29, "
                 f"{y - 42}], [x + 52, {y - 6}]]);",
        "bread": f"brush.polygon([[x - 75, {y + 30}], [x - 65, {y - 18}], [x, {y - 38}], [x + 65, {y - 18}], "
                 f"[x + 75, {y + 30}]]);",
        "cheese": f"brush.polygon([[x - 60, {y + 30}], [x + 55, {y + 30}], [x + 55, {y - 18}], [x - 60, {y + 6}]]);",
    }[kind]
    js(f"brush.noStroke(); brush.wash({quote(col)}, 255); {shape}")
    detail = {"cheese": f"brush.rect(x + 20, {y - 4}, 35, 34); brush.circle(x - 20, {y + 16}, 7);",
              "bread": f"brush.rect(x - 70, {y + 14}, 140, 16);",
              "pear": f"brush.circle(x - 14, {y - 4}, 10);"}.get(kind, f"brush.circle(x - 14, {y - 14}, 10);")
    if not busy:
        js(f"brush.noWash(); brush.fill({quote(shade(col, -0.3 if kind in ('cheese', 'bread') else 0.6))}, 140); "
           f"{detail} brush.noFill();")
    # Form: curved strokes on the shadow side (lower right), then the stalk or the marks of the thing.
    form = {"apple": f"for (let r = 14; r < 42; r += 7) brush.arc(x, {y}, r, -1.6, 0.3);",
            "pear": f"for (let r = 12; r < 40; r += 7) brush.arc(x, {y + 12}, r, -1.6, 0.3);",
            "lemon": f"for (let r = 12; r < 32; r += 6) brush.arc(x, {y}, r, -1.6, 0.1);",
            "grapes": f"for (let r = 0; r < 4; r++) brush.arc(x + 10, {y - 30} + r * 19, 10, -1.6, 0.2);"}
    strokes = {
        "apple": f"brush.line(x, {y - 42}, x + 5, {y - 60});",
        "pear": f"brush.line(x, {y - 74}, x + 6, {y - 92});",
        "lemon": f"brush.line(x - 58, {y}, x - 66, {y - 4});",
        "grapes": f"brush.line(x, {y - 42}, x + 8, {y - 66});",
        "shell": f"for (let a = -1; a <= 1; a += 0.4) brush.line(x, {y + 32}, x + 50 * sin(a), "
                 f"{y + 32} - 78 * cos(a));",
        "bread": f"for (let k = -1; k <= 1; k++) brush.line(x + k * 30 - 10, {y - 8}, x + k * 30 + 10, {y - 28});",
        "cheese": f"brush.line(x - 60, {y + 6}, x + 55, {y - 18}); brush.line(x + 55, {y - 18}, x + 55, {y + 30});",
    }[kind]
    form = "" if busy else form.get(kind, "") + " " * (kind in form)
    js(f"brush.set({quote(main[-1])}, {quote(shade(col, -0.5))}, 1.5); {form}{strokes}")
    _place(js, mark, x) if literal else js.close()


def _vessel(js, ctx, kind, n, x, y, col, pens, light, busy=False) -> None:
    main, out, ink = pens
    glass = ctx.has("glass", "crystal") and kind == "vase"
    jug = ctx.has("jug", "jugs", "pitcher", "teapot") and kind == "vase"
    js.section({"mug": "A mug", "bottle": "A bottle"}.get(kind, ("A glass " if glass else "A ") +
                                                            ("jug" if jug else "vase")))
    shape = {"mug": "[[-45, 0], [-45, -105], [45, -105], [45, 0]]",
             "bottle": "[[-28, 0], [-28, -120], [-10, -145], [-10, -200], [10, -200], [10, -145], [28, -120], [28, 0]]",
             "vase": "[[-31, 0], [-56, -69], [-22, -144], [-35, -181], [35, -181], [22, -144], [56, -69], [31, 0]]"}
    if glass:  # its outline is drawn twice
        body = f"brush.beginShape(0.5); for (const [u, v] of vase) brush.vertex(x + u, {y} + v); brush.endShape(true);"
        js(f"const vase = {shape[kind]};")
    else:
        body = "brush.polygon([" + ", ".join(f"[x {'-' if u < 0 else '+'} {abs(u)}, {y + v}]" for u, v in
                                             json.loads(shape[kind])) + "]);"
    mark, literal = len(js.lines), busy and n == 1 and not glass
    if not literal:
        js.open(f"for (const x of {_xs(ctx, x, n, 120)})")
    if glass:  # see-through: a pale fill, the light of the wall through it, highlights and a dark rim
        js(f"brush.noStroke(); brush.fill({quote(col)}, 70); {body}",
           f"brush.fill({quote(light)}, 120); brush.rect(x - 20, {y - 130}, 22, 110); brush.noFill();",
           f"brush.set('pen', '#ffffff', 2); brush.spline([[x - 24, {y - 140}], [x - 44, {y - 70}], [x - 22, "
           f"{y - 10}]], 0.6); brush.line(x + 30, {y - 90}, x + 36, {y - 50});",
           f"brush.set({quote(out)}, {quote(shade(col, -0.5))}, 1.2); {body}",
           f"brush.arc(x, {y - 181}, 35, PI, TWO_PI);")
    else:
        label = {"mug": f"brush.rect(x - 42, {y - 105}, 84, 10);", "bottle": f"brush.rect(x - 24, {y - 95}, 48, 45);"}
        js(f"brush.noStroke(); brush.wash({quote(col)}, 255); {body}",
           f"brush.noWash(); brush.fill({quote(shade(col, -0.4 if kind == 'mug' else 0.5))}, 160); "
           f"{label.get(kind, f'brush.rect(x - 12, {y - 125}, 10, 88);')} brush.noFill();",
           f"brush.set({quote(main[0])}, {quote(shade(col, 0.6))}, 2); brush.line(x - 14, {y - 110}, x - 16, "
           f"{y - 10});")
    if kind == "mug" or jug:
        js(f"brush.set({quote(out)}, {quote(shade(col, -0.4))}, {3 if glass else 6}); "
           f"brush.arc(x + {45 if kind == 'mug' else 48}, "
           f"{y - 55 if kind == 'mug' else y - 100}, 26, -HALF_PI, HALF_PI);")
    _place(js, mark, x) if literal else js.close()
    if kind == "mug" and (ctx.has("steaming", "steam", "hot", "coffee", "tea") or ctx.chance(0.5)):
        js.section("Steam")
        js(f"brush.set('pastel', {quote(shade(ctx.fixed('#808080'), 0.4))}, 2);",
           f"for (let k = -1; k <= 1; k++) brush.spline([[{x} + k * 22, {y - 120}], [{x} + k * 22 - 14, {y - 160}], "
           f"[{x} + k * 22 + 14, {y - 200}], [{x} + k * 22, {y - 240}]], 1);")


def _driftwood(js, ctx, table, pens) -> None:
    js.section("Driftwood")
    y = table + ctx.i(170, 200, 10)
    js(f"brush.set({quote(pens[0][0])}, {quote(ctx.fixed('#8a7f72'))}, 8);",
       f"brush.spline([[-220, {y}], [-80, {y - 15}], [60, {y + 10}], [200, {y - 5}]], 0.5);")


# Interiors: furniture by word, (width, words), drawn left to right along the floor.
FURNITURE = {
    "bookshelf": (170, ("bookshelf", "bookshelves", "bookcase", "books", "library")),
    "armchair": (165, ("armchair", "sofa", "couch")),
    "lamp": (60, ("lamp", "lamps")),
    "chair": (90, ("chair", "chairs", "stool")),
    "table": (160, ("table", "desk")),
    "easel": (100, ("easel", "easels")),
    "trunk": (135, ("trunk", "trunks", "chest", "chests", "suitcase")),
    "jars": (100, ("jars", "jar", "brushes", "pots")),
    "horse": (140, ("horse", "rocking")),
}


def paint_interior(js: JsWriter, ctx: PromptContext) -> None:
    plural = ("easels", "trunks", "chairs", "chests")
    items = [(k, 2 if ctx.has(*[w for w in words if w in plural]) else 1)
             for k, (_, words) in FURNITURE.items() if ctx.has(*words)]
    if not items:
        items = [(ctx.pick(["chair", "armchair", "table"]), 1)]
    if ("armchair", 1) in items and not any(k == "lamp" for k, _ in items) and ctx.chance(0.5):
        items.insert(items.index(("armchair", 1)) + 1, ("lamp", 1))
    attic = ctx.has("attic", "loft", "eaves", "garret", "sloped")
    pal = ctx.palette({
        "wall": (("#e0d2b0", "#b9d6ea", "#9bb38a", "#f2e4cf"), "big", ("wall", "walls", "room")),
        "floor": (("#8b5a2b", "#b9875a", "#6d4526"), "big", ("floor", "rug", "floorboards")),
        "thing": (("#c62828", "#2f5fb3", "#3f8f3a", "#e6b422"), "free", ("armchair", "chair", "trunks", "trunk",
                                                                         "sofa", "easels", "jars", "books", "horse")),
        "window": (("#cfe0f5", "#f6d186"), "big", ("window", "light", "sunbeams", "sky")),
        "wood": (("#8b5a2b", "#6d4526", "#a0522d"), "small", ("wooden", "wood", "shelf", "bookshelf")),
        "lamp": (("#f5d327", "#f0a020"), "small", ("lamp", "lamplight")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "marker")
    floor = ctx.i(60, 120, 10)
    tall = ctx.has("tall", "large", "big", "bay")
    ww, wh = (140, 280) if tall else (160, 190)
    wx, wy = ctx.i(-60, 120, 10), floor - wh - ctx.i(40, 70, 10)
    js.start(paper)
    js.section("Wall, floor and window" + (" under a sloped attic ceiling" if attic else ""))
    js("brush.noStroke();", f"brush.wash({quote(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {floor + 300});",
       f"brush.wash({quote(pal['floor'])}, 255);", f"brush.rect(-300, {floor}, 600, {300 - floor});",
       f"brush.wash({quote(pal['window'])}, 255);", f"brush.rect({wx}, {wy}, {ww}, {wh});")
    if attic:
        js(f"brush.wash({quote(shade(pal['wood'], -0.2))}, 255);",
           "brush.polygon([[-300, -300], [-40, -300], [-300, -40]]);",
           "brush.polygon([[300, -300], [40, -300], [300, -40]]);")
    js(f"brush.noWash(); brush.fill({quote(shade(pal['floor'], -0.25))}, 150); brush.rect(-300, {floor + 150}, 600, "
       f"{150 - floor}); brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 2);", f"brush.rect({wx}, {wy}, {ww}, {wh});",
       f"brush.line({wx + ww // 2}, {wy}, {wx + ww // 2}, {wy + wh});",
       f"brush.line(-300, {floor}, 300, {floor});")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['floor'], -0.35))}, 1);",
       f"for (let x = -300; x <= 300; x += {ctx.i(50, 70, 10)}) brush.line(x * 0.6, {floor}, x * 1.5, 300);")
    if ctx.has("sunbeams", "sunbeam", "sunlight", "beam", "beams", "dusty", "sunlit") or ctx.chance(0.3):
        js.section("Light falling through the window")
        beam = f"[[{wx}, {wy + wh}], [{wx + ww}, {wy + wh}], [{wx + ww + 120}, 290], [{wx + 40}, 290]]"
        js(f"brush.hatch(7, {ctx.f(0.6, 1.0)}, {{ rand: 0.2 }});",
           f"brush.hatchStyle({quote(main[0])}, {quote(shade(pal['window'], 0.3))}, 1);",
           "brush.noStroke();", f"brush.polygon({beam});", "brush.noHatch();")
    width = sum(FURNITURE[k][0] * n + 20 * n for k, n in items)
    x = max(-290, -width // 2 + ctx.i(-30, 30, 10))
    y = floor + ctx.i(90, 130, 10)
    pens = (main, out, ink)
    for k, n in items:
        optional(js, _furniture, ctx, k, [x + j * (FURNITURE[k][0] + 20) for j in range(n)], y, pal, pens,
                 len(items) == 1)
        x += (FURNITURE[k][0] + 20) * n


def _furniture(js, ctx, kind, xs, y, pal, pens, alone) -> None:
    main, out, ink = pens
    wood, dark, thing = pal["wood"], shade(pal["wood"], -0.35), pal["thing"]
    js.section({"bookshelf": "A bookshelf stacked with books", "armchair": "An armchair", "lamp": "A floor lamp",
                "chair": "A wooden chair", "table": "A table", "easel": "An easel with a canvas",
                "trunk": "A trunk", "jars": "Jars of brushes", "horse": "A rocking horse"}[kind])
    js.open(f"for (const x of [{', '.join(map(str, xs))}])")
    if kind == "bookshelf":
        h = 360 if alone else 280
        books = str_array([thing, shade(thing, 0.3), *ctx.extra, ctx.fixed("#e6b422"), ctx.fixed("#2f5fb3")])
        js(f"brush.noStroke(); brush.wash({quote(wood)}, 255); brush.rect(x, {y - h}, 170, {h});",
           f"for (let s = 0; s < {h // 70}; s++) for (let b = x + 10; b < x + 150; b += 14) {{ "
           f"const h = random(35, 55); brush.wash(random({books}), 255); "
           f"brush.rect(b, {y - h + 70} + s * 70 - h, 11, h); }}",
           f"brush.noWash(); brush.fill({quote(dark)}, 220); "
           f"for (let s = 0; s < {h // 70}; s++) brush.rect(x, {y - h + 70} + s * 70, 170, 8);",
           f"brush.fill({quote(shade(thing, -0.2))}, 220); brush.circle(x + 130, {y - h - 22}, 22); brush.noFill();")
    elif kind == "armchair":
        js(f"brush.noStroke(); brush.wash({quote(thing)}, 255); brush.rect(x + 10, {y - 160}, 145, 110);",
           f"brush.rect(x, {y - 95}, 35, 85); brush.rect(x + 130, {y - 95}, 35, 85);",
           f"brush.noWash(); brush.fill({quote(shade(thing, -0.25))}, 220); brush.rect(x + 30, {y - 65}, 105, 45); "
           "brush.noFill();",
           f"brush.set({quote(out)}, {quote(dark)}, 4); for (const d of [10, 155]) brush.line(x + d, {y - 10}, x + d, "
           f"{y + 8});")
    elif kind == "lamp":
        js(f"brush.noStroke(); brush.wash({quote(pal['lamp'])}, 255); "
           f"brush.polygon([[x, {y - 200}], [x + 60, {y - 200}], [x + 45, {y - 245}], [x + 15, {y - 245}]]);",
           f"brush.noWash(); brush.fill({quote(shade(pal['lamp'], 0.5))}, 70); brush.circle(x + 30, {y - 200}, 70); "
           "brush.noFill();",
           f"brush.set({quote(out)}, {quote(ink)}, 3); brush.line(x + 30, {y - 200}, x + 30, {y}); "
           f"brush.line(x + 10, {y}, x + 50, {y});")
    elif kind == "chair":  # a bigger chair when it is the subject
        z = 1.6 if alone else 1.0

        def q(v: float) -> int:
            return round(v * z)
        js(f"brush.noStroke(); brush.wash({quote(wood)}, 255); brush.polygon([[x, {y - q(60)}], [x + {q(70)}, "
           f"{y - q(60)}], [x + {q(85)}, {y - q(45)}], [x + {q(15)}, {y - q(45)}]]);",
           f"brush.noWash(); brush.fill({quote(dark)}, 220); brush.rect(x, {y - q(150)}, {q(70)}, {q(16)}); "
           "brush.noFill();",
           f"brush.set({quote(out)}, {quote(dark)}, {q(4)}); for (const d of [0, {q(70)}]) brush.line(x + d, "
           f"{y - q(150)}, x + d, {y - 10});",
           f"for (const d of [{q(15)}, {q(85)}]) brush.line(x + d, {y - q(45)}, x + d, {y + q(5)});")
    elif kind == "table":
        js(f"brush.noStroke(); brush.wash({quote(wood)}, 255); brush.rect(x, {y - 100}, 160, 18);",
           f"brush.noWash(); brush.fill({quote(dark)}, 220); brush.rect(x, {y - 82}, 160, 8); brush.noFill();",
           f"brush.set({quote(out)}, {quote(dark)}, 4); for (const d of [8, 152]) brush.line(x + d, {y - 80}, x + d, "
           f"{y});")
    elif kind == "easel":
        js(f"brush.set({quote(out)}, {quote(wood)}, 4); brush.line(x + 50, {y - 260}, x, {y}); "
           f"brush.line(x + 50, {y - 260}, x + 100, {y});",
           f"brush.noStroke(); brush.wash({quote(ctx.fixed('#f7f7f7'))}, 255); brush.rect(x + 5, {y - 230}, 90, 110);",
           f"brush.noWash(); brush.fill({quote(thing)}, 160); brush.circle(x + 50, {y - 175}, 28); brush.noFill();",
           f"brush.set({quote(out)}, {quote(dark)}, 3); brush.line(x, {y - 118}, x + 100, {y - 118});")
    elif kind == "trunk":
        js(f"brush.noStroke(); brush.wash({quote(thing)}, 255); brush.rect(x, {y - 70}, 130, 70);",
           f"brush.wash({quote(dark)}, 255); brush.rect(x - 4, {y - 95}, 138, 28);",
           f"brush.noWash(); brush.fill({quote(ctx.fixed('#e6b422'))}, 230); brush.rect(x + 58, {y - 78}, 14, 16); "
           "brush.noFill();",
           f"brush.set({quote(out)}, {quote(ink)}, 2); for (const d of [25, 105]) brush.line(x + d, {y - 95}, x + d, "
           f"{y});")
    elif kind == "jars":
        js(f"brush.set({quote(main[0])}, {quote(dark)}, 2); "
           f"for (let k = 0; k < 3; k++) for (let b = 0; b < 3; b++) brush.line(x + 14 + k * 32, {y - 40}, "
           f"x + 6 + k * 32 + b * 8, {y - 100});",
           f"brush.noStroke(); brush.fill({quote(shade(pal['window'], -0.1))}, 200); "
           f"for (let k = 0; k < 3; k++) brush.rect(x + k * 32, {y - 50}, 28, 50); brush.noFill();")
    else:  # a rocking horse
        js(f"brush.noStroke(); brush.wash({quote(thing)}, 255); brush.rect(x + 20, {y - 90}, 90, 30);",
           f"brush.polygon([[x + 95, {y - 90}], [x + 120, {y - 135}], [x + 140, {y - 125}], [x + 115, {y - 80}]]);",
           f"brush.noWash(); brush.fill({quote(dark)}, 200); brush.rect(x + 5, {y - 90}, 20, 10); brush.noFill();",
           f"brush.set({quote(out)}, {quote(dark)}, 3); for (const d of [30, 100]) brush.line(x + d, {y - 60}, x + d, "
           f"{y - 15});", f"brush.arc(x + 65, {y - 170}, 160, PI * 1.3, PI * 1.7);")
    js.close()
