"""What a night painting shows besides sky, moon and hills, chosen by the prompt's words: the moon's reflection on
water (and bioluminescent waves), an owl on the moon, a paper lantern, glowing tents, a winding road with headlights,
a lone cactus, a path, trees, fireworks, a bridge, a wheat field, fireflies. Used by `scenes.paint_night`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.elements import ellipse, optional
from paint_pipeline.warm_start.procedural.reading import PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, quote, str_array

DARK = "#0b0f1a"


def night_water(js: JsWriter, ctx: PromptContext, pal, moon, ground, main) -> None:
    mx, _, _ = moon
    js.section("The moon's reflection on the water")
    js(f"brush.set({quote(main[0])}, {quote(pal['moon'])}, 2);",
       f"for (let i = 0; i < 14; i++) {{ const y = {ground + 10} + i * 15, w = random(10, 40) + i * 4; "
       f"brush.line({mx} - w, y, {mx} + w, y); }}")
    if ctx.has("bioluminescent", "glowing", "glow", "plankton"):
        js.section("Glowing waves")
        js("brush.field('waves');")
        js.open("for (let i = 0; i < 40; i++)")
        js(f"brush.set(random({str_array(main)}), random({str_array([pal['glow'], shade(pal['glow'], 0.4)])}), "
           "random(1, 2.5));", f"brush.flowLine(random(-300, 300), random({ground + 20}, 290), random(40, 140), 0);")
        js.close()
        js("brush.noField();")


def night_props(js: JsWriter, ctx: PromptContext, pal, moon, ground, pens) -> None:
    for words, element in (
            (("owl", "owls", "bat", "bats"), _owl),
            (("paper lantern", "lantern"), _lantern),
            (("tents", "tent", "camp", "campsite"), _tents),
            (("road", "headlights", "highway"), _road),
            (("cactus", "cacti", "saguaro"), _cactus),
            (("path", "trail", "footpath"), _path),
            (("trees", "tree", "birch", "birches", "forest", "pines", "woods"), _trees),
            (("fireworks", "firework"), _fireworks),
            (("bridge", "bridges"), _bridge),
            (("wheat", "field", "meadow", "grass"), _field),
            (("fireflies", "lanterns", "lights", "sparks"), _dots)):
        if ctx.has(*words) and not (element is _lantern and ctx.has("lanterns")):
            optional(js, element, ctx, pal, moon, ground, pens)
    if not ctx.has("owl", "lantern", "tents", "camp", "road", "cactus", "fireworks", "bridge", "fireflies", "lights",
                   "sea", "lake", "beach", "waves", "ocean", "river", "trails", "path", "glowing", "wheat") \
            and ctx.chance(0.4):
        optional(js, _dots, ctx, pal, moon, ground, pens)


def _owl(js, ctx, pal, moon, ground, pens) -> None:
    mx, my, mr = moon
    x, y = mx + ctx.i(-20, 20, 10), my + mr // 4
    js.section("An owl silhouette on a branch against the moon")
    body = [(-45, 80), (-54, 0), (-40, -60), (-45, -96), (-18, -72), (18, -72), (45, -96), (40, -60), (54, 0), (45, 80)]
    js("brush.noStroke();", f"brush.wash({quote(DARK)}, 255);",
       "brush.polygon([" + ", ".join(f"[{x + u}, {y + v}]" for u, v in body) + "]);")
    js(f"brush.noWash(); brush.fill({quote(pal['moon'])}, 200); brush.circle({x - 19}, {y - 42}, 12); "
       f"brush.circle({x + 19}, {y - 42}, 12); brush.noFill();")
    js(f"brush.set({quote(pens[1])}, {quote(DARK)}, 7);", f"brush.line({mx - mr - 60}, {y + 84}, {mx + mr + 40}, "
       f"{y + 74});")


def _lantern(js, ctx, pal, moon, ground, pens) -> None:
    x, y, glow = ctx.i(-80, 80, 10), ctx.i(-40, 40, 10), pal["glow"]
    js.section("A glowing paper lantern")
    js(f"brush.noStroke(); brush.wash({quote(shade(glow, 0.6))}, 255); brush.circle({x}, {y}, 150);",
       f"brush.wash({quote(glow)}, 255);")
    ellipse(js, x, y, 75, 95)
    js(f"brush.noWash(); brush.fill({quote(shade(glow, 0.7))}, 140); brush.circle({x - 15}, {y - 10}, 40); "
       "brush.noFill();")
    js(f"brush.set({quote(pens[1])}, {quote(shade(glow, -0.5))}, 2);",
       f"for (let v = -60; v <= 60; v += 30) brush.line({x} - 75 * sqrt(1 - v * v / 9025), {y} + v, "
       f"{x} + 75 * sqrt(1 - v * v / 9025), {y} + v);",
       f"brush.rect({x - 25}, {y - 105}, 50, 14); brush.rect({x - 25}, {y + 91}, 50, 14);",
       f"brush.line({x}, {y - 105}, {x}, -300);")


def _tents(js, ctx, pal, moon, ground, pens) -> None:
    xs = sorted(ctx.i(-220, 220, 20) for _ in range(ctx.i(2, 4)))
    js.section("Tents glowing from inside")
    js.open(f"for (const x of [{', '.join(map(str, xs))}])")
    js(f"brush.noStroke(); brush.wash({quote(pal['glow'])}, 255); "
       f"brush.polygon([[x - 55, {ground + 70}], [x, {ground - 10}], [x + 55, {ground + 70}]]);",
       f"brush.noWash(); brush.fill({quote(shade(pal['glow'], 0.5))}, 70); brush.circle(x, {ground + 40}, 80); "
       "brush.noFill();",
       f"brush.set({quote(pens[1])}, {quote(DARK)}, 2); brush.line(x, {ground - 10}, x, {ground + 70});")
    js.close()


def _road(js, ctx, pal, moon, ground, pens) -> None:
    x0, top = ctx.i(-60, 60, 20), ground - ctx.i(60, 100, 10)
    js.section("A winding road with headlights")
    cx = f"{x0} + 100 * sin(t * 7) * (1 - t / 2)"
    js("const L = [], R = [];",
       f"for (let t = 0; t <= 1; t += 0.1) {{ const y = 300 - t * {300 - top}, x = {cx}, w = 60 * (1 - t) + 4; "
       "L.push([x - w, y]); R.unshift([x + w, y]); }",
       f"brush.noStroke(); brush.wash({quote(ctx.fixed('#3a3a44'))}, 255); brush.polygon(L.concat(R));",
       f"brush.set('marker', {quote(ctx.fixed('#fff3b0'))}, 5);",
       f"for (let k = 0; k < 6; k++) {{ const t = random(0.05, 0.9), x = {cx}, y = 300 - t * {300 - top}; "
       "brush.line(x - 8 * (1 - t), y, x - 3, y); brush.line(x + 3, y, x + 8 * (1 - t), y); }")


def _cactus(js, ctx, pal, moon, ground, pens) -> None:
    x, g = ctx.i(-160, 160, 20), ground + 40
    js.section("A lone cactus")
    js(f"brush.set({quote(pens[1])}, {quote(DARK)}, 14); brush.line({x}, {g + 40}, {x}, {g - 170});",
       f"brush.set({quote(pens[1])}, {quote(DARK)}, 9);",
       f"brush.line({x - 40}, {g - 60}, {x}, {g - 60}); brush.line({x - 40}, {g - 60}, {x - 40}, {g - 120});",
       f"brush.line({x}, {g - 90}, {x + 35}, {g - 90}); brush.line({x + 35}, {g - 90}, {x + 35}, {g - 145});")


def _path(js, ctx, pal, moon, ground, pens) -> None:
    x = ctx.i(-60, 60, 20)
    js.section("A moonlit path")
    js(f"brush.noStroke(); brush.wash({quote(shade(pal['hills'], 0.35))}, 255);",
       f"brush.polygon([[-110, 300], [110, 300], [{x + 10}, {ground}], [{x - 10}, {ground}]]);")


def _trees(js, ctx, pal, moon, ground, pens) -> None:
    xs = sorted(ctx.i(-280, 280, 10) for _ in range(ctx.i(3, 6)))
    birch = ctx.has("birch", "birches")
    js.section("Birch trunks" if birch else "Trees")
    js(f"brush.set({quote(pens[1])}, {quote(pal['moon'] if birch else DARK)}, {ctx.f(4, 7)});",
       f"for (const x of [{', '.join(map(str, xs))}]) brush.line(x, {ground + 90}, x + random(-10, 10), -300);")
    if birch:
        js(f"brush.set({quote(pens[1])}, {quote(DARK)}, 2);",
           f"for (const x of [{', '.join(map(str, xs))}]) for (let y = -260; y < {ground}; y += random(30, 60)) "
           "brush.line(x - 4, y, x + 3, y + 2);")


def _fireworks(js, ctx, pal, moon, ground, pens) -> None:
    js.section("Firework bursts")
    cols = str_array([pal["glow"], pal["star"], *ctx.extra])
    js.open(f"for (let b = 0; b < {ctx.i(3, 4)}; b++)")
    js("const x = random(-220, 220), y = random(-240, -60), r = random(50, 90);",
       f"brush.set({quote(pens[0][0])}, random({cols}), 1.5);",
       "for (let a = 0; a < TWO_PI; a += 0.35) brush.line(x + r * 0.2 * cos(a), y + r * 0.2 * sin(a), "
       "x + r * cos(a), y + r * sin(a));")
    js.close()


def _bridge(js, ctx, pal, moon, ground, pens) -> None:
    x = ctx.i(-200, -80, 20)
    js.section("A silhouetted bridge")
    js(f"brush.set({quote(pens[1])}, {quote(DARK)}, 6);",
       f"for (let k = 0; k < 3; k++) brush.arc({x} + k * 130, {ground + 50}, 65, 0, PI);",
       f"brush.line({x - 70}, {ground - 20}, {x + 330}, {ground - 20});")


def _field(js, ctx, pal, moon, ground, pens) -> None:
    js.section("Wheat in the field" if ctx.has("wheat") else "Grass")
    col = ctx.fixed("#b8963a" if ctx.has("wheat") else "#2e4a2a")
    js(f"brush.set({quote(pens[0][0])}, {quote(col)}, 1.5);",
       f"for (let i = 0; i < 90; i++) {{ const x = random(-300, 300), y = random({ground}, 295); "
       "brush.line(x, y, x + random(-4, 4), y - random(15, 35)); }")


def _dots(js, ctx, pal, moon, ground, pens) -> None:
    many = ctx.has("fireflies", "lanterns", "lights", "glowing")
    js.section("Glowing lights")
    js("brush.noStroke();", f"brush.wash({quote(pal['star'])}, 255);")
    js(f"for (let i = 0; i < {ctx.i(20, 30) if many else ctx.i(6, 12)}; i++) "
       f"brush.circle(random(-280, 280), random({ground - 60 if many else ground + 20}, 280), "
       f"random({5 if many else 3}, {12 if many else 7}));")
