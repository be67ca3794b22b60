"""Templates of animals: fish, birds and other beasts."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    ANIMAL_NOUNS,
    DARK_GREEN,
    GREEN,
    GROUND_NOUNS,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    lightness,
    shade,
)
from paint_pipeline.warm_start.procedural.water import paint_pond
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array


def paint_animal(js: JsWriter, ctx: PromptContext) -> None:
    fish = ctx.has("fish", "koi", "goldfish", "whale", "jellyfish", "turtle", "turtles", "clownfish", "sardines",
                   "reef",
                   "shark", "dolphin", "octopus", "seal")
    bird = ctx.has("bird", "birds", "crow", "owl", "heron", "flamingo", "geese", "hummingbird", "parrot", "swan",
                   "duck",
                   "eagle", "robin", "gull", "gulls", "hen", "peacock", "penguin")
    if ctx.has("koi", "lily", "pads") or (fish and ctx.has("pond")):
        paint_pond(js, ctx, koi=True)
    elif fish:
        _fish(js, ctx)
    elif bird:
        _bird(js, ctx)
    else:
        _beast(js, ctx)


def _fish(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", WATER_NOUNS),
        "body": (("#ef7d1a", "#f39c3b", "#c62828", "#808080"), "free", ANIMAL_NOUNS),
        "deep": (("#1d3f7a", "#154e57"), "big"),
        "body2": (("#f7f7f7", "#f5d327", "#eb8fb0"), "free"),
        "weed": (DARK_GREEN, "small", ("weed", "anemones", "reef", "kelp")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "crayon")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Water")
    js("brush.noStroke();", f"brush.wash({quote(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['deep'])}, 255);", f"brush.rect(-300, {ctx.i(120, 200, 10)}, 600, 200);")
    glaze(js, shade(pal["water"], 0.25), -300, -300, 600, ctx.i(200, 300, 10), 110)
    js.section("Swaying weed")
    js("brush.field('seabed');")
    js.open(f"for (let i = 0; i < {ctx.i(15, 25)}; i++)")
    js(f"brush.set(random({str_array(main)}), random({str_array([pal['weed'], shade(pal['deep'], -0.3)])}), "
       "random(1.5, 3));")
    js("brush.flowLine(random(-290, 290), 300, random(80, 200), -HALF_PI);")
    js.close()
    js("brush.noField();")
    if ctx.has("jellyfish", "jellyfishes", "octopus"):
        js.section("Jellyfish")
        js.open(f"for (let i = 0; i < {ctx.i(1, 3)}; i++)")
        js("const x = random(-150, 150), y = random(-180, 0), r = random(50, 80);")
        js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);", "brush.arc(x, y, r, 0, PI);",
           "brush.polygon([[x - r, y], [x - r * 0.7, y - r * 0.7], [x, y - r], [x + r * 0.7, y - r * 0.7], [x + r, "
           "y]]);",
           "brush.noWash();", f"brush.fill({quote(pal['body2'])}, 170);", "brush.circle(x, y - r * 0.4, r * 0.4);",
           "brush.noFill();")
        js(f"brush.set({quote(main[0])}, {quote(pal['body'])}, 1.5);")
        js("for (let k = -3; k <= 3; k++) brush.spline([[x + k * r / 4, y], [x + k * r / 4 + random(-20, 20), y + 80], "
           "[x + k * r / 5 + random(-30, 30), y + random(150, 220)]], 0.7);")
        js.close()
        js.section("Bubbles")
        js(f"brush.set({quote(out)}, {quote(ctx.fixed('#f3ead2'))}, 1);")
        js(f"for (let i = 0; i < {ctx.i(8, 16)}; i++) brush.circle(random(-280, 280), random(-280, 200), random(3, "
           "9));")
        return
    js.section("Fish")
    single = ctx.has("whale", "goldfish", "shark", "dolphin", "seal")
    n = 1 if single and not ctx.has("school", "sardines", "koi", "turtles") else ctx.i(3, 7)
    size = (110, 160) if n == 1 else (40, 70)
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = random({-150 if n == 1 else -220}, {150 if n == 1 else 220}), y = random(-180, 120), "
       f"L = random({size[0]}, {size[1]}), d = random([-1, 1]);")
    js("brush.noStroke();", f"brush.wash(random({str_array([pal['body'], pal['body2'], *ctx.extra])}), 255);")
    js("brush.polygon([[x - L * d, y], [x - L * 0.2 * d, y - L * 0.35], [x + L * 0.6 * d, y], [x - L * 0.2 * d, y + L "
       "* 0.35]]);")
    js("brush.polygon([[x + L * 0.5 * d, y], [x + L * d, y - L * 0.3], [x + L * d, y + L * 0.3]]);")
    js("brush.noWash();", f"brush.fill({quote(shade(pal['body'], -0.2))}, 160);",
       "brush.circle(x - L * 0.2 * d, y, L * 0.15);",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", "brush.circle(x - L * 0.7 * d, y - L * 0.06, 3);")
    js.close()
    js.section("Bubbles")
    js(f"brush.set({quote(out)}, {quote(ctx.fixed('#f3ead2'))}, 1);")
    js(f"for (let i = 0; i < {ctx.i(8, 16)}; i++) brush.circle(random(-280, 280), random(-280, 200), random(3, 9));")


def _bird(js: JsWriter, ctx: PromptContext) -> None:
    flock = ctx.has("flock", "geese", "birds", "gulls")
    sun = ctx.has("moon", "night", "sunset", "dusk") or ctx.chance(0.3)
    pal = ctx.palette({
        "sky": (SKY + ("#f2e4cf", "#e0d2b0"), "big", SKY_NOUNS),
        "body": (("#808080", "#5c5c5c", "#6d4526", "#eb8fb0", "#2f5fb3"), "free", ANIMAL_NOUNS),
        "ground": (("#8aa97a", "#c8a878", "#6aa84f"), "big", GROUND_NOUNS + WATER_NOUNS),
        "wing": (("#141414", "#3a3a3a", "#8b5a2b"), "free", ("wings", "wing", "feathers")),
        "beak": (("#f0a020", "#e6b422"), "small", ("flower", "beak", "sun")) if sun or not flock else None,
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


def _beast(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "ground": (GREEN + ("#c8a878",), "big", GROUND_NOUNS),
        "body": (("#8b5a2b", "#808080", "#ef7d1a", "#c8902c", "#a6a6a6"), "free", ANIMAL_NOUNS),
        "sky": (("#e0d2b0", "#f2e4cf") + SKY, "big", SKY_NOUNS),
        "patch": (("#141414", "#f3ead2", "#6d4526"), "free", ("leaves", "spots", "stripes")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "pastel")
    out = ctx.other(main, "pen", "HB", "charcoal")
    ground = ctx.i(60, 140, 10)
    bx, by, r = ctx.i(-60, 40, 10), ground + ctx.i(10, 40, 10), ctx.i(70, 100, 5)
    js.start(paper)
    js.section("Backdrop")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    glaze(js, shade(pal["ground"], -0.2), -300, ground + 40, 600, 260 - ground, 150)
    js.section("Body, head and legs")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);")
    js(f"for (let i = 0; i < 4; i++) brush.line({bx - r // 2} + i * {r // 3}, {by}, {bx - r // 2} + i * {r // 3} + "
       f"random(-6, 6), {by + r + 10});")
    js(f"brush.spline([[{bx - r}, {by - 10}], [{bx - r - 40}, {by - 40}], [{bx - r - 30}, {by - 80}]], 0.6);")
    ear = point_array([(bx + r - 25, by - r + 5), (bx + r - 10, by - r - 30), (bx + r + 5, by - r + 5)])
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.circle({bx}, {by}, {r});", f"brush.circle({bx + r}, {by - r // 2}, {r // 2});",
       f"brush.polygon({ear});")
    js("brush.noWash();", f"brush.fill(random({str_array([pal['patch'], *ctx.extra])}), 200);")
    js(f"for (let i = 0; i < {ctx.i(4, 8)}; i++) brush.circle({bx} + random({-r // 2}, {r // 2}), {by} + "
       f"random({-r // 2}, {r // 3}), random(8, 18));")
    js("brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.circle({bx + r + 12}, {by - r // 2 - 8}, 4);")
    js.section("Tall grass" if ctx.has("grass", "meadow") else "Ground marks")
    js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({ground + 10}, 295);")
    js(f"brush.set(random({str_array(main)}), "
       f"random({str_array([shade(pal['ground'], -0.35), shade(pal['ground'], 0.2)])}), random(1, 2));")
    js("brush.line(x, y, x + random(-10, 10), y - random(15, 50));")
    js.close()
