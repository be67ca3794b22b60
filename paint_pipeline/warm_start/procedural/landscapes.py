"""Templates of open views under a sky: landscapes (hills, mountains, fields), skies, and weather."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    BUILDING_NOUNS,
    CLOUD_NOUNS,
    DARK_GREEN,
    GREEN,
    GROUND_NOUNS,
    SKY,
    SKY_NOUNS,
    WARM,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, closed_shape, glaze, point_array, quote, str_array


def _hills(ctx: PromptContext, base: int, amp: int, n: int, jag: bool = False) -> list[tuple[int, int]]:
    """A ridge line of n points across the canvas, up to `amp` above `base` (every other one higher if `jag`)."""
    xs = [round(-300 + 600 * k / (n - 1)) for k in range(n)]
    pts = []
    for x in xs:
        y = base - ctx.i(0, amp)
        if jag and len(pts) % 2 == 1:
            y = base - ctx.i(amp // 2, amp + amp // 2)
        pts.append((x, y))
    return pts


def paint_landscape(js: JsWriter, ctx: PromptContext) -> None:
    mountains = ctx.has("mountain", "mountains", "peak", "peaks", "alpine", "volcano", "cliff", "cliffs", "canyon",
                        "fjord", "glacier", "rock", "slopes")
    rows = ctx.has("field", "fields", "wheat", "prairie", "lavender", "tea", "rice", "terraced", "plantation",
                   "horizon", "tundra", "savanna", "moor", "heather", "flat") or ctx.chance(0.25)
    sun = ctx.chance(0.6) or ctx.has("sun", "sunlit", "sunrise", "sunset", "dusk", "golden", "hour")
    pal = ctx.palette({
        "sky": (SKY, "big", SKY_NOUNS),
        "near": (GREEN + ("#c8a878",), "big", GROUND_NOUNS),
        "far": (("#8aa97a", "#9bb38a", "#7d92a8", "#a9b8c6") if not mountains else ("#7d8ea3", "#8a8f9c", "#9a8c84"),
                "big"),
        "band": (("#a58fcf", "#e6b422", "#d9607e", "#c8902c", "#9acd32"), "free",
                 BUILDING_NOUNS + ("lavender", "wheat", "heather", "rice", "tea", "flowers", "wildflowers")),
        "sun": (WARM, "small", ("sun",)) if sun else None,
        "dark": (DARK_GREEN, "small"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring", "charcoal")
    horizon = ctx.i(-60, 20, 10)
    js.start(paper)
    js.section("Sky, far hills and fields")
    js(f"const far = {point_array(_hills(ctx, horizon, 140 if mountains else 100, ctx.i(4, 6), jag=mountains))};")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    if sun:
        js(f"brush.wash({quote(pal['sun'])}, 255);",
           f"brush.circle({ctx.i(-180, 180, 10)}, {horizon - ctx.i(150, 200, 10)}, {ctx.i(30, 50, 5)});")
    js(f"brush.wash({quote(pal['far'])}, 255);")
    closed_shape(js, "[[-300, 300], ...far, [300, 300]]", 0.1 if mountains else 0.6)
    y = horizon + ctx.i(20, 40, 10)
    for c in [pal["band"], *ctx.extra, pal["near"]]:
        edge = [(x, y + ctx.i(-30, 30)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({quote(c)}, 255);", f"brush.polygon({point_array([(-300, 300), *edge, (300, 300)])});")
        y += ctx.i(40, 60, 10)
    near_y = y - 50
    js("brush.noWash();", "brush.fillTexture(0.5, 0.3);",
       f"brush.fill({quote(shade(pal['near'], -0.2))}, {ctx.i(120, 170, 10)});",
       f"brush.circle({ctx.i(-150, 150, 10)}, 300, {ctx.i(180, 260, 10)});", "brush.noFill();")
    js.section("Furrows and tufts" if rows else "Grass")
    cols = [pal["dark"], shade(pal["near"], -0.3), shade(pal["band"], -0.2)]
    js.open(f"for (let i = 0; i < {ctx.i(50, 90, 10)}; i++)")
    js(f"const x = random(-290, 290), y = random({horizon + 20}, 290);")
    js(f"brush.set(random({str_array(main)}), random({str_array(cols)}), random(1, 2));")
    if rows:
        js(f"if (random() < {ctx.f(0.25, 0.4)}) brush.line(x, y, x + random(20, 60), y + random(-4, 4));")
        js("else brush.line(x, y, x + random(-8, 8), y - random(10, 30));")
    else:
        js("brush.line(x, y, x + random(-8, 8), y - random(10, 30));")
    js.close()
    js.section("Ridge line")
    js(f"brush.set({quote(out)}, {quote(ink)}, {ctx.f(0.8, 1.5)});", "brush.spline(far, 0.5);")
    if ctx.has("road", "roads", "path", "paths", "river", "riverbed", "stream"):
        col = pal["sky"] if ctx.has("river", "riverbed", "stream") else ink
        js(f"brush.set({quote(main[0])}, {quote(col)}, 3);",
           f"brush.spline([[{ctx.i(-80, 80)}, 300], [{ctx.i(-120, 120)}, {near_y + 60}], [{ctx.i(-40, 40)}, "
           f"{horizon + 30}]], 0.7);")
    if ctx.has("cabin", "house", "houses", "barn", "lighthouse", "windmill", "church", "cottage", "farmhouse", "hut"):
        hx, hy = ctx.i(-200, 120, 10), near_y + ctx.i(10, 50, 10)
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);", f"brush.fill({quote(pal['band'])}, 230);",
           f"brush.rect({hx}, {hy - 40}, 60, 40);",
           f"brush.polygon({point_array([(hx - 8, hy - 40), (hx + 30, hy - 70), (hx + 68, hy - 40)])});",
           "brush.noFill();")
    elif ctx.chance(0.5) or ctx.has("trees", "acacias", "acacia", "spruce", "boulders", "shrubs"):
        js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
        js(f"const x = random(-260, 260), y = random({near_y - 10}, {near_y + 50});")
        js(f"brush.set({quote(out)}, {quote(ink)}, 1);", "brush.line(x, y, x, y - 20);", "brush.noStroke();",
           f"brush.fill({quote(pal['dark'])}, 200);", "brush.circle(x, y - 26, random(8, 14));", "brush.noFill();")
        js.close()


def paint_sky(js: JsWriter, ctx: PromptContext) -> None:
    sun = ctx.chance(0.5) or ctx.has("sun", "sunrise", "moon", "rays", "gold", "golden")
    pal = ctx.palette({
        "high": (SKY, "big", SKY_NOUNS),
        "cloud": (("#f7f7f7", "#eef0f2", "#dfe3e8"), "big", CLOUD_NOUNS),
        "low": (("#f6d186", "#f4a259", "#e9c6a5", "#eb8fb0", "#a58fcf"), "free", ("light", "band", "stripe", "glow",
                                                                                  "rainbow")),
        "low2": (("#f2b5c8", "#f39c3b", "#cfe0f5", "#e9c6a5"), "free", ("bands", "layers", "clouds")),
        "ground": (("#3b4a3f", "#4a4a3a", "#2f3e46"), "small", GROUND_NOUNS),
        "sun": (WARM, "small", ("sun", "moon")) if sun else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pastel", "2B")
    out = ctx.other(main, "pen", "HB", "charcoal")
    horizon = ctx.i(170, 230, 10)
    js.start(paper)
    js.section("Graded sky")
    js("brush.noStroke();", f"brush.wash({quote(pal['high'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});")
    bands = [pal["low2"], pal["low"], *ctx.extra]
    step = ctx.i(50, 80, 10)
    top = horizon - ctx.i(100, 160, 10) - step * (len(bands) - 1)
    for k, c in enumerate(bands):
        edge = [(x, top + k * step + ctx.i(-45, 45)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({quote(c)}, 255);",
           f"brush.polygon({point_array([(-300, horizon + 20), *edge, (300, horizon + 20)])});")
    if sun:
        js(f"brush.wash({quote(pal['sun'])}, 255);",
           f"brush.circle({ctx.i(-200, 200, 10)}, {horizon - ctx.i(30, 100, 10)}, {ctx.i(25, 45, 5)});")
    js.section("Clouds")
    js(f"brush.wash({quote(pal['cloud'])}, 255);")
    js.open(f"for (let i = 0; i < {ctx.i(4, 7)}; i++)")
    js(f"const x = random(-220, 220), y = random(-240, {horizon - 140});")
    js(f"for (let k = 0; k < {ctx.i(4, 6)}; k++) brush.circle(x + random(-60, 60), y + random(-20, 20), random(20, "
       "45));")
    js.close()
    ridge = [(x, horizon - ctx.i(0, 90)) for x in (-300, -100, 100, 300)]
    js(f"brush.wash({quote(pal['ground'])}, 255);", f"brush.polygon({point_array([(-300, 300), *ridge, (300, 300)])});")
    glaze(js, shade(pal["high"], -0.1), -300, -300, 600, ctx.i(150, 250, 10), 120)
    js.section("Cloud edges and light")
    cols = [shade(pal["cloud"], -0.25), shade(pal["low"], -0.25), shade(pal["high"], -0.35)]
    js.open(f"for (let i = 0; i < {ctx.i(20, 35, 5)}; i++)")
    js(f"const x = random(-280, 280), y = random(-280, {horizon - 40});")
    js(f"brush.set(random({str_array(main)}), random({str_array(cols)}), random(1, 2));")
    js("brush.arc(x, y, random(15, 40), random(0.5), PI - random(0.5));")
    js.close()
    if ctx.has("balloons", "balloon"):
        js.open(f"for (let i = 0; i < {ctx.i(3, 5)}; i++)")
        js(f"const x = random(-220, 220), y = random(-200, {horizon - 120});")
        js("brush.noStroke();",
           f"brush.fill(random({str_array([pal['low'], ctx.fixed('#c62828'), ctx.fixed('#e6b422')])}), 230);",
           "brush.circle(x, y, 22);", "brush.noFill();",
           f"brush.set({quote(out)}, {quote(ink)}, 1);", "brush.rect(x - 5, y + 32, 10, 8);",
           "brush.line(x - 16, y + 14, x - 5, y + 32);",
           "brush.line(x + 16, y + 14, x + 5, y + 32);")
        js.close()
    elif ctx.has("birds", "flock", "geese", "sailboat", "contrails") or ctx.chance(0.4):
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);")
        js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
        js("const x = random(-200, 200), y = random(-240, -60), s = random(6, 12);")
        js("brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);")
        js.close()
    else:
        js(f"brush.set({quote(out)}, {quote(ink)}, 1);", f"brush.spline({point_array(ridge)}, 0.5);")


def paint_weather(js: JsWriter, ctx: PromptContext) -> None:
    snow = ctx.has("snow", "snowstorm", "blizzard", "frost", "hail", "snowy")
    storm = ctx.has("lightning", "thunderstorm", "storm", "hurricane")
    wind = ctx.has("wind", "windy", "gust", "devil", "sandstorm", "swirling", "haze", "sweeping", "bending")
    rainbow = ctx.has("rainbow")
    fog = ctx.has("fog", "mist", "misty")
    pal = ctx.palette({
        "sky": (("#8a96a3", "#a6a6a6", "#9ec3e0", "#7d92a8") if (storm or snow or fog) else SKY, "big", SKY_NOUNS),
        "ground": (("#6aa84f", "#c8a878", "#8aa97a", "#7a7a32") if not snow else ("#f7f7f7", "#eef0f2"), "big",
                   GROUND_NOUNS),
        "cloud": (("#5c5c5c", "#808080", "#4a4a5a") if storm else ("#dfe3e8", "#f7f7f7"), "big", CLOUD_NOUNS),
        "accent": (("#f5d327", "#f0a020"), "small", ("lightning", "bolt")) if storm else None,
        "mark": (("#2f5fb3", "#5c5c5c", "#1d3f7a") if not snow else ("#f7f7f7",), "free",
                 ("rain", "lines", "snow", "leaves", "grass", "drizzle", "hail")) if snow or wind or not fog else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "charcoal", "marker")
    ground = ctx.i(120, 200, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});",
       f"brush.wash({quote(pal['ground'])}, 255);", "brush.beginShape(0.5);", "brush.vertex(-300, 300);",
       f"for (let x = -300; x <= 300; x += 150) brush.vertex(x, {ground} - random(40));", "brush.vertex(300, 300);",
       "brush.endShape(true);")
    js.section("Clouds")
    js(f"brush.wash({quote(pal['cloud'])}, 255);")
    js(f"for (let i = 0; i < {ctx.i(10, 16)}; i++) brush.circle(random(-280, 280), random(-260, -120), random(40, "
       "80));")
    glaze(js, shade(pal["cloud"], -0.15), -300, -300, 600, ctx.i(100, 160, 10), 140)
    if rainbow:
        js.section("Rainbow")
        js.open("for (const [k, c] of [[0, '#c62828'], [1, '#ef7d1a'], [2, '#f5d327'], [3, '#3f8f3a'], [4, "
                "'#2f5fb3'], [5, '#6a3d9a']])")
        js(f"brush.set({quote(main[0])}, c, 4);",
           f"brush.arc({ctx.i(-60, 60, 10)}, {ground + 20}, {ctx.i(200, 260, 10)} - k * 12, 0, PI);")
        js.close()
    if storm:
        js.section("Lightning")
        x0 = ctx.i(-150, 150, 10)
        js(f"let x = {x0}, y = -150;", f"brush.set({quote(out)}, {quote(pal['accent'])}, 3);")
        js.open(f"while (y < {ground - 20})")
        js("const nx = x + random(-40, 40), ny = y + random(30, 60);", "brush.line(x, y, nx, ny);", "x = nx;",
           "y = ny;")
        js.close()
    js.section("Snow" if snow else ("Wind" if wind else ("Fog" if fog else "Rain")))
    if snow:
        js(f"brush.set({quote(main[0])}, random({str_array([pal['mark'], *ctx.extra])}), 2);")
        js(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++) brush.circle(random(-290, 290), random(-290, 290), "
           "random(2, 5));")
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);")
        js(f"for (let i = 0; i < {ctx.i(5, 9)}; i++) "
           f"{{ const x = random(-280, 280); brush.line(x, {ground + 40}, x + random(-5, 5), {ground - 10}); }}")
    elif wind:
        js("brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['mark'], shade(pal['ground'], -0.3), pal['cloud']])}), random(1, 2));")
        js("brush.flowLine(random(-320, 250), random(-250, 280), random(60, 160), 0);")
        js.close()
        js("brush.noField();")
    elif fog:
        js(f"brush.set({quote(main[0])}, random({str_array([ink, *ctx.extra])}), 2);")
        js(f"for (let i = 0; i < {ctx.i(6, 10)}; i++) "
           f"{{ const x = random(-280, 280); brush.line(x, {ground + 20}, x, {ground - 80} + random(40)); }}")
        js(f"brush.set({quote(out)}, {quote(ink)}, 1);",
           f"brush.spline([[-300, {ground}], [0, {ground - ctx.i(10, 40)}], [300, {ground}]], 0.5);")
        js("brush.noStroke();", f"brush.fill({quote(pal['cloud'])}, 160);")
        js(f"for (let i = 0; i < 4; i++) brush.rect(-300, {ground - 120} + i * 40, 600, 24);")
        js("brush.noFill();")
    else:
        slant = ctx.i(-30, 30, 5)
        js.open(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++)")
        js("const x = random(-320, 300), y = random(-200, 280);")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['mark'], shade(pal['mark'], 0.2), *ctx.extra])}), 1);")
        js(f"brush.line(x, y, x + {slant // 3}, y + random(20, 40));")
        js.close()
        js(f"brush.set({quote(out)}, {quote(shade(pal['ground'], -0.3))}, 1);")
        js("for (let i = 0; i < 6; i++) "
           f"{{ const y = random({ground + 20}, 280), x = random(-250, 250); "
           "brush.line(x, y, x + random(20, 50), y); }")
