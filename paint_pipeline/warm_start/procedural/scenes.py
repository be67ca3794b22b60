"""Templates of scenes (cities, still lifes, interiors) and the night."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    BUILDING_NOUNS,
    CLOTH_NOUNS,
    GROUND_NOUNS,
    LIGHT_NOUNS,
    SKY,
    SKY_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.water import paint_water
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, str_array


def paint_scene(js: JsWriter, ctx: PromptContext) -> None:
    still = ctx.has("apple", "apples", "pear", "pears", "lemon", "lemons", "vase", "mug", "jug", "bowl", "bottle",
                    "bread", "cheese", "seashells", "shells", "fruit", "plate", "cup", "teapot", "still", "coffee",
                    "table")
    interior = ctx.has("room", "attic", "studio", "nook", "bookshelf", "books", "chair", "armchair", "kitchen", "lamp",
                       "interior", "window")
    if ctx.has("lighthouse", "coast", "coastal", "pier", "boats") and not still and not ctx.has("houses", "town"):
        paint_water(js, ctx)
    elif still:
        _still_life(js, ctx)
    elif interior:
        _interior(js, ctx)
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
    js(f"brush.wash({quote(ctx.fixed('#f3ead2') if night else pal['light'])}, 255);",
       f"brush.circle({ctx.i(-200, 200, 10)}, {ctx.i(-230, -170, 10)}, {ctx.i(30, 50, 5)});")
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


def _still_life(js: JsWriter, ctx: PromptContext) -> None:
    pot = ctx.has("vase", "jug", "bottle", "mug", "coffee", "glass", "cup", "jar", "teapot") or ctx.chance(0.4)
    pal = ctx.palette({
        "wall": (("#6b7f8e", "#9bb38a", "#b9d6ea", "#e0d2b0"), "big", ("wall", "background")),
        "table": (("#b9875a", "#8b5a2b", "#c8a878"), "big", CLOTH_NOUNS),
        "fruit": (("#c62828", "#9fb83a", "#f5d327", "#ef7d1a"), "free", ("apple", "apples", "lemons", "lemon", "pears",
                                                                         "pear", "fruit", "grapes", "shells",
                                                                         "seashells", "bread", "cheese")),
        "fruit2": (("#e6b422", "#6aa84f", "#6a3d9a"), "free"),
        "pot": (("#dce3e8", "#5c6f80", "#2f5fb3"), "free",
                ("vase", "jug", "mug", "bottle", "glass", "coffee", "cup", "pot")) if pot else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("cpencil", "2B")
    out = ctx.other(main, "pen", "HB")
    table = ctx.i(20, 80, 10)
    js.start(paper)
    js.section("Wall and table")
    js("brush.noStroke();", f"brush.wash({quote(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {table + 300});",
       f"brush.wash({quote(pal['table'])}, 255);", f"brush.rect(-300, {table}, 600, {300 - table});")
    if pot:
        vx = ctx.i(-200, -120, 10)
        vase = [(vx - 45, table + 60), (vx + 45, table + 60), (vx + 30, table - 120), (vx - 30, table - 120)]
        js(f"brush.wash({quote(pal['pot'])}, 255);", f"brush.polygon({point_array(vase)});")
    glaze(js, shade(pal["table"], -0.2), -300, table + 80, 600, 220 - table, 150)
    js.section("Shadow")
    shadow = point_array([(-150, table + 90), (180, table + 70), (230, table + 110), (-100, table + 130)])
    js(f"brush.hatch(6, {ctx.f(-0.6, -0.3)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({quote(main[-1])}, {quote(shade(pal['table'], -0.4))}, 1);",
       f"brush.polygon({shadow});", "brush.noHatch();")
    js.section("Fruit")
    n = ctx.i(2, 4)
    js.open(f"for (let i = 0; i < {n}; i++)")
    js(f"const x = {ctx.i(-70, -20, 10)} + i * {ctx.i(70, 90, 10)}, y = {table + 50} + random(-10, 10), r = "
       "random(35, 50);")
    js("brush.noStroke();", f"brush.wash(random({str_array([pal['fruit'], pal['fruit2'], *ctx.extra])}), 255);",
       "brush.circle(x, y, r, 0.4);", "brush.noWash();", "brush.fill('#ffffff', 90);",
       "brush.circle(x - r * 0.3, y - r * 0.35, r * 0.25);", "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", "brush.circle(x, y, r);",
       f"brush.set({quote(main[0])}, {quote(ctx.fixed('#3b2412'))}, 1.5);", "brush.line(x, y - r, x + 5, y - r - 15);")
    js.close()
    js.section("Table edge")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.line(-300, {table}, 300, {table + ctx.i(-6, 6)});")


def _interior(js: JsWriter, ctx: PromptContext) -> None:
    pal = ctx.palette({
        "wall": (("#e0d2b0", "#b9d6ea", "#9bb38a", "#f2e4cf"), "big", ("wall", "walls", "room")),
        "floor": (("#8b5a2b", "#b9875a", "#6d4526"), "big", ("floor", "rug")),
        "thing": (("#c62828", "#2f5fb3", "#e6b422", "#3f8f3a"), "free", ("books", "armchair", "chair", "trunks",
                                                                         "lamp", "easels", "jars")),
        "window": (("#cfe0f5", "#f6d186"), "big", ("window", "light", "sunbeams")),
        "thing2": (("#ef7d1a", "#6a3d9a", "#1f7f7f"), "free"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "marker")
    floor = ctx.i(80, 140, 10)
    wx, wy = ctx.i(-220, 60, 10), ctx.i(-240, -180, 10)
    js.start(paper)
    js.section("Wall, floor and window")
    js("brush.noStroke();", f"brush.wash({quote(pal['wall'])}, 255);", f"brush.rect(-300, -300, 600, {floor + 300});",
       f"brush.wash({quote(pal['floor'])}, 255);", f"brush.rect(-300, {floor}, 600, {300 - floor});",
       f"brush.wash({quote(pal['window'])}, 255);", f"brush.rect({wx}, {wy}, 160, 200);")
    glaze(js, shade(pal["floor"], -0.2), -300, floor + 40, 600, 260 - floor, 150)
    js.section("Furniture and things")
    js(f"const things = {str_array([pal['thing'], pal['thing2'], *ctx.extra])};")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js("const x = random(-260, 180), w = random(40, 110), h = random(40, 160);")
    js("brush.noStroke();", "brush.fill(random(things), 220);", f"brush.rect(x, {floor + 30} - h, w, h);",
       "brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.rect(x, {floor + 30} - h, w, h);")
    js.close()
    js.section("Window frame and light")
    js(f"brush.set({quote(out)}, {quote(ink)}, 2);", f"brush.rect({wx}, {wy}, 160, 200);",
       f"brush.line({wx + 80}, {wy}, {wx + 80}, {wy + 200});", f"brush.line({wx}, {wy + 100}, {wx + 160}, {wy + 100});")
    beam = [(wx, wy + 200), (wx + 160, wy + 200), (wx + 260, floor + 120), (wx + 60, floor + 120)]
    js(f"brush.hatch(7, {ctx.f(0.6, 1.0)}, {{ rand: 0.2 }});",
       f"brush.hatchStyle({quote(main[0])}, {quote(pal['window'])}, 1);",
       "brush.noStroke();", f"brush.polygon({point_array(beam)});", "brush.noHatch();")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['floor'], -0.35))}, 1);")
    js(f"for (let x = -300; x <= 300; x += {ctx.i(50, 75, 5)}) brush.line(x * 0.6, {floor}, x * 1.5, 300);")


def paint_night(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("city", "skyline", "town", "village", "street", "market", "windows", "alley", "rooftops"):
        _city(js, ctx, night=True)
        return
    swirl = ctx.has("milky", "galaxy", "trails", "circling", "swirl", "swirling", "meteor", "fireworks", "aurora",
                    "bioluminescent") or ctx.chance(0.25)
    pal = ctx.palette({
        "sky": (("#1b2a55", "#23305e", "#2a3560"), "big", SKY_NOUNS),
        "hills": (("#0b1226", "#141414", "#1e2a1e"), "big", GROUND_NOUNS + ("mountain", "peak", "rocks", "cliffs")),
        "moon": (("#f6f1e0", "#f3ead2", "#f2e05a"), "small", ("moon", "lantern", "lamp")),
        "star": (("#f5d327", "#f2e05a", "#f7f7f7"), "free", LIGHT_NOUNS),
        "glow": (("#4a86c8", "#ef7d1a", "#7f4fb8"), "free",
                 ("waves", "trails", "fireworks", "glow", "light", "lights")) if swirl else None,
    })
    paper = ctx.paper(dark=True)
    main = ctx.brushes("pastel", "crayon")
    out = ctx.other(main, "HB", "2B", "cpencil")
    ground = ctx.i(110, 190, 10)
    js.start(paper)
    js.section("Night sky and moon")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(shade(pal['sky'], 0.2))}, 255);",
       f"brush.rect(-300, {ground - ctx.i(180, 240, 20)}, 600, 300);")
    mx, my, mr = ctx.i(-200, 200, 10), ctx.i(-220, -150, 10), ctx.i(50, 75, 5)
    js(f"brush.wash({quote(pal['moon'])}, 255);", f"brush.circle({mx}, {my}, {mr});")
    js(f"brush.wash({quote(pal['hills'])}, 255);", "brush.beginShape(0.5);", "brush.vertex(-300, 300);",
       f"for (let x = -300; x <= 300; x += 100) brush.vertex(x, {ground} - random(60));", "brush.vertex(300, 300);",
       "brush.endShape(true);")
    glaze(js, shade(pal["sky"], 0.15), -300, -300, 600, ground - 60, 110)
    if swirl:
        js.section("Swirling light")
        js("brush.field('spiral');" if ctx.chance(0.6) else "brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['glow'], pal['star'], shade(pal['sky'], 0.3), *ctx.extra])}), random(0.8, 1.5));")
        js(f"brush.flowLine(random(-300, 300), random(-300, {ground - 40}), random(40, 120), 0);")
        js.close()
        js("brush.noField();")
    js.section("Stars")
    js.open(f"for (let i = 0; i < {ctx.i(15, 30, 5)}; i++)")
    js(f"const x = random(-290, 290), y = random(-290, {ground - 60});")
    js(f"brush.set({quote(main[0])}, random({str_array([pal['star'], pal['moon'], *ctx.extra])}), random(1, 2));")
    js("brush.line(x - 4, y, x + 4, y);", "brush.line(x, y - 4, x, y + 4);")
    js.close()
    js(f"brush.set({quote(out)}, {quote(pal['moon'])}, 1);", f"brush.circle({mx}, {my}, {mr + ctx.i(8, 16)});")
    if ctx.has("trees", "tree", "birch", "birches", "forest", "pines", "cactus", "woods"):
        xs = sorted(ctx.i(-280, 280, 10) for _ in range(ctx.i(3, 6)))
        js.section("Trees")
        js(f"brush.set({quote(out)}, {quote(pal['moon'] if ctx.has('birch', 'birches') else ctx.fixed('#0b0f1a'))}, "
           f"{ctx.f(3, 5)});")
        js(f"for (const x of [{', '.join(map(str, xs))}]) brush.line(x, {ground + 60}, x + random(-10, 10), "
           f"{ctx.i(-200, -80, 10)});")
    if ctx.has("lake", "sea", "river", "water", "beach", "waves"):
        js.section("Reflections")
        js(f"brush.set({quote(out)}, {quote(pal['moon'])}, 1.5);")
        js(f"for (let i = 0; i < 12; i++) brush.line({mx} - random(60), {ground + 30} + i * 8, {mx} + random(60), "
           f"{ground + 30} + i * 8);")
    else:
        many = ctx.has("fireflies", "lanterns", "lantern", "lights", "glowing", "tents", "headlights", "camp")
        js.section("Glowing lights")
        js("brush.noStroke();", f"brush.wash({quote(pal['star'])}, 255);")
        js(f"for (let i = 0; i < {ctx.i(20, 30) if many else ctx.i(6, 12)}; i++) "
           f"brush.circle(random(-280, 280), random({ground - 60 if many else ground + 20}, 280), "
           f"random({5 if many else 3}, {12 if many else 7}));")
