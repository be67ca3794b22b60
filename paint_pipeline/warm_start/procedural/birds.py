"""Templates of birds, one body plan per way of life: a perched songbird, a flock in flight, a wading bird (long
legs and neck standing in water: heron, flamingo), an owl seen from the front, a hummingbird hovering at a flower,
and swans or ducks swimming."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    ANIMAL_NOUNS,
    DARK_GREEN,
    FLOWER_NOUNS,
    GROUND_NOUNS,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    lightness,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, num, point_array, quote, str_array

WADERS = ("heron", "herons", "flamingo", "flamingos", "flamingoes", "crane", "cranes", "stork", "storks", "egret",
          "egrets", "ibis", "wading")
SWIMMERS = ("duck", "ducks", "swan", "swans", "goose", "ducklings")
BIRD_WORDS = ("bird", "birds", "crow", "crows", "owl", "owls", "geese", "hummingbird", "hummingbirds", "parrot",
              "eagle", "robin", "gull", "gulls", "hen", "peacock", "penguin", "sparrow", "magpie", "raven", "finch",
              "kingfisher", "songbird") + WADERS + SWIMMERS


def paint_bird(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("owl", "owls"):
        _owl(js, ctx)
    elif ctx.has("hummingbird", "hummingbirds", "hovering"):
        _hummingbird(js, ctx)
    elif ctx.has(*WADERS):
        _wader(js, ctx)
    elif ctx.has(*SWIMMERS, "geese") and not ctx.has("flying", "flock", "v", "migrating", "sky"):
        _swimmers(js, ctx)
    else:
        _perched_or_flock(js, ctx)


def _sky_and_water(js: JsWriter, ctx: PromptContext, pal: dict, h: int) -> None:
    js.section("Sky and water")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {h + 300});",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {h}, 600, {300 - h});")
    glaze(js, shade(pal["water"], 0.25), -300, h, 600, 300 - h, 120)


def _ripples(js: JsWriter, out: str, colour: str, x: str, y: str, n: int) -> None:
    js(f"brush.set({quote(out)}, {quote(colour)}, 1.2);",
       f"for (let k = 1; k <= {n}; k++) brush.line({x} - k * 14, {y} + k * 7, {x} + k * 14, {y} + k * 7);")


def _wader(js: JsWriter, ctx: PromptContext) -> None:
    flamingo = ctx.has("flamingo", "flamingos", "flamingoes")
    white = ctx.has("egret", "egrets", "stork", "storks", "crane", "cranes")  # white birds; herons are grey-blue
    pal = ctx.palette({
        "sky": (SKY + ("#f2e4cf",), "big", SKY_NOUNS),
        "water": (("#7fa8c8", "#8fb8c8", "#6a98b8"), "big", WATER_NOUNS),
        "body": ((("#eb8fb0", "#f08ca8") if flamingo else ("#f3ead2", "#f7f7f7") if white else ("#8a9bb0", "#9aa8b8")),
                 "small",
                 ANIMAL_NOUNS + WADERS),
        "legs": ((("#d9607e",) if flamingo else ("#c8a040", "#6d6d6d")), "small", ("legs",)),
        "reed": (DARK_GREEN, "small", ("reeds", "grass", "marsh")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "pastel")
    out = ctx.other(main, "pen", "rotring")
    h = ctx.i(-40, 20, 10)
    f = ctx.pick([1, -1])
    bx, by = -f * ctx.i(20, 60, 10), h + ctx.i(40, 70, 10)
    feet = by + 170
    hx, hy = bx + f * 90, by - 130
    neck = [(bx + f * 55, by - 20), (bx + f * 30, by - 70), (bx + f * 75, by - 100), (hx, hy)]
    js.start(paper)
    _sky_and_water(js, ctx, pal, h)
    js.section("Reeds")
    js(f"brush.set(random({str_array(main)}), {quote(pal['reed'])}, 1.5);",
       f"for (let i = 0; i < {ctx.i(14, 24)}; i++) {{ const x = random([-1, 1]) * random(170, 290); "
       f"brush.line(x, {h + 120} + random(60), x + random(-15, 15), {h} - random(40, 120)); }}")
    js.section("Wading bird: long legs standing in the water")
    js(f"brush.set({quote(out)}, {quote(pal['legs'])}, 2.5);",
       f"brush.line({bx - 8}, {by + 20}, {bx - 14}, {feet});", f"brush.line({bx + 8}, {by + 20}, {bx + 16}, {feet});")
    js.section("Body, long neck and head")
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({bx} + 75 * cos(t), {by} + 32 * "
       f"sin(t) - {num(f * 0.3)} * 75 * cos(t)); brush.endShape(true);",
       f"brush.circle({hx}, {hy}, 16);", "brush.noWash();",
       f"brush.fill({quote(shade(pal['body'], -0.35))}, 200);",
       f"brush.polygon({point_array([(bx - f * 20, by - 15), (bx - f * 95, by + 25), (bx - f * 30, by + 25)])});",
       "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(pal['body'])}, 7);",
       f"brush.spline({point_array(neck)}, 0.7);")
    beak = [(hx + f * 10, hy), (hx + f * 40, hy + 12), (hx + f * 44, hy + 30)] if flamingo else \
        [(hx + f * 12, hy), (hx + f * 60, hy + 6)]
    js(f"brush.set({quote(out)}, {quote(ink if flamingo else pal['legs'])}, 3);",
       f"brush.spline({point_array(beak)}, 0.5);", f"brush.circle({hx + f * 5}, {hy - 4}, 3);")
    _ripples(js, out, shade(pal["water"], 0.5), str(bx), str(feet), 3)


def _owl(js: JsWriter, ctx: PromptContext) -> None:
    night = ctx.has("night", "moon", "moonlit", "dark", "midnight") or ctx.chance(0.5)
    pal = ctx.palette({
        "sky": ((("#1b2a55", "#23304f", "#1a1f33") if night else SKY), "big", SKY_NOUNS + ("night",)),
        "body": (("#8b5a2b", "#6d4526", "#8a8580"), "free", ANIMAL_NOUNS + ("feathers",)),
        "face": (("#f3ead2", "#e0d2b0"), "free", ("face", "pencil", "chalk")),
        "eyes": (("#f5d327", "#f0a020"), "small", ("eyes",)),
        "branch": (("#4a3020", "#5a3a22"), "small", ("branch", "branches", "perch")),
    })
    paper = ctx.paper(dark=night)
    ink = "#141414"
    main = ctx.brushes("charcoal", "2B")
    out = ctx.other(main, "pen", "rotring")
    ox, oy = ctx.i(-40, 40, 10), ctx.i(-20, 30, 10)
    js.start(paper)
    js.section("Night sky and moon" if night else "Sky")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    mx = -ctx.pick([1, -1]) * ctx.i(140, 190, 10)
    js(f"brush.wash({quote(ctx.fixed('#f3ead2'))}, 255);", f"brush.circle({mx}, -180, {ctx.i(50, 80, 10)});")
    glaze(js, shade(pal["sky"], -0.2), -300, 100, 600, 200, 120)
    by = oy + 110
    js.section("Branch")
    js(f"brush.set({quote(main[0])}, {quote(pal['branch'])}, 8);", f"brush.line(-300, {by + 10}, 300, {by - 10});",
       f"brush.line({ox + 150}, {by - 5}, {ox + 230}, {by - 60});")
    js.section("Owl from the front: ear tufts, face disc, big round eyes")
    tufts = [(ox - 60, oy - 90), (ox - 70, oy - 150), (ox - 25, oy - 105), (ox + 25, oy - 105), (ox + 70, oy - 150),
             (ox + 60, oy - 90)]
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({ox} + 72 * cos(t), {oy} + 105 * "
       "sin(t)); brush.endShape(true);",
       f"brush.polygon({point_array(tufts)});",
       f"brush.wash({quote(pal['face'])}, 255);", f"brush.circle({ox - 28}, {oy - 45}, 32);",
       f"brush.circle({ox + 28}, {oy - 45}, 32);", "brush.noWash();",
       f"brush.fill({quote(pal['eyes'])}, 255);", f"brush.circle({ox - 28}, {oy - 45}, 17);",
       f"brush.circle({ox + 28}, {oy - 45}, 17);", f"brush.fill({quote(ink)}, 255);",
       f"brush.circle({ox - 28}, {oy - 45}, 8);", f"brush.circle({ox + 28}, {oy - 45}, 8);",
       f"brush.polygon({point_array([(ox - 8, oy - 25), (ox + 8, oy - 25), (ox, oy - 5)])});", "brush.noFill();")
    js.section("Breast feathers and talons")
    js(f"brush.set({quote(out)}, {quote(shade(pal['body'], -0.45))}, 1.2);",
       f"for (let i = 0; i < 14; i++) {{ const x = {ox} + random(-40, 40), y = {oy} + random(10, 80); "
       "brush.spline([[x - 7, y], [x, y + 6], [x + 7, y]], 0.5); }",
       f"for (let k = -1; k <= 1; k += 2) brush.line({ox} + k * 20, {by - 15}, {ox} + k * 22, {by + 3});")


def _hummingbird(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "bg": (SKY + ("#f2e4cf", "#d8e4c8"), "big", SKY_NOUNS + ("garden", "background")),
        "flower": (("#c62828", "#d9607e", "#8a4fa8", "#ef7d1a"), "free", FLOWER_NOUNS),
        "body": (("#2e8b57", "#3f8f3a", "#1f7f7f"), "small", ANIMAL_NOUNS + ("feathers",)),
        "stem": (DARK_GREEN, "small", ("stem", "stems", "leaves", "leaf")),
        "throat": (("#c62828", "#d9607e"), "small", ("throat",)),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("cpencil", "HB")
    out = ctx.other(main, "pen", "rotring")
    f = ctx.pick([1, -1])
    fx, fy = f * ctx.i(100, 140, 10), ctx.i(-40, 20, 10)
    bx, by = fx - f * 180, fy - ctx.i(0, 30, 10)
    js.start(paper)
    js.section("Background")
    js("brush.noStroke();", f"brush.wash({quote(pal['bg'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    glaze(js, shade(pal["bg"], 0.3), -300, -300, 600, 300, 120)
    js.section("Stem and leaves")
    js(f"brush.set({quote(main[0])}, {quote(pal['stem'])}, 4);",
       f"brush.spline({point_array([(fx, fy + 20), (fx + f * 30, fy + 150), (fx, 300)])}, 0.6);",
       f"brush.spline({point_array([(fx + f * 20, fy + 150), (fx + f * 80, fy + 120), (fx + f * 110, fy + 150)])}, "
       "0.6);")
    js.section("Flower: petals open towards the bird")
    js("brush.noStroke();", f"brush.wash({quote(pal['flower'])}, 255);",
       f"for (let a = 0; a < 6.2; a += 1.05) brush.circle({fx} + 32 * cos(a), {fy} + 32 * sin(a), 24);",
       "brush.noWash();", f"brush.fill({quote(ctx.fixed('#f5d327'))}, 230);", f"brush.circle({fx}, {fy}, 14);",
       "brush.noFill();")
    js.section("Hovering hummingbird: blurred wings, long beak into the flower")
    js("brush.noStroke();", f"brush.fill({quote(shade(pal['body'], 0.4))}, 110);")
    js(f"for (let k = 0; k < 4; k++) brush.polygon([[{bx}, {by - 10}], [{bx - f * 100} + k * {f * 35}, "
       f"{by - 130} + k * 10], [{bx - f * 45} + k * {f * 35}, {by - 140} + k * 12]]);")
    js(f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({bx} + 60 * cos(t), {by} + 26 * "
       f"sin(t) + {num(f * 0.4)} * 60 * cos(t)); brush.endShape(true);",
       f"brush.circle({bx + f * 55}, {by - 15}, 24);",
       f"brush.polygon({point_array([(bx - f * 45, by + 10), (bx - f * 120, by + 50), (bx - f * 100, by + 15)])});",
       "brush.noWash();", f"brush.fill({quote(pal['throat'])}, 230);", f"brush.circle({bx + f * 52}, {by + 6}, 12);",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 2);",
       f"brush.line({bx + f * 76}, {by - 15}, {fx - f * 30}, {fy});", f"brush.circle({bx + f * 62}, {by - 22}, 3);",
       f"for (let k = 0; k < 3; k++) brush.arc({bx - f * 30}, {by - 80}, 90 + k * 14, "
       f"{'-2.6, -1.6' if f > 0 else '-1.5, -0.5'});")


def _swimmers(js: JsWriter, ctx: PromptContext) -> None:
    swan = ctx.has("swan", "swans")
    pal = ctx.palette({
        "sky": (SKY + ("#f2e4cf",), "big", SKY_NOUNS),
        "water": (("#4a86c8", "#2f5fb3", "#6a98b8"), "big", WATER_NOUNS),
        "body": ((("#f7f7f7", "#f3ead2") if swan else ("#8b5a2b", "#808080", "#6d4526")), "free", ANIMAL_NOUNS),
        "beak": (("#f0a020", "#ef7d1a"), "small", ("beak", "beaks")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "2B")
    out = ctx.other(main, "pen", "rotring")
    h = ctx.i(-120, -60, 10)
    n = ctx.i(2, 4) if ctx.has("ducks", "swans", "geese", "ducklings", "family", "pair") else 1
    f = ctx.pick([1, -1])
    js.start(paper)
    _sky_and_water(js, ctx, pal, h)
    js.section(f"{'Swans' if swan else 'Water birds'} floating: body, neck, head and beak")
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = {-60 * (n - 1)} + i * 120 + random(-20, 20), y = {h + 130} + i * 30;")
    neck = "[[x + {a}, y - 10], [x + {b}, y - 60], [x + {c}, y - 95]]" if swan else \
        "[[x + {a}, y - 10], [x + {b}, y - 30]]"
    hx = 55 * f if swan else 45 * f
    hy = -95 if swan else -32
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       "brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex(x + 60 * cos(t), y + 25 * sin(t) - "
       "10 * max(0, sin(t) * -1)); brush.endShape(true);",
       f"brush.circle(x + {hx}, y + {hy}, 14);", "brush.noWash();",
       f"brush.fill({quote(pal['beak'])}, 230);",
       f"brush.polygon([[x + {hx + 10 * f}, y + {hy - 4}], [x + {hx + 32 * f}, y + {hy + 4}], [x + {hx + 10 * f}, "
       f"y + {hy + 8}]]);", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(pal['body'])}, 6);",
       f"brush.spline({neck.format(a=40 * f, b=(20 if swan else 45) * f, c=55 * f)}, 0.6);")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.circle(x + {hx + 4 * f}, y + {hy - 3}, 2);")
    _ripples(js, out, shade(pal["water"], 0.5), "x", "y + 20", 3)
    js.close()


def _perched_or_flock(js: JsWriter, ctx: PromptContext) -> None:
    flock = ctx.has("flock", "geese", "birds", "gulls", "flying", "crows")
    sun = ctx.has("moon", "night", "sunset", "dusk") or ctx.chance(0.3)
    pal = ctx.palette({
        "sky": (SKY + ("#f2e4cf", "#e0d2b0"), "big", SKY_NOUNS),
        "body": (("#808080", "#5c5c5c", "#6d4526", "#eb8fb0", "#2f5fb3"), "free", ANIMAL_NOUNS),
        "ground": (("#8aa97a", "#c8a878", "#6aa84f"), "big", GROUND_NOUNS + WATER_NOUNS),
        "wing": (("#141414", "#3a3a3a", "#8b5a2b"), "free", ("wings", "wing", "feathers")),
        "beak": (("#f0a020", "#e6b422"), "small", ("beak", "sun")) if sun or not flock else None,
        "perch": (("#6d4526", "#8b5a2b"), "small", ("post", "fence", "branch", "perch", "stem")) if not flock else None,
    })
    paper = ctx.paper(dark=ctx.has("night"))
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring", "charcoal")
    ground = ctx.i(160, 220, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    if sun:
        js(f"brush.wash({quote(pal['beak'] if not ctx.has('moon') else ctx.fixed('#f3ead2'))}, 255);",
           f"brush.circle({ctx.i(-200, 200, 10)}, {ctx.i(-220, -120, 10)}, {ctx.i(40, 90, 10)});")
    glaze(js, shade(pal["ground"], -0.2), -300, ground, 600, 300 - ground, 150)
    js.section("Reeds" if ctx.has("marsh", "marshland", "water", "wading", "lagoon") else "Grass")
    js.open(f"for (let i = 0; i < {ctx.i(30, 60, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({ground}, 290);")
    js(f"brush.set(random({str_array(main)}), "
       f"random({str_array([shade(pal['ground'], -0.35), pal['wing'], *ctx.extra])}), random(1, 2));")
    js("brush.line(x, y, x + random(-6, 6), y - random(15, 45));")
    js.close()
    if flock:
        js.section("Flock")
        js(f"brush.set({quote(out)}, {quote(pal['body'] if lightness(paper) > 45 else ink)}, 2);")
        js.open(f"for (let i = 0; i < {ctx.i(7, 11)}; i++)")
        js("const x = -150 + i * 30, y = -120 - abs(i - 5) * 22, s = random(10, 16);")
        js("brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);")
        js.close()
        return
    bx, by = ctx.i(-60, 40, 10), ground - ctx.i(100, 130, 10)
    js.section("Perch and bird")
    js(f"brush.set({quote(main[0])}, {quote(pal['perch'])}, 4);", f"brush.line(-300, {by + 72}, 300, {by + 62});")
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.circle({bx}, {by}, {ctx.i(60, 75)});", f"brush.circle({bx + 40}, {by - 60}, {ctx.i(30, 36)});",
       f"brush.wash({quote(pal['wing'])}, 255);",
       f"brush.polygon({point_array([(bx - 50, by - 10), (bx + 20, by - 20), (bx - 100, by + 50)])});",
       f"brush.wash({quote(pal['beak'])}, 255);",
       f"brush.polygon({point_array([(bx + 65, by - 70), (bx + 95, by - 58), (bx + 65, by - 50)])});",
       "brush.noWash();", f"brush.fill({quote(shade(pal['body'], 0.3))}, 150);",
       f"brush.circle({bx + 10}, {by + 10}, 30);", "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.circle({bx + 50}, {by - 66}, 4);",
       f"brush.line({bx - 10}, {by + 55}, {bx - 14}, {by + 72});",
       f"brush.line({bx + 10}, {by + 55}, {bx + 14}, {by + 72});")
