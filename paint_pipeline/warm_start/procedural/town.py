"""A street-level town (pitched-roof houses, a street or alley in perspective, market stalls, cafe tables, lanterns,
a street lamp, laundry lines, snow) by day or by night. Used by `scenes` (scene and night prompts)."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.elements import ellipse, moon, optional
from paint_pipeline.warm_start.procedural.reading import (
    BUILDING_NOUNS,
    LIGHT_NOUNS,
    SKY,
    SKY_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, quote, str_array

TOWN_WORDS = ("market", "stalls", "stall", "cafe", "terrace", "alley", "alleys", "street lamp", "lamppost", "village",
              "rooftops", "chimneys", "town", "old town", "houses", "cottages", "laundry", "cobbled", "lane", "square",
              "church", "spire", "harbour", "harbor", "sleeping", "bazaar", "awnings", "street")


def paint_town(js: JsWriter, ctx: PromptContext, night: bool = False) -> None:
    night = night or ctx.has("lantern-lit", "night", "nocturne", "moonlit")
    alley = ctx.has("alley", "narrow", "laundry", "lane", "alleys", "alleyway")
    stalls = ctx.has("market", "stalls", "stall", "bazaar")
    cafe = ctx.has("cafe", "terrace", "tables", "bistro", "awnings", "awning", "shops", "shop", "bakery")
    rows = 2 if ctx.has("rooftops", "stacked", "hillside", "harbour", "harbor") and not alley else 1
    dusk = ctx.has("sunset", "dusk", "evening", "golden")
    pal = ctx.palette({
        "sky": (("#1b2a55", "#23305e", "#141a2e") if night else ("#f4a259", "#e9967a") if dusk else SKY, "big",
                SKY_NOUNS),
        "wall": (("#4a4a5a", "#3a3f55", "#5a4a4a") if night else ("#e0d2b0", "#d9a066", "#c8902c", "#e9c6a5"), "free",
                 BUILDING_NOUNS),
        "wall2": (("#2b2d42", "#34354a") if night else ("#b5525c", "#6a8caf", "#f2e4cf", "#8b9f6a"), "free"),
        "roof": (("#1e1e2a", "#2a2020") if night else ("#a0442c", "#8b3a2b", "#6d4526", "#5c5c5c"), "big",
                 ("roofs", "rooftops", "roof", "tiles")),
        "street": (("#3a3a44", "#2e2e36") if night else ("#9a8c84", "#b0a898", "#8a7f72"), "big",
                   ("street", "pavement", "cobbles", "square", "alley", "lane", "road")),
        "light": (("#f5d327", "#f0a020", "#fff3b0"), "small", LIGHT_NOUNS),
        "awning": (("#c62828", "#2f5fb3", "#3f8f3a", "#ef7d1a"), "free",
                   ("awnings", "stalls", "laundry", "umbrellas", "tables")) if stalls or cafe or alley else None,
        "snow": (("#f7f7f7",), "small", ("snow", "snowflakes")) if ctx.has("snow", "snowing", "snowy") else None,
    })
    paper = ctx.paper(dark=night)
    ink = "#141414" if night else ctx.ink(paper)
    main = ctx.brushes("HB", "2B")
    out = ctx.other(main, "pen", "marker", "rotring")
    base = ctx.i(20, 60, 10) if alley else ctx.i(40, 100, 10)
    vx = ctx.i(-60, 60, 20)
    js.start(paper)
    disc = night or (ctx.has("sun", "sunny", "sunset", "sunrise", "noon", "morning", "sunlit", "dawn") and not alley)
    js.section("Sky" + (" and moon" if night else " and sun" if disc else ""))
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    mx, my = ctx.i(-200, 200, 20), ctx.i(-250, -200, 10)
    mr = ctx.i(40, 55, 5) if ctx.has("eclipse") else ctx.i(25, 40, 5)  # an eclipse is what the picture is about
    glow = ctx.fixed("#f3ead2") if night else shade(pal["light"], 0.4)
    if night:
        moon(js, ctx, mx, my, mr, glow, pal["sky"])
    elif disc:
        js(f"brush.wash({quote(glow)}, 255);", f"brush.circle({mx}, {my}, {mr});")
    if disc:
        halo = shade(pal["sky"], 0.25)  # not the disc's colour: a fill of a wash's colour hides that wash
        js(f"brush.noWash(); brush.fill({quote(halo)}, 80); brush.circle({mx}, {my}, {mr * 2}); brush.noFill();")
    js(f"brush.set({quote(out)}, {quote(ctx.fixed('#b0a898') if night else ink)}, 1);",
       f"brush.line(-300, {base}, 300, {base});")
    if ctx.has("church", "spire", "steeple", "cathedral"):
        js.section("Church tower and spire")
        cx = vx + ctx.pick([-120, 80])
        js(f"brush.wash({quote(pal['wall2'])}, 255); brush.rect({cx}, {base - 230}, 40, 230);",
           f"brush.wash({quote(pal['roof'])}, 255);",
           f"brush.polygon([[{cx - 6}, {base - 230}], [{cx + 20}, {base - 340}], [{cx + 46}, {base - 230}]]);")
    if alley:
        js.section("Alley walls in perspective")
        js(f"brush.wash({quote(pal['wall'])}, 255);",
           f"brush.polygon([[-300, -300], [{vx - 60}, {base - 200}], [{vx - 60}, {base}], [-300, 300]]);",
           f"brush.wash({quote(pal['wall2'])}, 255);",
           f"brush.polygon([[300, -300], [{vx + 60}, {base - 200}], [{vx + 60}, {base}], [300, 300]]);")
    smoke = ctx.has("chimneys", "chimney", "smoke", "smoking")
    js.section("Houses with pitched roofs and " + ("smoking chimneys" if smoke else "chimneys"))
    b, s = (str(base), "") if rows == 1 else ("b", " * s")
    if rows > 1:  # two rows: the back one smaller and fainter, for depth
        js.open(f"for (let r = 0; r < {rows}; r++)")
        js(f"const b = {base} - (1 - r) * 90, s = 1 - (1 - r) * 0.3;", "let x = -320 + r * 50;")
    else:
        js(f"let x = {vx - 80 if alley else -320};")
    js.open(f"while (x < {vx + 60 if alley else 300})")
    size = "40, 60" if alley else "100, 160" if rows > 1 else "70, 110"
    js(f"const w = random({size}){s}, h = random({'110, 170' if rows > 1 else '80, 150'}){s}, t = {b} - h;")
    js(f"brush.wash(random({str_array([pal['wall'], pal['wall2'], *ctx.extra])}), 255); brush.rect(x, t, w, h);",
       f"brush.wash({quote(pal['roof'])}, 255); brush.rect(x + w * 0.6, t - w / 2, 9, 30);",
       "brush.polygon([[x - 5, t], [x + w / 2, t - w / 2], [x + w + 5, t]]);")
    dark = quote(shade(pal["wall2"], -0.4))
    lit = f"random([{quote(pal['light'])}, {dark}, {dark}])" if ctx.has("sleeping", "asleep") else quote(pal["light"])
    js(f"brush.wash({lit if night else dark}, 255); "
       f"brush.rect(x + w * 0.4, {b} - h / 3, w / 5, h / 3);",
       "for (let k = 0.2; k < 0.7; k += 0.4) brush.rect(x + w * k, t + h / 5, w / 5, h / 4);")
    if rows > 1 or smoke:  # the side of each house in shade (a fill also closes the group of washes)
        js(f"brush.noWash(); brush.fill({quote(shade(pal['sky'], -0.3 if night else -0.1))}, "
           f"{'90 + r * 60' if rows > 1 else 110}); brush.rect(x + w * 0.75, t, w / 4, h); brush.noFill();")
    if smoke:
        js(f"brush.set('pastel', {quote(shade(pal['sky'], 0.45))}, 1.5);",
           "brush.spline([[x + w * 0.6 + 4, t - w / 2], [x + w * 0.6 - 10, t - w / 2 - 30], [x + w * 0.6 + 15, "
           "t - w / 2 - 60], [x + w * 0.6 + 5, t - w / 2 - 95]], 1); brush.noStroke();")
    js("x += w + random(8);")
    js.close()
    if rows > 1:
        js.close()
    harbour = ctx.has("harbour", "harbor", "port", "quay", "canal", "waterfront") and not alley
    js.section("Alley floor in perspective" if alley else "Harbour water" if harbour else "Street in perspective")
    st = ctx.fixed("#2f5fb3") if harbour else pal["street"]
    js("brush.noStroke();", f"brush.wash({quote(st)}, 255);")
    if alley:
        js(f"brush.polygon([[{vx - 60}, {base}], [{vx + 60}, {base}], [300, 300], [-300, 300]]);")
    else:
        js(f"brush.rect(-300, {base}, 600, {300 - base});")
    if harbour:
        js(f"brush.set({quote(main[-1])}, {quote(shade(st, 0.5))}, 1.5);",
           f"for (let y = {base + 15}; y < 300; y += 18) brush.line(random(-300, 0), y, random(0, 300), y);")
    else:
        js(f"brush.set({quote(main[-1])}, {quote(shade(st, -0.35))}, 1);",
           f"for (let k = -6; k <= 6; k++) brush.line({vx} + k * 8, {base}, {vx} + k * 70, 300);")
    for word, element in ((ctx.has("lamp", "lamps", "lamppost", "streetlight", "lamplight"), _lamp),
                          (stalls or cafe, _stalls),
                          (ctx.has("lanterns", "lantern", "lantern-lit", "string", "lights") and not stalls, _lanterns),
                          (alley and ctx.has("laundry", "washing", "clothesline"), _laundry),
                          (ctx.has("snow", "snowing", "snowy", "snowfall"), _snow),
                          (ctx.has("fountain"), _fountain),
                          (ctx.has("reflections", "wet", "puddle", "puddles", "rain", "rainy"), _reflections),
                          (ctx.has("steaming", "steam"), _steam),
                          (ctx.has("cobbled", "cobbles", "cobblestones", "cobblestone", "paved"), _cobbles),
                          (ctx.has("fog", "foggy", "mist", "misty", "haze"), _fog)):
        if word:
            optional(js, element, ctx, pal, base, vx, stalls, (out, ink, main))


def _stalls(js, ctx, pal, base, vx, stalls, pens) -> None:
    out, ink, _ = pens
    js.section("Market stalls with awnings" if stalls else "Cafe awnings and tables")
    y = base + ctx.i(40, 70, 10) if stalls else base - 40
    js.open(f"for (let x = {ctx.i(-280, -240, 10)}; x < 250; x += {ctx.i(140, 180, 20)})")
    js(f"brush.noStroke(); brush.wash({quote(pal['awning'])}, 255); "
       f"brush.polygon([[x, {y}], [x + 100, {y}], [x + 112, {y + 30}], [x - 12, {y + 30}]]);")
    if stalls:
        goods = str_array([pal["light"], ctx.fixed("#c62828"), ctx.fixed("#6aa84f")])
        if ctx.has("lanterns", "lantern", "lights"):  # a lantern hangs from each awning
            js(f"brush.wash({quote(pal['light'])}, 255); brush.circle(x + 50, {y + 50}, 14);")
        else:
            js(f"brush.wash(random({goods}), 255); "
               f"for (let k = 0; k < 5; k++) brush.circle(x + 10 + k * 20, {y + 60}, 10);")
        js(f"brush.noWash(); brush.fill({quote(ctx.fixed('#8b5a2b'))}, 220); brush.rect(x, {y + 70}, 100, 30); "
           "brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.5); "
           f"for (const d of [0, 100]) brush.line(x + d, {y + 30}, x + d, {y + 100});")
    else:
        js(f"brush.noWash(); brush.fill({quote(pal['light'])}, 220); brush.rect(x + 20, {y + 110}, 60, 10); "
           "brush.noFill();")
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.5); brush.line(x + 50, {y + 120}, x + 50, {y + 150});")
    js.close()


def _lamp(js, ctx, pal, base, vx, stalls, pens) -> None:
    out, ink, _ = pens
    js.section("Street lamp and its pool of light")
    light = pal["light"]
    lx, ly = vx + ctx.pick([-150, 130]), base + ctx.i(150, 200, 10)
    js(f"brush.noStroke(); brush.wash({quote(shade(light, -0.3))}, 255);")
    ellipse(js, lx, ly, 110, 30)
    js(f"brush.wash({quote(light)}, 255); brush.circle({lx}, {ly - 210}, 14);",
       f"brush.noWash(); brush.fill({quote(shade(light, 0.5))}, 90); brush.circle({lx}, {ly - 205}, 70); "
       "brush.noFill();",
       f"brush.set({quote(out)}, {quote(ctx.fixed('#7a7a82') if ink == '#141414' else ink)}, 4); "
       f"brush.line({lx}, {ly}, {lx}, {ly - 195});")


def _lanterns(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("A string of lanterns")
    y0, sag = ctx.i(-150, -60, 10), ctx.i(30, 60, 10)
    js(f"brush.set({quote(pens[0])}, '#808080', 1); brush.spline([[-300, {y0}], [0, {y0 + sag}], [300, {y0}]], 1);",
       f"brush.set('marker', {quote(pal['light'])}, 7);",
       f"for (let x = -270; x < 300; x += 60) brush.line(x, {y0 + sag + 4} - {sag} * (x / 300) ** 2, x, "
       f"{y0 + sag + 16} - {sag} * (x / 300) ** 2);")


def _laundry(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Laundry lines with clothes")
    js(f"brush.set({quote(pens[0])}, {quote(pens[1])}, 1);",
       "for (let y = -200; y < -40; y += 70) brush.spline([[-300, y], [0, y + 30], [300, y]], 1);",
       f"brush.noStroke(); brush.fill(random({str_array([pal['awning'], '#f7f7f7'])}), 220);",
       "for (let y = -200; y < -40; y += 70) for (let c = -250; c < 250; c += random(40, 70)) "
       "brush.rect(c, y + 30 - c * c / 3000, 18, 28);", "brush.noFill();")


def _snow(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Falling snow")
    js(f"brush.set('pastel', {quote(pal['snow'])}, 2);",
       "for (let i = 0; i < 120; i++) { const x = random(-300, 300), y = random(-300, 300); "
       "brush.line(x, y, x + 2, y + 4); }")


def _fountain(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Fountain")
    fy, water = base + 140, ctx.fixed("#4a86c8")
    js(f"brush.noStroke(); brush.wash({quote(shade(pal['street'], 0.3))}, 255); brush.rect({vx - 70}, {fy}, 140, 40);",
       f"brush.set({quote(pens[2][0])}, {quote(water)}, 2);",
       f"for (let k = -2; k <= 2; k++) brush.spline([[{vx}, {fy}], [{vx} + k * 15, {fy - 60}], "
       f"[{vx} + k * 30, {fy}]], 1);")


def _reflections(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Reflections on the wet street")
    js(f"brush.set({quote(pens[2][0])}, {quote(pal['light'])}, 2);",
       f"for (let i = 0; i < 14; i++) {{ const x = random(-280, 280), y = random({base + 20}, 280); "
       "brush.line(x, y, x, y + random(15, 40)); }")


def _steam(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Rising steam" if stalls else "Smoke from the chimneys")
    js(f"brush.set('pastel', {quote(shade(pal['sky'], 0.5))}, 1.5);",
       f"for (let i = 0; i < 5; i++) {{ const x = random(-250, 250), y = {base - 100 if not stalls else base}; "
       "brush.spline([[x, y], [x - 10, y - 25], [x + 10, y - 50], [x, y - 75]], 1); }")


def _cobbles(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Cobbles")
    js("brush.hatch(6, 0.3, { rand: 0.3 });", f"brush.hatchStyle({quote(pens[2][0])}, "
       f"{quote(shade(pal['street'], -0.3))}, 1);", "brush.noStroke();",
       f"brush.rect(-300, {base + 40}, 600, {260 - base});", "brush.noHatch();")


def _fog(js, ctx, pal, base, vx, stalls, pens) -> None:
    js.section("Bands of fog")  # strokes: a full-canvas watercolour fill would be slow to render
    js(f"brush.set('pastel', {quote(shade(pal['sky'], 0.4))}, 1.5);",
       f"for (let i = 0; i < 16; i++) {{ const y = random(-250, {base + 120}); "
       "brush.line(random(-320, 0), y, random(0, 320), y); }")
