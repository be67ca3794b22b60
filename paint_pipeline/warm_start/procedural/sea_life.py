"""Templates of sea life: a whale breaching above the surface, a goldfish in a round bowl, a coral reef with
clownfish, anemones and sea turtles, a swirling bait-ball of small fish, jellyfish, and fish under water."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    ANIMAL_NOUNS,
    DARK_GREEN,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array

SEA_WORDS = ("fish", "koi", "goldfish", "whale", "whales", "jellyfish", "jellyfishes", "turtle", "turtles",
             "clownfish", "sardines", "reef", "coral", "shark", "dolphin", "dolphins", "octopus", "seal", "anemones")
_BAIT = ("sardines", "school", "shoal", "anchovies", "baitball")


def paint_sea_life(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("whale", "whales", "breaching", "leaping", "jumping") and not ctx.has("jellyfish"):
        _breach(js, ctx)
    elif ctx.has("bowl", "tank", "aquarium", "jar"):
        _bowl(js, ctx)
    elif ctx.has(*_BAIT):
        _under_water(js, ctx, "bait")
    elif ctx.has("reef", "coral", "clownfish", "anemones", "turtle", "turtles"):
        _under_water(js, ctx, "reef")
    elif ctx.has("jellyfish", "jellyfishes", "octopus"):
        _under_water(js, ctx, "jelly")
    else:
        _under_water(js, ctx, "fish")


def _fish_shape(js: JsWriter, size: tuple[int, int] | None = None) -> None:
    """A fish body and tail around (x, y), length L, facing d (JavaScript variables of the loop), or of the length
    and facing `size` given here."""
    if size:
        u = size[0] * size[1]
        js(f"brush.polygon({_rel((-u, 0), (-u * 0.2, -size[0] * 0.35), (u * 0.6, 0), (-u * 0.2, size[0] * 0.35))});",
           f"brush.polygon({_rel((u * 0.5, 0), (u, -size[0] * 0.3), (u, size[0] * 0.3))});")
        return
    js("brush.polygon([[x - L * d, y], [x - L * 0.2 * d, y - L * 0.35], [x + L * 0.6 * d, y], [x - L * 0.2 * d, y + L "
       "* 0.35]]);")
    js("brush.polygon([[x + L * 0.5 * d, y], [x + L * d, y - L * 0.3], [x + L * d, y + L * 0.3]]);")


def _rel(*points) -> str:
    """A JavaScript array of points around (x, y)."""
    def at(v: str, d: float) -> str:
        return v if round(d) == 0 else f"{v} + {round(d)}" if d > 0 else f"{v} - {round(-d)}"
    return "[" + ", ".join(f"[{at('x', dx)}, {at('y', dy)}]" for dx, dy in points) + "]"


def _breach(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "sky": (SKY + ("#d8dde2",), "big", SKY_NOUNS),
        "sea": (("#2f5fb3", "#2a6f78", "#4a86c8"), "big", WATER_NOUNS),
        "body": (("#3a4a5a", "#4a5560", "#2e3a48"), "free", ANIMAL_NOUNS + ("whales", "dolphin")),
        "foam": (("#f7f7f7", "#f3ead2"), "small", ("splash", "foam", "spray")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("charcoal", "HB")
    out = ctx.other(main, "pen", "rotring")
    h, wx, f = ctx.i(40, 90, 10), ctx.i(-60, 20, 10), ctx.pick([1, -1])
    js.start(paper)
    js.section("Sky and sea")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {h + 300});",
       f"brush.wash({quote(pal['sea'])}, 255);", f"brush.rect(-300, {h}, 600, {300 - h});")
    glaze(js, shade(pal["sea"], -0.25), -300, h + 60, 600, 240 - h, 140)
    js.section("Whale breaching: the body rising out of the sea")
    belly = [(wx + 85 * f, h - 240), (wx + 90 * f, h - 130), (wx + 75 * f, h + 20), (wx + 30 * f, h + 20),
             (wx + 50 * f, h - 150)]
    body = [(wx - 80 * f, h + 20), (wx - 75 * f, h - 110), (wx - 30 * f, h - 230), (wx + 40 * f, h - 290),
            (wx + 95 * f, h - 255), (wx + 85 * f, h - 130), (wx + 75 * f, h + 20)]
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);", f"const whale = {point_array(body)};",
       "brush.beginShape(0.6); for (const [x, y] of whale) brush.vertex(x, y); brush.endShape(true);",
       f"brush.polygon({point_array([(wx + 70 * f, h - 140), (wx + 170 * f, h - 80), (wx + 75 * f, h - 95)])});",
       "brush.noWash();", f"brush.fill({quote(shade(pal['body'], 0.45))}, 200);",
       f"brush.polygon({point_array(belly)});",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(shade(pal['body'], -0.3))}, 1.2);",
       f"for (let k = 0; k < 5; k++) brush.line({wx + 82 * f} - k * {8 * f}, {h - 230} + k * 10, {wx + 60 * f} - k * "
       f"{8 * f}, {h} - k * 5);",
       f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.circle({wx + 60 * f}, {h - 220}, 4);")
    js.section("Splash and spray around the whale")
    js("brush.noStroke();", f"brush.fill({quote(pal['foam'])}, 220);",
       f"for (let i = 0; i < 14; i++) brush.circle({wx} + random(-150, 150), {h + 10} + random(-10, 20), "
       "random(10, 26));", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(pal['foam'])}, 2);")
    js.open("for (let i = 0; i < 30; i++)")
    js(f"const x = {wx} + random(-170, 170), len = random(20, 110);")
    js(f"brush.line(x, {h + 5}, x + (x - {wx}) * 0.3, {h + 5} - len);")
    js(f"brush.circle(x + random(-20, 20), {h} - len - random(10, 40), random(2, 5));")
    js.close()


def _bowl(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "wall": (("#f2e4cf", "#e0d2b0", "#d8e4c8"), "big", ("wall", "background", "room")),
        "table": (("#8b5a2b", "#a0642d", "#c8a878"), "big", ("table", "shelf", "desk")),
        "water": (("#a9cce3", "#b9d6ea", "#c4dcec"), "big", WATER_NOUNS + ("bowl",)),
        "body": (("#ef7d1a", "#f39c3b"), "free", ANIMAL_NOUNS),
        "weed": (DARK_GREEN, "small", ("weed", "plant")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("marker", "HB")
    out = ctx.other(main, "pen", "rotring")
    t, r = ctx.i(130, 170, 10), ctx.i(130, 150, 10)
    cy = t - r + 10
    js.start(paper)
    js.section("Wall and table")
    js("brush.noStroke();", f"brush.wash({quote(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {t + 300});",
       f"brush.wash({quote(pal['table'])}, 255);", f"brush.rect(-300, {t}, 600, {300 - t});")
    js.section("Round glass bowl of water")
    js(f"brush.wash({quote(pal['water'])}, 255);", f"brush.circle(0, {cy}, {r});", "brush.noWash();",
       f"brush.fill({quote(shade(pal['water'], -0.2))}, 120);", f"brush.rect({-r + 20}, {cy + r // 2}, {2 * r - 40}, "
       f"{r // 2 - 10});", "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.circle(0, {cy}, {r});",
       f"brush.line({-r + 30}, {cy - r + 50}, {r - 30}, {cy - r + 50});",
       f"brush.set({quote(main[0])}, {quote(ctx.fixed('#f7f7f7'))}, 3);",
       f"brush.arc(0, {cy}, {r - 20}, 3.6, 4.3);")
    js.section("Water weed and pebbles")
    js(f"brush.set({quote(main[0])}, {quote(pal['weed'])}, 2);",
       f"for (let i = 0; i < 5; i++) brush.spline([[-60 + i * 12, {cy + r - 15}], [-70 + i * 15, {cy + r // 2}], "
       f"[-50 + i * 10 + random(-20, 20), {cy}]], 0.6);")
    js("brush.noStroke();", f"brush.fill({quote(ctx.fixed('#a6a6a6'))}, 200);",
       f"for (let i = 0; i < 12; i++) brush.circle(random(-90, 90), {cy + r - 18} + random(-6, 6), random(6, 11));",
       "brush.noFill();")
    js.section("Goldfish")
    d, L = ctx.pick([1, -1]), ctx.i(55, 70, 5)
    js(f"const x = {ctx.i(-30, 40, 10)}, y = {cy - ctx.i(0, 30, 10)};")
    js(f"brush.wash({quote(pal['body'])}, 255);")
    _fish_shape(js, (L, d))
    js("brush.noWash();", f"brush.fill({quote(shade(pal['body'], -0.25))}, 200);",
       f"brush.circle({_rel((-L * d * 0.15, 0))[2:-2]}, {L // 7});", "brush.noFill();",
       f"brush.set({quote(out)}, {quote(ink)}, 1.2);",
       f"brush.circle({_rel((-L * d * 0.7, -4))[2:-2]}, 3);",
       f"brush.spline({_rel((-L * d * 0.2, -L * 0.3), (L * d * 0.1, -L * 0.5), (L * d * 0.3, -L * 0.2))}, 0.5);")


def _under_water(js: JsWriter, ctx: PromptContext, kind: str) -> None:
    reef = ctx.has("reef", "coral", "anemones")
    pal = ctx.palette({
        "water": (("#2f5fb3", "#1f7f7f", "#2a6f78", "#4a86c8"), "big", WATER_NOUNS + ("wash",)),
        "body": ((("#c0c8d0", "#d8dde2") if kind == "bait" else ("#ef7d1a", "#f39c3b", "#c62828", "#808080")),
                 "free", ANIMAL_NOUNS + ("school", "ball", "shoal")),
        "deep": (("#1d3f7a", "#154e57"), "big"),
        "body2": (("#f7f7f7", "#f5d327", "#eb8fb0"), "free"),
        "coral": (("#e8735a", "#eb8fb0", "#d9607e", "#8a4fa8"), "small", ("coral", "corals", "anemones")) if reef
        else None,
        "turtle": (("#6b7a3a", "#7a6a3a"), "small", ("turtle", "turtles", "shell")) if ctx.has("turtle", "turtles")
        else None,
        "weed": (DARK_GREEN, "small", ("weed", "kelp", "seaweed")),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "crayon")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Water")
    js("brush.noStroke();", f"brush.wash({quote(pal['water'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    if not reef:
        js(f"brush.wash({quote(pal['deep'])}, 255);", f"brush.rect(-300, {ctx.i(120, 200, 10)}, 600, 200);")
    if not reef:  # on a reef the rocks' fill closes the water's wash
        glaze(js, shade(pal["water"], 0.25), -300, -300, 600, ctx.i(200, 300, 10), 110)
    if reef:
        _reef(js, ctx, pal, main, kind)
    else:
        js.section("Swaying weed")
        js("brush.field('seabed');")
        js.open(f"for (let i = 0; i < {ctx.i(15, 25)}; i++)")
        js(f"brush.set(random({str_array(main)}), random({str_array([pal['weed'], shade(pal['deep'], -0.3)])}), "
           "random(1.5, 3));")
        js("brush.flowLine(random(-290, 290), 300, random(80, 200), -HALF_PI);")
        js.close()
        js("brush.noField();")
    turtles = bool(pal.get("turtle"))
    if kind == "bait":
        _bait_ball(js, ctx, pal, out)
    elif kind == "jelly":
        _jellyfish(js, ctx, pal, main)
    elif not turtles or ctx.has("clownfish", "fish"):
        _fish_loop(js, ctx, pal, ink, out)
    if turtles:
        _turtle(js, ctx, pal, ink, out)
    if not reef:
        js.section("Bubbles")
        js(f"brush.set({quote(out)}, {quote(ctx.fixed('#f3ead2'))}, 1);")
        js(f"for (let i = 0; i < {ctx.i(8, 16)}; i++) brush.circle(random(-280, 280), random(-280, 200), "
           "random(3, 9));")


def _reef(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str], kind: str) -> None:
    corals = [pal["coral"], shade(pal["coral"], -0.25), "#e6b422", *ctx.extra]
    js.section("Coral reef: rocks and corals")
    js(f"brush.fill({quote(shade(pal['coral'], -0.4))}, 200);",
       "for (let i = 0; i < 9; i++) brush.circle(-280 + i * 70, 290, random(40, 70));", "brush.noFill();")
    js.open(f"for (let i = 0; i < {ctx.i(5, 7) if kind == 'reef' else 4}; i++)")
    js("const x = random(-280, 280);")
    js(f"brush.set(random({str_array(main)}), random({str_array(corals)}), 4);")
    js("for (let k = -2; k < 3; k++) brush.spline([[x, 270], [x + k * 9, 225], [x + k * random(15, 35), "
       "random(140, 230)]], 0.6);")
    js.close()
    if kind == "reef":
        js.section("Swaying anemones")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['coral'], 0.3))}, 2);")
        js("for (let i = 0; i < 40; i++) { const x = random([-200, -60, 150]) + random(-30, 30); "
           "brush.spline([[x, 240], [x + random(-20, 20), 210], [x + random(-30, 30), 180]], 0.7); }")


def _fish_loop(js: JsWriter, ctx: PromptContext, pal: dict, ink: str, out: str) -> None:
    if ctx.has("clownfish"):
        L, d = ctx.i(45, 60, 5), ctx.pick([1, -1])
        js.section("Clownfish: orange with white bands")
        js.open(f"for (let i = 0; i < {ctx.i(3, 5)}; i++)")
        js("const x = random(-220, 220), y = random(-200, 80);")
        js("brush.noStroke();", f"brush.wash({quote(ctx.fixed('#ef7d1a'))}, 255);")
        _fish_shape(js, (L, d))
        js("brush.noWash();", f"brush.fill({quote(ctx.fixed('#f7f7f7'))}, 240);",
           f"for (const k of [-0.6, -0.15]) brush.rect(x + k * {L * d} - 6, y - {L // 4}, 12, {L // 2});",
           "brush.noFill();")
        js.close()
        return
    js.section("Fish")
    single = ctx.has("whale", "goldfish", "shark", "dolphin", "seal")
    n = 1 if single and not ctx.has("school", "koi") else ctx.i(3, 6)
    size = (110, 160) if n == 1 else (40, 70)
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = random({-150 if n == 1 else -220}, {150 if n == 1 else 220}), y = random(-180, 60), "
       f"L = random({size[0]}, {size[1]}), d = random([-1, 1]);")
    js("brush.noStroke();", f"brush.wash(random({str_array([pal['body'], pal['body2'], *ctx.extra])}), 255);")
    _fish_shape(js)
    js("brush.noWash();", f"brush.fill({quote(shade(pal['body'], -0.2))}, 160);",
       "brush.circle(x - L * 0.2 * d, y, L * 0.15);", "brush.noFill();",
       f"brush.set({quote(out)}, {quote(ink)}, 1.2);", "brush.circle(x - L * 0.7 * d, y - L * 0.06, 3);")
    js.close()


def _turtle(js: JsWriter, ctx: PromptContext, pal: dict, ink: str, out: str) -> None:
    x, y, d = ctx.i(-150, 150, 10), ctx.i(-150, 0, 10), ctx.pick([1, -1])
    js.section("Sea turtle: flippers, head and shell")
    js(f"const x = {x}, y = {y};")
    js("brush.noStroke();", f"brush.wash({quote(pal['turtle'])}, 255);",
       f"for (const [u, v] of [[45, -40], [45, 40], [-50, -25], [-50, 25], [75, 0]]) "
       f"brush.circle(x {'+' if d > 0 else '-'} u, y + v, 18);",
       "brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex(x + 60 * cos(t), y + 40 * sin(t)); "
       "brush.endShape(true);", "brush.noWash();",
       f"brush.fill({quote(shade(pal['turtle'], -0.35))}, 170);",
       "brush.circle(x, y, 26);", "brush.noFill();")


def _bait_ball(js: JsWriter, ctx: PromptContext, pal: dict, out: str) -> None:
    cx, cy, r = ctx.i(-40, 40, 10), ctx.i(-80, -20, 10), ctx.i(130, 160, 10)
    body = pal["body"]
    js.section("Bait-ball: small fish swimming round one centre, each a body and a forked tail along the swirl")
    js("brush.noStroke();", f"brush.fill({quote(shade(body, -0.3))}, 170);",
       f"brush.circle({cx}, {cy}, {r});", "brush.noFill();")
    js(f"const cols = {str_array([body, shade(body, 0.3), shade(body, -0.15)])};")
    js.open(f"for (let i = 0; i < {ctx.i(70, 80, 5)}; i++)")
    js(f"const a = random(TWO_PI), d = {r} * sqrt(random()), x = {cx} + d * cos(a), y = {cy} + d * sin(a) * 0.8;")
    js("const s = random(12, 17), u = -sin(a) * s, v = cos(a) * s;  // half a fish, heading along the swirl")
    js("brush.wash(random(cols), 255);")
    js("brush.polygon([[x + u, y + v], [x - v * 0.3, y + u * 0.3], [x - u, y - v], [x - u * 1.6 - v * 0.4, "
       "y - v * 1.6 + u * 0.4], [x - u * 1.6 + v * 0.4, y - v * 1.6 - u * 0.4], [x - u, y - v], [x + v * 0.3, "
       "y - u * 0.3]]);")
    js.close()
    js("brush.noWash();", f"brush.fill({quote(shade(body, 0.4))}, 90);",
       f"brush.circle({cx - r // 3}, {cy - r // 3}, {r // 2});", "brush.noFill();")
    js.section("Long ink arcs: the way the school swirls")
    js(f"brush.set({quote(out)}, {quote(shade(pal['deep'], -0.4))}, 1.5);",
       f"for (let k = 1; k < 4; k++) brush.arc({cx}, {cy}, {r // 4} * k, k, k + 2.5);")


def _jellyfish(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str]) -> None:
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
