"""Templates of animals: land animals from a table of body plans (a tiger, a lion, a rabbit, an elephant, ...),
small creatures seen close up (a snail on a leaf, a ladybug on a stem), and the routing to birds and sea life."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.birds import BIRD_WORDS, paint_bird
from paint_pipeline.warm_start.procedural.reading import (
    ANIMAL_NOUNS,
    DARK_GREEN,
    GREEN,
    GROUND_NOUNS,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.sea_life import SEA_WORDS, paint_sea_life
from paint_pipeline.warm_start.procedural.water import paint_pond
from paint_pipeline.warm_start.procedural.writing import (
    JsWriter,
    closed_shape,
    glaze,
    point_array,
    quote,
    spiral,
    str_array,
)


def paint_animal(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("koi", "lily", "pads") or (ctx.has(*SEA_WORDS) and ctx.has("pond")):
        paint_pond(js, ctx, koi=True)
    elif ctx.has(*SEA_WORDS):
        paint_sea_life(js, ctx)
    elif ctx.has(*BIRD_WORDS):
        paint_bird(js, ctx)
    elif ctx.has("snail", "snails", "slug"):
        _snail(js, ctx)
    elif ctx.has("ladybug", "ladybugs", "ladybird", "beetle", "bug"):
        _ladybug(js, ctx)
    else:
        _beast(js, ctx)


# Land animals. Sizes are in units of r (the body's height): body half-length and half-height, head radius, leg
# length. ears: round, pointed, long, floppy, big (elephant flaps), mane (lion); tail: long, tuft, bushy, puff,
# short, thin; extra: stripes, spines, trunk, neck (a long raised neck).
BEASTS = {
    "tiger": dict(words=("tiger", "tigers"), colour=("#ef7d1a", "#e8862a"), body=(1.7, 0.5), head=0.48,
                  ears="round", tail="long", legs=0.85, extra="stripes"),
    "lion": dict(words=("lion", "lions", "lioness", "pride"), colour=("#c8902c", "#d9a441"), body=(1.5, 0.55),
                 head=0.48, ears="mane", tail="tuft", legs=0.85, extra=""),
    "elephant": dict(words=("elephant", "elephants"), colour=("#808080", "#8a8580"), body=(1.4, 0.8), head=0.55,
                     ears="big", tail="thin", legs=1.0, extra="trunk"),
    "rabbit": dict(words=("rabbit", "rabbits", "bunny", "hare", "hares"), colour=("#8b6b4a", "#a6a6a6"),
                   body=(0.9, 0.65), head=0.45, ears="long", tail="puff", legs=0.2, extra=""),
    "hedgehog": dict(words=("hedgehog", "hedgehogs"), colour=("#6d4526", "#7a5a3a"), body=(1.1, 0.65), head=0.3,
                     ears="", tail="", legs=0.15, extra="spines"),
    "fox": dict(words=("fox", "foxes"), colour=("#d9601a", "#c8541a"), body=(1.3, 0.45), head=0.42, ears="pointed",
                tail="bushy", legs=0.7, extra=""),
    "dog": dict(words=("dog", "dogs", "puppy", "puppies", "wolf", "wolves"), colour=("#8b5a2b", "#c8902c"),
                body=(1.3, 0.55), head=0.48, ears="floppy", tail="short", legs=0.9, extra=""),
    "horse": dict(words=("horse", "horses", "pony", "ponies", "deer", "stag", "fawn", "giraffe"),
                  colour=("#6d4526", "#8b5a2b", "#a0642d"), body=(1.4, 0.5), head=0.35, ears="pointed", tail="long",
                  legs=1.6, extra="neck"),
    "bear": dict(words=("bear", "bears"), colour=("#5a3a22", "#6d4526"), body=(1.4, 0.8), head=0.5, ears="round",
                 tail="", legs=0.6, extra=""),
    "cat": dict(words=("cat", "cats", "kitten", "kittens"), colour=("#808080", "#ef7d1a", "#3a3a3a"),
                body=(1.2, 0.5), head=0.45, ears="pointed", tail="long", legs=0.75, extra=""),
}
_MANY = ("herd", "pride", "pack", "family", "group", "several", "three", "four", "flock")


def _plan(ctx: PromptContext) -> tuple[str, dict]:
    for name, plan in BEASTS.items():
        if ctx.has(*plan["words"]):
            return name, plan
    return "cat", BEASTS["cat"]


def _n(x: float) -> str:
    return str(round(x))


def _at(v: str, d: float) -> str:
    d = round(d)
    return v if d == 0 else f"{v} + {d}" if d > 0 else f"{v} - {-d}"


def _xy(dx: float, dy: float) -> str:
    return f"{_at('x', dx)}, {_at('y', dy)}"


def _pts(*points) -> str:
    return "[" + ", ".join(f"[{_xy(dx, dy)}]" for dx, dy in points) + "]"


def _beast(js: JsWriter, ctx: PromptContext) -> None:
    name, plan = _plan(ctx)
    many = ctx.has(*_MANY) or any(w.endswith("s") and ctx.has(w) for w in plan["words"][1:])
    n = ctx.i(3, 4) if many else 2 if ctx.has("pair", "two") else 1
    dusk = ctx.has("dusk", "sunset", "evening", "dawn", "sunrise")
    savanna = ctx.has("acacia", "savanna", "savannah", "dusty", "desert", "dry") or name in ("lion", "elephant")
    autumn = ctx.has("autumn", "fall", "leaves")
    river = ctx.has("river", "stream", "water", "lake", "crossing")
    snow = ctx.has("snow", "snowy", "winter", "arctic")
    pal = ctx.palette({
        "sky": ((("#f0a868", "#e89a6b", "#f2b880") if dusk else SKY + ("#e0d2b0", "#f2e4cf")), "big", SKY_NOUNS),
        "ground": ((("#f3f3f3", "#e8eef2") if snow else ("#c8a878", "#d4b483") if savanna
                    else ("#a0643c", "#8b5a2b") if autumn else GREEN), "big",
                   GROUND_NOUNS),
        "body": (plan["colour"], "free", ANIMAL_NOUNS + plan["words"]),
        "water": (("#4a86c8", "#6a8fa8"), "big", WATER_NOUNS) if river else None,
        "tree": (DARK_GREEN, "small", ("acacia", "tree", "trees")) if ctx.has("acacia", "tree", "trees") else None,
        "leaves": (("#d9601a", "#c62828", "#e6b422"), "free", ("leaves", "leaf")) if autumn else None,
        "marks": (("#141414", "#2b2622"), "small", ("stripes", "spots", "spines", "mane")),
    })
    paper = ctx.paper(dark=ctx.has("night"))
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "pastel")
    out = ctx.other(main, "pen", "HB", "charcoal")
    g = ctx.i(-40, 40, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {g + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {g}, 600, {300 - g});")
    if river:
        ry = ctx.i(g + 90, g + 130, 10)
        js(f"brush.wash({quote(pal['water'])}, 255);",
           f"brush.polygon({point_array([(-300, ry - 40), (300, ry - 70), (300, ry + 70), (-300, ry + 60)])});")
    if dusk:
        js(f"brush.wash({quote(ctx.fixed('#f5d327'))}, 255);", f"brush.circle({ctx.i(-200, 200, 20)}, {g - 40}, 45);")
    curled = name == "cat" and ctx.has("resting", "lying", "sleeping", "asleep", "curled", "napping", "lazing")
    if curled:  # indoors: a grained glaze over the wall and the floor
        glaze(js, shade(pal["sky"], -0.1), -300, -300, 600, 600, 90)
    else:
        glaze(js, shade(pal["ground"], -0.2), -300, g + 40, 600, 260 - g, 140)
    if pal.get("tree"):
        _acacia(js, ctx, pal, main, g)
    if autumn:
        _leaves(js, ctx, pal, g)
    r = ctx.i(34, 42) if n > 2 else ctx.i(44, 52) if n == 2 else ctx.i(56, 66)
    if name == "hedgehog" or name == "rabbit":
        r = int(r * 1.3)
    f = ctx.pick([1, -1])
    rest = ctx.has("resting", "lying", "sleeping", "asleep", "curled", "napping", "lazing")
    if name == "cat" and rest:
        _curled_cat(js, ctx, pal, ink, main, out, g, r, f)
    else:
        _quadruped(js, ctx, plan, pal, ink, main, out, g, r, f, n, rest)
    if river:
        js.section("Ripples")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['water'], 0.5))}, 1.2);")
        js(f"for (let i = 0; i < 16; i++) {{ const x = random(-280, 280), y = {ry} + random(-40, 50); "
           "brush.line(x - 30, y, x + 30, y); }")
    elif not (name == "cat" and rest):
        js.section("Tall grass in front" if ctx.has("grass", "meadow") else "Ground marks")
        tall = 90 if ctx.has("tall", "long", "prowling") else 45
        js(f"brush.set(random({str_array(main)}), {quote(shade(pal['ground'], -0.35))}, 1.5);",
           f"for (let i = 0; i < {ctx.i(40, 60, 10)}; i++) {{ const x = random(-290, 290), y = random({g + 60}, 295); "
           f"brush.line(x, y, x + random(-10, 10), y - random(15, {tall})); }}")


def _acacia(js: JsWriter, ctx: PromptContext, pal: dict, main: list[str], g: int) -> None:
    tx = ctx.pick([-1, 1]) * ctx.i(150, 200, 10)
    js.section("Acacia tree: flat crown, forked trunk")
    js(f"brush.fill({quote(pal['tree'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({tx} + 120 * cos(t), {g - 140} + "
       "25 * sin(t)); brush.endShape(true);", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['tree'], -0.5))}, 3);",
       f"brush.line({tx}, {g + 30}, {tx - 40}, {g - 130});", f"brush.line({tx}, {g - 40}, {tx + 50}, {g - 130});")


def _leaves(js: JsWriter, ctx: PromptContext, pal: dict, g: int) -> None:
    js.section("Fallen autumn leaves")
    js("brush.noStroke();")
    js.open(f"for (let i = 0; i < {ctx.i(20, 30)}; i++)")
    js("const x = random(-290, 290), y = random(" + str(g + 30) + ", 290), s = random(6, 12);")
    js(f"brush.fill(random({str_array([pal['leaves'], '#e6b422', '#c62828', '#8b5a2b'])}), 200);",
       "brush.polygon([[x - s, y], [x, y - s * 0.6], [x + s, y], [x, y + s * 0.6]]);")
    js.close()
    js("brush.noFill();")


def _quadruped(js: JsWriter, ctx: PromptContext, plan: dict, pal: dict, ink: str, main: list[str], out: str,
               g: int, r: int, f: int, n: int, rest: bool) -> None:
    a, b = round(plan["body"][0] * r), round(plan["body"][1] * r)
    hr = round(plan["head"] * r)
    legs = round((0.1 if rest else plan["legs"]) * r)
    neck = plan["extra"] == "neck"
    hx, hy = f * (a + hr * 0.4), -b * 0.7 - (r * 1.1 if neck else 0)
    body, dark = pal["body"], shade(pal["body"], -0.2)
    y0 = g + 40 + (0 if n > 1 else ctx.i(20, 50, 10)) + (0 if rest else 0)
    name = plan["words"][0]

    def head(*points):  # points in head radii from the head's centre, x towards the face
        return [(hx + f * hr * u, hy + hr * v) for u, v in points]

    js.section(f"{name.capitalize()}{'s' if n > 1 else ''}{' lying down' if rest else ''}")
    if n == 1:
        js(f"const x = {round(-f * r * 0.3)}, y = {y0};")
    else:
        step = 440 // n
        js.open(f"for (let i = 0; i < {n}; i++)")
        js(f"const x = {-220 + step // 2} + i * {step} + random(-15, 15), y = {y0} + (i % 2) * {r // 2};")
    tail = plan["tail"]
    if tail in ("long", "tuft", "thin", "short"):
        k = {"long": 1.0, "tuft": 0.9, "thin": 0.5, "short": 0.35}[tail]
        tip = (-f * (a + r * k), b * (0.4 if tail != "short" else -1))
        js(f"brush.set({quote(main[0])}, {quote(dark)}, {3 if tail != 'thin' else 1.5});",
           f"brush.spline({_pts((-f * a * 0.9, -b * 0.3), (-f * (a + r * 0.5 * k), -b * 0.1), tip)}, 0.6);")
        if tail == "tuft":
            js(f"brush.circle({_xy(-f * (a + r * k), b * 0.4)}, 6);")
    js("brush.noStroke();")
    if not rest:
        js(f"brush.wash({quote(dark)}, 255);")
        js(f"for (const k of [-0.7, -0.45, 0.35, 0.6]) brush.rect(x + k * {_n(a)}, y, {round(r * 0.22)}, "
           f"{b + legs});")
    if plan["ears"] == "mane":
        js(f"brush.wash({quote(shade(body, -0.35))}, 255);", f"brush.circle({_xy(hx - f * hr * 0.2, hy)}, "
           f"{_n(hr * 1.6)});")
    if tail == "bushy":
        brush_tail = _pts((-f * a * 0.8, -b * 0.2), (-f * (a + r * 1.2), b * 0.1), (-f * (a + r * 0.6), b * 0.6))
        js(f"brush.polygon({brush_tail});")
    js(f"brush.wash({quote(body)}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex(x + {_n(a)} * cos(t), "
       f"y + {_n(b)} * sin(t)); brush.endShape(true);")
    if neck:
        js(f"brush.polygon({_pts((f * a * 0.5, -b * 0.6), (f * a * 0.9, b * 0.2), *head((0.2, 0), (-0.6, 0)))});")
    js(f"brush.circle({_xy(hx, hy)}, {_n(hr)});")
    ears = plan["ears"]
    if ears in ("round", "mane"):
        js(f"brush.circle({_xy(hx - f * hr * 0.45, hy - hr * 0.85)}, {_n(hr * 0.3)});")
    elif ears == "pointed":
        js(f"brush.polygon({_pts(*head((-0.7, -0.5), (-0.45, -1.6), (0, -0.7)))});")
    elif ears == "long":
        for dx in (-0.5, 0.05):
            js(f"brush.polygon({_pts(*head((dx - 0.15, -0.6), (dx - 0.1, -2.6), (dx + 0.3, -0.7)))});")
    elif ears == "floppy":
        js(f"brush.polygon({_pts(*head((-0.5, -0.8), (-0.1, -0.7), (-0.5, 0.6), (-0.9, 0.4)))});")
    if plan["extra"] == "trunk":
        js(f"brush.polygon({_pts(*head((0.4, 0), (0.95, 0.1), (1.1, 2.0), (0.8, 2.1)))});")
    if name in ("fox", "hedgehog"):
        js(f"brush.polygon({_pts(*head((0.6, -0.5), (1.7, 0.3), (0.5, 0.6)))});")
    # The fill that closes the washes: an ear flap, a tail puff or a pale belly.
    js("brush.noWash();")
    if ears == "big":
        js(f"brush.fill({quote(shade(body, -0.3))}, 200);", f"brush.circle({_xy(hx - f * hr * 0.6, hy + hr * 0.2)}, "
           f"{_n(hr * 0.9)});")
    elif tail == "puff":
        js(f"brush.fill({quote(ctx.fixed('#f7f7f7'))}, 230);",
           f"brush.circle({_xy(-f * a, -b * 0.2)}, {_n(r * 0.25)});")
    else:
        js(f"brush.fill({quote(shade(body, 0.35))}, 150);", f"brush.circle({_xy(f * a * 0.2, b * 0.35)}, "
           f"{_n(b * 0.55)});")
    js("brush.noFill();")
    if plan["extra"] == "stripes":
        js(f"brush.set({quote(out)}, {quote(pal['marks'])}, 3);",
           f"for (let k = -5; k <= 5; k++) brush.spline([[x + k * {_n(a / 6)}, y - {_n(b)}], [x + k * {_n(a / 6)} + "
           f"random(-9, 9), y], [x + k * {_n(a / 6)} + random(-6, 6), y + {_n(b * 0.5)}]], 0.5);",
           f"for (let k = -1; k <= 1; k++) brush.line({_at('x', hx)} + k * {_n(hr / 3)}, {_at('y', hy - hr * 0.9)}, "
           f"{_at('x', hx)} + k * {_n(hr / 4)}, {_at('y', hy - hr * 0.4)});")
    if plan["extra"] == "spines":
        js(f"brush.set({quote(out)}, {quote(pal['marks'])}, 1.5);",
           f"for (let t = PI; t < 6.2; t += 0.12) brush.line(x + {_n(a * 0.8)} * cos(t), y + {_n(b * 0.8)} * sin(t), "
           f"x + {_n(a + 14)} * cos(t) + random(-4, 4), y + {_n(b + 14)} * sin(t));")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.circle({_xy(hx + f * hr * 0.4, hy - hr * 0.2)}, 3);")
    if n > 1:
        js.close()


def _curled_cat(js: JsWriter, ctx: PromptContext, pal: dict, ink: str, main: list[str], out: str, g: int, r: int,
                f: int) -> None:
    body, floor = pal["body"], shade(pal["ground"], -0.3)
    x, y = -f * 20, g + ctx.i(110, 140, 10)
    a, b, hr = r * 2, r * 1.1, r * 0.7
    hx, hy = x + f * a * 0.75, y - b * 0.15
    js.section("Grain of the floor")
    js(f"brush.set({quote(main[-1])}, {quote(floor)}, 1);",
       f"for (let v = {g + 10}; v < 300; v += random(10, 20)) brush.line(-300, v, 300, v + random(-4, 4));")
    js.section("Sleeping cat curled up in a ring on a pale cushion")
    js(f"const x = {x}, y = {y};")
    js("brush.noStroke();", f"brush.wash({quote(ctx.fixed('#f3ead2'))}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex(x + {_n(a * 1.3)} * cos(t), "
       f"y + {_n(b * 0.8)} + {_n(b * 0.7)} * sin(t)); brush.endShape(true);",
       f"brush.wash({quote(body)}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex(x + {_n(a)} * cos(t), "
       f"y + {_n(b)} * sin(t)); brush.endShape(true);",
       f"brush.circle({_n(hx)}, {_n(hy)}, {_n(hr)});")
    for dx in (-0.75, 0.15):
        ear = [(hx + f * hr * dx, hy - hr * 0.6), (hx + f * hr * (dx + 0.2), hy - hr * 1.5),
               (hx + f * hr * (dx + 0.6), hy - hr * 0.8)]
        js(f"brush.polygon({point_array([(round(u), round(v)) for u, v in ear])});")
    js("brush.noWash();", f"brush.fill({quote(shade(body, -0.25))}, 150);",
       f"brush.circle({_xy(-f * a * 0.2, b * 0.25)}, {_n(b * 0.6)});", "brush.noFill();")
    js.section("Shading under the body, fur strokes following the curl")
    js(f"brush.hatch(5, {ctx.pick(['-QUARTER_PI', '-1.2'])});",
       f"brush.hatchStyle({quote(main[0])}, {quote(shade(body, -0.4))}, 1);",
       f"brush.circle({_xy(-f * a * 0.3, b * 0.45)}, {_n(b * 0.5)});", "brush.noHatch();")
    js(f"brush.set({quote(main[0])}, {quote(shade(body, -0.35))}, 1);")
    js(f"for (let i = 0; i < 90; i++) {{ const t = random(TWO_PI); brush.arc(x + random({_n(-a * 0.45)}, "
       f"{_n(a * 0.45)}), y, random({_n(b * 0.25)}, {_n(b * 0.85)}), t, t + 0.3); }}")
    js.section("Tail wrapped round the front, closed eyes")
    tail = [(x - f * a, y), (x - f * a * 0.6, y + b * 0.95), (x + f * a * 0.4, y + b), (hx + f * hr * 0.6, hy + hr)]
    js(f"brush.set({quote(main[0])}, {quote(shade(body, -0.3))}, 6);",
       f"brush.spline({point_array([(round(u), round(v)) for u, v in tail])}, 0.7);")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);",
       f"brush.arc({_n(hx + f * hr * 0.1)}, {_n(hy)}, 7, 0, PI);",
       f"brush.arc({_n(hx + f * hr * 0.55)}, {_n(hy)}, 7, 0, PI);")


def _backdrop(js: JsWriter, pal: dict, key: str) -> None:
    js("brush.noStroke();", f"brush.wash({quote(pal[key])}, 255);", "brush.rect(-300, -300, 600, 600);")


def _snail(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "bg": (("#e0d2b0", "#d8e4c8", "#cfe0f5"), "big", SKY_NOUNS + ("background",)),
        "leaf": (GREEN, "big", ("leaf", "leaves", "stem", "grass")),
        "body": (("#c8b08a", "#a6a6a6", "#b8a07a"), "free", ("snail", "body", "slug")),
        "shell": (("#8b5a2b", "#c8902c", "#a0642d"), "free", ("shell",)),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("crayon", "HB")
    out = ctx.other(main, "pen", "rotring")
    js.start(paper)
    js.section("Background and a big leaf")
    _backdrop(js, pal, "bg")
    lift = ctx.i(-30, 30, 10)
    leaf = [(-290, 60 - lift), (-120, -20), (120, -10 + lift), (290, 80 + lift), (120, 200), (-140, 190 - lift)]
    js(f"brush.wash({quote(pal['leaf'])}, 255);",
       f"const leaf = {point_array(leaf)};")
    closed_shape(js, "leaf", 0.7)
    glaze(js, shade(pal["leaf"], -0.25), -300, 90, 600, 140, 130)
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['leaf'], -0.45))}, 2);",
       f"brush.spline({point_array([(-290, 60 - lift), (0, 90), (290, 80 + lift)])}, 0.5);",
       f"for (let i = -4; i <= 4; i++) brush.line(i * 60, 88, i * 60 + 40, {ctx.pick([10, 170])});")
    sx, sy = ctx.i(-60, 20, 10), 60
    js.section("Snail: soft foot, spiral shell, eye stalks")
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({sx + 20} + 130 * cos(t), {sy} + "
       "22 * sin(t)); brush.endShape(true);",
       f"brush.circle({sx + 130}, {sy - 18}, 26);", f"brush.wash({quote(pal['shell'])}, 255);",
       f"brush.circle({sx}, {sy - 70}, 70);", "brush.noWash();",
       f"brush.fill({quote(shade(pal['shell'], 0.3))}, 150);", f"brush.circle({sx - 15}, {sy - 85}, 35);",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(shade(pal['shell'], -0.5))}, 2);")
    spiral(js, sx, sy - 70, 4, 64, 3, name="shell")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);",
       f"brush.line({sx + 135}, {sy - 38}, {sx + 130}, {sy - 95});", f"brush.line({sx + 150}, {sy - 35}, {sx + 165}, "
       f"{sy - 88});", f"brush.circle({sx + 130}, {sy - 98}, 5);", f"brush.circle({sx + 166}, {sy - 91}, 5);")


def _ladybug(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "bg": (("#cfe0f5", "#e0d2b0", "#f2e4cf") + SKY, "big", SKY_NOUNS + ("background",)),
        "stem": (GREEN + DARK_GREEN, "free", ("stem", "stems", "stalk", "leaf", "leaves", "grass")),
        "body": (("#c62828", "#d32f2f"), "free", ("ladybug", "ladybird", "beetle", "bug", "wings")),
        "spots": (("#141414",), "small", ("spots", "dots", "head")),
    })
    paper = ctx.paper()
    main = ctx.brushes("marker", "HB")
    out = ctx.other(main, "pen", "rotring")
    bend = ctx.i(-60, 60, 10)
    js.start(paper)
    js.section("Background and leaves on the stem")
    _backdrop(js, pal, "bg")
    js(f"brush.wash({quote(pal['stem'])}, 255);")
    for s in (-1, 1):
        y = 120 if s < 0 else 40
        c = bend // 2
        leaf = [(c, y), (c + s * 90, y - 60), (c + s * 170, y - 40), (c + s * 80, y + 10)]
        js(f"brush.polygon({point_array(leaf)});")
    glaze(js, shade(pal["bg"], 0.2), -300, -300, 600, 200, 100)
    js.section("Green stem")
    js(f"brush.set(random({str_array(main)}), {quote(pal['stem'])}, 6);")
    js(f"for (let i = 0; i < 3; i++) brush.spline([[i * 4, 300], [{bend} + i * 4, 0], [i * 4 - 20, -280]], 0.6);")
    js.section("Ladybug: red dome, black head, black spots, legs")
    bx, by = bend // 2 + 10, ctx.i(-80, 0, 10)
    js("brush.noStroke();", f"brush.wash({quote(pal['body'])}, 255);",
       f"brush.beginShape(0.5); for (let t = 0; t < 6.3; t += 0.7) brush.vertex({bx} + 60 * cos(t), {by} + 75 * "
       "sin(t)); brush.endShape(true);",
       f"brush.wash({quote(pal['spots'])}, 255);", f"brush.circle({bx}, {by - 78}, 30);", "brush.noWash();",
       f"brush.fill({quote(pal['spots'])}, 255);",
       f"for (let i = 0; i < {ctx.i(6, 9)}; i++) brush.circle({bx} + random(-40, 40), {by} + random(-45, 55), "
       "random(8, 13));", "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(pal['spots'])}, 2);", f"brush.line({bx}, {by - 60}, {bx}, {by + 75});",
       f"for (let k = -1; k <= 1; k++) brush.line({bx - 58}, {by} + k * 35, {bx - 80}, {by + 15} + k * 40);",
       f"for (let k = -1; k <= 1; k++) brush.line({bx + 58}, {by} + k * 35, {bx + 80}, {by + 15} + k * 40);",
       f"brush.spline([[{bx - 10}, {by - 100}], [{bx - 25}, {by - 130}], [{bx - 40}, {by - 135}]], 0.5);")
