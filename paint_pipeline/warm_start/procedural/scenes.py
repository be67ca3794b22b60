"""Templates of scenes (cities, still lifes, interiors) and the night."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.elements import moon, optional
from paint_pipeline.warm_start.procedural.night_props import night_props, night_water
from paint_pipeline.warm_start.procedural.reading import (
    BUILDING_NOUNS,
    GROUND_NOUNS,
    LIGHT_NOUNS,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.still_life import paint_interior, paint_still_life
from paint_pipeline.warm_start.procedural.town import TOWN_WORDS, paint_town
from paint_pipeline.warm_start.procedural.water import paint_water
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, quote, str_array


def paint_scene(js: JsWriter, ctx: PromptContext) -> None:
    town = ctx.has(*TOWN_WORDS) and not ctx.has("room", "attic", "nook", "interior", "kitchen", "studio", "bookshelf")
    interior = ctx.has("room", "attic", "studio", "nook", "bookshelf", "books", "chair", "armchair", "kitchen", "lamp",
                       "interior", "window", "bedroom", "desk")
    still = ctx.has("apple", "apples", "pear", "pears", "lemon", "lemons", "vase", "mug", "jug", "bowl", "bottle",
                    "bread", "cheese", "seashells", "shells", "fruit", "plate", "cup", "teapot", "still", "coffee",
                    "conch", "grapes", "oranges", "teacup") or (ctx.has("table") and not interior)
    if ctx.has("lighthouse", "coast", "coastal", "pier", "boats") and not still and not town:
        paint_water(js, ctx)
    elif town:  # before the still life: 'fruit stalls' is a market
        paint_town(js, ctx)
    elif still:
        paint_still_life(js, ctx)
    elif interior:
        paint_interior(js, ctx)
    else:
        _city(js, ctx)


def _city(js: JsWriter, ctx: PromptContext, night: bool = False) -> None:
    pal = ctx.palette({
        "sky": (("#1b2a55", "#2e2a4f", "#141a2e") if night else SKY + ("#f4a259", "#f2e4cf"), "big", SKY_NOUNS),
        "wall": (("#2b2d42", "#3a3f55", "#4a4a5a") if night else ("#d9607e", "#c8902c", "#6a8caf", "#b5525c",
                                                                  "#e0d2b0"),
                 "free"),
        "wall2": (("#20243a", "#34354a") if night else ("#8b5a2b", "#f39c3b", "#2f5fb3", "#7a7a32"), "free",
                  BUILDING_NOUNS),
        "light": (("#f5d327", "#f0a020", "#fff3b0"), "small", LIGHT_NOUNS),
        "glow": (("#4a5a8a", "#6a4c93", "#5a6a9a") if night else ("#f6d186", "#e9c6a5", "#cfe0f5"), "big"),
        "street": (("#4a4a5a", "#5c5c5c", "#6d4526"), "small", ("street", "pavement", "road")),
    })
    paper = ctx.paper(dark=night)
    ink = ctx.ink(paper) if not night else "#141414"
    main = ctx.brushes("2H", "HB")
    out = ctx.other(main, "marker", "pen", "rotring")
    street = ctx.i(200, 250, 10)
    js.start(paper)
    js.section("Sky")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {street + 300});",
       f"brush.wash({quote(pal['glow'])}, 255);", f"brush.rect(-300, {street - ctx.i(200, 260, 20)}, 600, 300);")
    mx, my, mr = ctx.i(-200, 200, 10), ctx.i(-230, -170, 10), ctx.i(30, 50, 5)
    if night:
        moon(js, ctx, mx, my, mr, ctx.fixed("#f3ead2"), pal["sky"])
    else:
        js(f"brush.wash({quote(pal['light'])}, 255);", f"brush.circle({mx}, {my}, {mr});")
    js.section("Buildings with windows")
    js("let x = -300;")
    js.open("while (x < 300)")
    js(f"const w = random(50, 100), h = random({ctx.i(120, 180, 10)}, {ctx.i(300, 420, 10)}), top = {street} - h;")
    js(f"brush.wash(random({str_array([pal['wall'], pal['wall2'], *ctx.extra])}), 255);", "brush.rect(x, top, w, h);")
    js(f"brush.wash({quote(pal['light'])}, 255);")
    js.open("for (let wy = top + 16; wy < " + f"{street - 24}; wy += 30)")
    js("for (let wx = x + 10; wx < x + w - 18; wx += 22) if (random() < 0.5) brush.rect(wx, wy, 9, 13);")
    js.close()
    js("x += w + random(4, 12);")
    js.close()
    js(f"brush.wash({quote(pal['street'])}, 255);", f"brush.rect(-300, {street}, 600, {300 - street});")
    glaze(js, shade(pal["street"], 0.2), -300, street, 600, 300 - street, 160)
    js.section("Outlines and street")
    js(f"brush.set({quote(out)}, {quote(ink)}, 2);", f"brush.line(-300, {street}, 300, {street});")
    js.open(f"for (let i = 0; i < {ctx.i(8, 14)}; i++)")
    js(f"const y = random({street + 10}, 290);")
    js(f"brush.set(random({str_array(main)}), random({str_array([pal['light'], ink])}), random(1, 2));")
    js("brush.line(random(-300, 250), y, random(-250, 300), y + random(-3, 3));")
    js.close()
    js("brush.hatch(5, HALF_PI, { rand: 0.1 });", f"brush.hatchStyle({quote(main[0])}, {quote(ink)}, 1);",
       "brush.noStroke();", f"brush.rect(-300, {street - ctx.i(40, 80, 10)}, 600, 30);", "brush.noHatch();")


WATER_WORDS = ("lake", "sea", "river", "beach", "waves", "ocean", "bay", "harbour", "water", "shore", "pond")


def paint_night(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has(*TOWN_WORDS, "town", "rooftops"):
        paint_town(js, ctx, night=True)
        return
    if ctx.has("city", "skyline", "windows", "buildings"):
        _city(js, ctx, night=True)
        return
    water = ctx.has(*WATER_WORDS)
    swirl = ctx.has("milky", "galaxy", "swirl", "swirling", "meteor", "meteors", "aurora", "nebula") or (
        ctx.chance(0.2) and not water)
    huge = ctx.has("huge", "giant", "enormous", "big", "large", "owl", "silhouette")
    peak = ctx.has("mountain", "mountains", "peak", "peaks", "road")
    pal = ctx.palette({
        "sky": (("#1b2a55", "#23305e", "#2a3560"), "big", SKY_NOUNS),
        "hills": (("#0b1226", "#141414", "#1e2a1e"), "big", GROUND_NOUNS + ("mountain", "peak", "rocks", "cliffs")),
        "water": (("#16284a", "#1d3f7a", "#154e57"), "big", WATER_NOUNS) if water else None,
        "moon": (("#f6f1e0", "#f3ead2", "#f2e05a"), "small", ("moon",)),
        "star": (("#f5d327", "#f2e05a", "#f7f7f7"), "free", LIGHT_NOUNS),
        "glow": ((("#ef7d1a", "#f0a020", "#c62828") if ctx.has("lantern", "tents", "tent", "camp", "fireworks")
                  else ("#4a86c8", "#7f4fb8", "#3fc8c8")), "free",
                 ("waves", "trails", "fireworks", "glow", "light", "lights", "lantern", "tents", "camp",
                  "bioluminescent")),
    })
    paper = ctx.paper(dark=True)
    main = ctx.brushes("pastel", "crayon")
    out = ctx.other(main, "HB", "2B", "cpencil")
    ground = ctx.i(40, 100, 10) if water else ctx.i(110, 190, 10)
    js.start(paper)
    show_moon = not ctx.has("moonless", "lantern") or ctx.has("moon", "moonlit")
    js.section("Night sky" + (" and a lunar eclipse" if ctx.has("eclipse") else " and a crescent moon"
                              if ctx.has("crescent") else " and the moon" if show_moon else ""))
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(shade(pal['sky'], 0.15))}, 255);", f"brush.rect(-300, {ground - 200}, 600, 200);")
    if huge:
        mx, my, mr = ctx.i(-60, 60, 10), ctx.i(-120, -60, 10), ctx.i(120, 150, 10)
    elif ctx.has("rising", "low"):
        mx, my, mr = ctx.i(-120, 120, 10), ground - ctx.i(60, 90, 10), ctx.i(55, 75, 5)
    else:
        mx, my, mr = ctx.i(-200, 200, 10), ctx.i(-220, -150, 10), ctx.i(40, 70, 5)
    if show_moon:
        moon(js, ctx, mx, my, mr, pal["moon"], pal["sky"])
    js.section("Water under the horizon" if water else "Dark hills")
    if peak:
        px = ctx.i(-120, 120, 20)
        hills = (f"[[-300, {ground}], [{px - 150}, {ground - 90}], [{px}, {ground - 230}], "
                 f"[{px + 160}, {ground - 70}], [300, {ground - 20}], [300, 300], [-300, 300]]")
        js(f"brush.wash({quote(pal['hills'])}, 255);", f"brush.polygon({hills});")
    else:
        js(f"brush.wash({quote(pal['hills'])}, 255);", "brush.beginShape(0.5);", "brush.vertex(-300, 300);",
           f"for (let x = -300; x <= 300; x += 100) brush.vertex(x, {ground} - random({25 if water else 60}));",
           "brush.vertex(300, 300);", "brush.endShape(true);")
    if water:
        js(f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
        if ctx.has("beach", "shore", "sand"):
            js(f"brush.wash({quote(ctx.fixed('#3a3428'))}, 255);",
               "brush.polygon([[-300, 220], [0, 240], [300, 200], [300, 300], [-300, 300]]);")
    glaze(js, shade(pal["sky"], 0.15), -300, -300, 600, ground - 40, 110)
    if ctx.has("trails", "circling", "circumpolar"):
        js.section("Star trails circling the pole star")
        px, py = ctx.i(-80, 80, 20), ctx.i(-200, -140, 20)
        js(f"brush.set({quote(main[0])}, {quote(pal['star'])}, 1);",
           f"for (let r = 12; r < 420; r += 12) {{ const a = random(TWO_PI); brush.arc({px}, {py}, r, a, a + random(1, "
           "2.5)); }")
    elif swirl:
        js.section("Swirling light")
        js("brush.field('spiral');" if ctx.chance(0.6) else "brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(30, 50, 10)}; i++)")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['glow'], pal['star'], shade(pal['sky'], 0.3), *ctx.extra])}), random(0.8, 1.5));")
        js(f"brush.flowLine(random(-300, 300), random(-300, {ground - 40}), random(40, 120), 0);")
        js.close()
        js("brush.noField();")
    js.section("Stars")
    many = ctx.has("thick", "starry", "stars", "starlit")
    js.open(f"for (let i = 0; i < {ctx.i(40, 60, 10) if many else ctx.i(15, 30, 5)}; i++)")
    js(f"const x = random(-290, 290), y = random(-290, {ground - 60});")
    js(f"brush.set(random({str_array(main)}), random({str_array([pal['star'], pal['moon'], *ctx.extra])}), "
       "random(1, 2));")
    js("brush.line(x - 4, y, x + 4, y);", "brush.line(x, y - 4, x, y + 4);")
    js.close()
    if water:
        optional(js, night_water, ctx, pal, (mx, my, mr), ground, main)
    night_props(js, ctx, pal, (mx, my, mr), ground, (main, out))
