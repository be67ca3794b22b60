"""Templates of open views under a sky: landscapes (hills, mountains, fields), skies, and weather."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.clouds import (
    WASHED,
    cloud_kind,
    cloud_strokes,
    cloud_washes,
    rainbow,
    water_under_sky,
)
from paint_pipeline.warm_start.procedural.elements import optional
from paint_pipeline.warm_start.procedural.landforms import (
    BUILDINGS,
    cliff_face,
    house,
    landform,
    lighthouse,
    smoke_and_mist,
    snow_cap_washes,
    stone_wall,
    strata,
    terraces,
    trees,
    volcano_washes,
    wake,
    wall_washes,
    water_washes,
)
from paint_pipeline.warm_start.procedural.reading import (
    BUILDING_NOUNS,
    CLOUD_NOUNS,
    DARK_GREEN,
    GREEN,
    GROUND_NOUNS,
    SKY,
    SKY_NOUNS,
    WARM,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.weather_elements import (
    bending_grass,
    dust_devil,
    fence,
    haze_road,
    leaves,
    paint_hurricane,
    tin_roof,
    tin_roof_washes,
    window_pane,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, closed_shape, glaze, point_array, quote, str_array

CROPS = {  # crops that colour a field, and their default colours
    "lavender": ("#8e6fc4", "#9b7fd0"), "heather": ("#a0527a", "#b0668f", "#94507a"), "wheat": ("#e6b422", "#d9a93a"),
    "barley": ("#e2c46a", "#d9b44a"), "corn": ("#e6b422", "#c8a030"), "sunflowers": ("#f5c518", "#f2b705"),
    "poppies": ("#c62828", "#d93a2b"), "tulips": ("#d9607e", "#c62828"), "rapeseed": ("#f2d11b", "#e8c41a"),
}


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
    form = landform(ctx)
    jag = form in ("mountains", "fjord", "cliff")
    snow = ctx.has("snowy", "snow", "snowcapped", "glacier", "alpine", "winter", "frozen", "icy")
    water = "fjord" if form == "fjord" else "sea" if ctx.has("coast", "coastal", "sea", "ocean", "bay", "shore",
                                                                "beach") else "lake" if ctx.has(
        "lake", "lakes", "loch", "tarn", "reservoir", "pond") else None
    crop = next((CROPS[w] for w in CROPS if ctx.has(w)), None)
    rows = ctx.has("field", "fields", "prairie", "horizon", "tundra", "savanna", "moor", "flat") or ctx.chance(0.25)
    building = next((w for w in BUILDINGS if ctx.has(w)), None)
    named_trees = ctx.has("trees", "acacias", "acacia", "spruce", "pines", "boulders", "shrubs", "forest")
    dusk = ctx.has("dusk", "sunset", "evening", "twilight")
    sun = ctx.chance(0.6) or dusk or ctx.has("sun", "sunlit", "sunrise", "golden", "hour")
    pal = ctx.palette({
        "sky": (("#e9b8a0", "#d9a0b0", "#e4b48c") if dusk else SKY, "big", SKY_NOUNS),
        "near": (("#f4f6f8", "#eef2f6") if snow and form == "hills" else GREEN + ("#c8a878",), "big",
                 tuple(n for n in GROUND_NOUNS if not (crop and n.startswith("field")))),
        "far": (("#8a8f9c", "#9a8c84", "#8c8a86") if form != "hills" else ("#8aa97a", "#9bb38a", "#7d92a8", "#a9b8c6"),
                "big", ("mountain", "mountains", "peaks", "rock", "rocks", "cliff", "cliffs", "walls", "canyon",
                        "volcano", "cone", "range")),
        "water": (("#4a86c8", "#2f6f9a", "#5b8fa8"), "big", (*WATER_NOUNS, "fjord")) if water else None,
        "band": (("#e9eef3", "#dde6ee") if snow and form == "hills" else crop or (
            "#a58fcf", "#e6b422", "#d9607e", "#c8902c", "#9acd32"), "big" if snow else "free",
                 (*CROPS, "rice", "tea", "flowers", "wildflowers", "fields", "field", "band")),
        "building": (("#c62828", "#f3ead2", "#b5523b"), "small", (*BUILDING_NOUNS, *BUILDINGS)) if building else None,
        "sun": (WARM, "small", ("sun",)) if sun else None,
        "dark": (DARK_GREEN, "small"),
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "rotring", "charcoal")
    horizon = ctx.i(-60, 20, 10)
    js.start(paper)
    jag = jag and water != "sea"  # a sea horizon is flat: only a low far coast
    js.section("Sky and far " + ("mountains" if jag else "hills"))
    amp = 140 if jag else 30 if water == "sea" else 60 if form == "volcano" else 100
    js(f"const far = {point_array(_hills(ctx, horizon, amp, ctx.i(4, 6), jag))};")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    if sun:
        js(f"brush.wash({quote(pal['sun'])}, 255);",
           f"brush.circle({ctx.i(-180, 180, 10)}, {horizon - (ctx.i(20, 60, 10) if dusk else ctx.i(150, 200, 10))}, "
           f"{ctx.i(30, 50, 5)});")
    js(f"brush.wash({quote(pal['far'])}, 255);")
    closed_shape(js, "[[-300, 300], ...far, [300, 300]]", 0.1 if jag else 0.6)
    if snow and form != "hills":
        snow_cap_washes(js, ctx.fixed("#f7f7f7"), horizon - 60)
    walls, near_y = [], horizon + 140
    if form == "volcano":
        js.section("Volcano cone and smoke")
        volcano_washes(js, ctx, horizon, shade(pal["far"], -0.3), ctx.fixed("#9a9a9a"))
    if water in ("fjord", "sea"):
        js.section("Water" + (" between steep walls" if form == "fjord" else ""))
        water_washes(js, ctx, horizon, pal["water"], water)
    else:
        y = horizon + ctx.i(20, 40, 10)
        js.section("Fields")
        for c in [pal["near"], *ctx.extra, pal["band"]] if crop else [pal["band"], *ctx.extra, pal["near"]]:
            edge = [(x, y + ctx.i(-30, 30)) for x in (-300, -100, 100, 300)]
            js(f"brush.wash({quote(c)}, 255);", f"brush.polygon({point_array([(-300, 300), *edge, (300, 300)])});")
            y += ctx.i(40, 60, 10)
        near_y = y - 50
        if water == "lake":
            js.section("A lake")
            near_y = water_washes(js, ctx, horizon, pal["water"], water) + 40
    if form in ("canyon", "fjord", "cliff"):
        js.section({"canyon": "Canyon walls", "fjord": "Steep fjord walls", "cliff": "A cliff"}[form])
        walls = wall_washes(js, ctx, horizon, pal["far"] if form != "fjord" else shade(pal["far"], -0.2), form,
                            pal["near"])
    if water in ("fjord", "sea"):
        glaze(js, shade(pal["water"], 0.25), -300, horizon, 600, 300 - horizon, 90)
    else:
        js("brush.noWash();", "brush.fillTexture(0.5, 0.3);",
           f"brush.fill({quote(shade(pal['band' if crop else 'near'], -0.2))}, {ctx.i(120, 170, 10)});",
           f"brush.circle({ctx.i(-150, 150, 10)}, 300, {ctx.i(180, 260, 10)});", "brush.noFill();")
    cols = [shade(pal["near"], -0.3), shade(pal["band"], -0.2), pal["dark"] if not snow else shade(pal["far"], -0.2)]
    busy = sum(map(bool, (building, water, named_trees, ctx.has("gulls", "mist", "misty", "morning"),
                          ctx.has("stone wall", "dry stone", "ferry", "wake")))) >= 2
    if form == "terraces":
        terraces(js, ctx, horizon, main[0], [shade(pal["near"], -0.35), shade(pal["near"], 0.3), pal["dark"]],
                 ctx.has("tea", "bushes"))
    elif crop and ctx.has("field", "fields", "rows", "stretching"):
        js.section("Rows running to the horizon")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['band'], -0.3))}, 3);",
           f"for (let k = -10; k <= 10; k++) brush.line(k * 14, {horizon + 40}, k * 90, 300);")
    elif water == "fjord" or water == "sea" and form != "cliff":
        js.section("Ripples on the water")
        js(f"brush.set(random({str_array(main)}), {quote(shade(pal['water'], 0.35))}, 1.2);",
           f"for (let i = 0; i < {ctx.i(15, 25)}; i++) {{ const x = random(-300, 260), "
           f"y = random({horizon + 15}, 295); brush.line(x, y, x + random(20, 60), y); }}")
    elif water != "sea" and form != "canyon" and busy:  # a busy view: a few tufts, or the trees
        if not named_trees:
            js.section("Tufts")
            js(f"brush.set(random({str_array(main)}), {quote(cols[0])}, 1);",
               f"for (let i = 0; i < 25; i++) {{ const x = random(-290, 290), y = random({horizon + 30}, 290); "
               "brush.line(x, y, x + random(-6, 6), y - random(8, 20)); }")
    elif water != "sea" and form != "canyon":
        if form == "hills" and not rows and ctx.has("rolling", "hills", "hillside", "slopes", "downs", "undulating"):
            js.section("Rounded backs of the nearer hills")
            js(f"brush.set({quote(main[0])}, {quote(cols[0])}, 2);",
               f"for (let i = 0; i < {ctx.i(3, 5)}; i++) brush.arc(random(-250, 250), random({horizon + 90}, 340), "
               "random(90, 190), 0.35, PI - 0.35);")
        js.section("Furrows and tufts" if rows else "Grass")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"const x = random(-290, 290), y = random({horizon + 20}, 290);")
        js(f"brush.set(random({str_array(main)}), random({str_array(cols)}), random(1, 2));")
        if rows:
            js(f"if (random() < {ctx.f(0.25, 0.4)}) brush.line(x, y, x + random(20, 60), y + random(-4, 4));")
        js("brush.line(x, y, x + random(-8, 8), y - random(10, 30));")
        js.close()
    if form == "canyon":
        strata(js, walls, main[0], [shade(pal["far"], -0.35), shade(pal["far"], 0.3)])
    elif form == "cliff":
        cliff_face(js, walls, main[0], shade(pal["far"], -0.35))
    js(f"brush.set({quote(main[0] if busy and named_trees else out)}, {quote(ink)}, {ctx.f(0.8, 1.5)});",
       f"brush.line(-300, {horizon}, 300, {horizon});" if water == "sea" else "brush.spline(far, 0.5);")
    if ctx.has("road", "roads", "path", "paths", "river", "riverbed", "stream") and water != "sea":
        col = pal["sky"] if ctx.has("river", "riverbed", "stream") else ink
        js(f"brush.set({quote(main[0])}, {quote(col)}, 3);",
           f"brush.spline([[{ctx.i(-80, 80)}, 300], [{ctx.i(-120, 120)}, {near_y + 60}], [{ctx.i(-40, 40)}, "
           f"{horizon + 30}]], 0.7);")
    if water and ctx.has("ferry", "wake", "boat", "boats", "sailboat"):
        optional(js, wake, ctx, horizon, out, ink, ctx.fixed("#f7f7f7"))
    if form == "cliff" and building:  # on the cliff top
        bx, by = (walls[0][1][0] + 40 if walls[0][0][0] > 0 else walls[0][1][0] - 40), walls[0][1][1] - 10
    elif form == "fjord":
        bx, by = walls[0][2][0] - 30, horizon + 30
    else:
        bx, by = ctx.i(-200, 120, 10), near_y + ctx.i(10, 50, 10)
    if building == "lighthouse":
        lighthouse(js, bx, by, out, ctx.fixed("#f7f7f7"), pal["building"])
    elif building:
        house(js, bx, by, out, ink, pal["building"], ctx.has("tiny", "small", "little", "lone") or form == "fjord")
    if ctx.has("stone wall", "stone walls", "dry stone", "drystone", "walled"):
        optional(js, stone_wall, ctx, near_y - 10, out, ink, ctx.fixed("#a8a196"))
    if named_trees or not building and form in ("hills", "mountains") and ctx.chance(0.5):
        optional(js, trees, ctx, near_y - 10, near_y + 50, out, ink, pal["dark"])
    if ctx.has("mist", "misty", "fog", "foggy", "haze", "hazy", "morning"):
        optional(js, smoke_and_mist, ctx, horizon - 10, ctx.fixed("#f7f7f7"))
    if ctx.has("gulls", "birds", "gull"):
        optional(js, _gulls, out, ink)


def _gulls(js: JsWriter, out: str, ink: str) -> None:
    js(f"brush.set({quote(out)}, {quote(ink)}, 1);",
       "for (let i = 0; i < 5; i++) { const x = random(-250, 250), y = random(-250, -120); "
       "brush.spline([[x - 9, y - 4], [x, y], [x + 9, y - 4]], 0.6); }")


def paint_sky(js: JsWriter, ctx: PromptContext) -> None:
    kind = cloud_kind(ctx)
    moon = ctx.has("moon")
    dark = ctx.has("after sunset", "noctilucent", "dusky", "twilight", "nightfall", "night", "afterglow")
    pale = ctx.has("pale", "hazy", "dawn", "misty")
    water = ctx.has("bay", "marsh", "reflected", "reflection", "reflections", "sailboat", "boat", "lake", "sea",
                    "ocean", "harbour", "estuary")
    flat = ctx.has("flat", "prairie", "plain", "plains")
    sun = not moon and (ctx.chance(0.5) or ctx.has("sun", "sunrise", "rays", "gold", "golden"))
    pal = ctx.palette({
        "high": (("#2a2f55", "#33305a", "#1f2a4d") if dark else ("#dbe8f2", "#e6eef5", "#d5e4ef") if pale else SKY,
                 "big", SKY_NOUNS),
        "cloud": (("#8fd0f5", "#a6dcf7") if ctx.has("noctilucent") else ("#4a4a5a", "#5c5c5c", "#55575f")
                  if kind == "storm" else ("#f7f7f7", "#eef0f2", "#dfe3e8"), "big", CLOUD_NOUNS),
        "low": (("#f6d186", "#f4a259", "#e9c6a5", "#eb8fb0", "#a58fcf"), "free", ("light", "band", "stripe", "glow")),
        "low2": (("#f2b5c8", "#f39c3b", "#cfe0f5", "#e9c6a5"), "free", ("bands", "layers", "clouds")),
        "ground": (("#3b4a3f", "#4a4a3a", "#2f3e46"), "small", GROUND_NOUNS),
        "sun": (("#f3f1ea", "#eef0f2", "#f6f1e0") if moon else WARM, "small", ("sun", "moon")) if sun or moon else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pastel", "2B")
    out = ctx.other(main, "pen", "HB", "charcoal")
    horizon = ctx.i(80, 130, 10) if water else ctx.i(170, 230, 10)
    js.start(paper)
    js.section("Graded sky")
    js("brush.noStroke();", f"brush.wash({quote(pal['high'])}, 255);", f"brush.rect(-300, -300, 600, {horizon + 300});")
    bands = [pal["low2"], pal["low"], *ctx.extra]
    step = ctx.i(50, 80, 10)
    top = horizon - ctx.i(100, 160, 10) - step * (len(bands) - 1)
    for k, c in enumerate(bands):
        edge = [(x, max(top + k * step + ctx.i(-45, 45), -200 if dark else -300)) for x in (-300, -100, 100, 300)]
        js(f"brush.wash({quote(c)}, 255);",
           f"brush.polygon({point_array([(-300, horizon + 20), *edge, (300, horizon + 20)])});")
    sx, sy = ctx.i(-200, 200, 10), horizon - ctx.i(30, 100, 10)
    if moon:  # a small pale disc high in the sky
        sx, sy = ctx.i(-200, 200, 10), ctx.i(-240, -120, 10)
        js(f"brush.wash({quote(pal['sun'])}, 255);", f"brush.circle({sx}, {sy}, {ctx.i(12, 18, 2)});")
    elif sun:
        js(f"brush.wash({quote(pal['sun'])}, 255);", f"brush.circle({sx}, {sy}, {ctx.i(25, 45, 5)});")
    ridge = [(x, horizon - ctx.i(0, 90) - (60 if k % 2 and ctx.has("mountain", "mountains", "peaks") else 0))
             for k, x in enumerate((-300, -150, 0, 150, 300))]
    if water:
        js.section("Flat water")
        js(f"brush.wash({quote(shade(pal['high'], -0.15))}, 255);",
           f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
    elif flat:
        js(f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {horizon}, 600, {300 - horizon});")
    else:
        js(f"brush.wash({quote(pal['ground'])}, 255);",
           f"brush.polygon({point_array([(-300, 300), *ridge, (300, 300)])});")
    if kind in WASHED:
        cloud_washes(js, ctx, kind, pal["cloud"], horizon, horizon if water and ctx.has("reflected", "reflection",
                                                                                        "reflections") else None)
    glaze(js, shade(pal["high"], -0.1), -300, -300, 600, ctx.i(150, 250, 10), 120)
    cols = [shade(pal["cloud"], -0.25), shade(pal["low"], -0.25), shade(pal["high"], -0.35)]
    if kind in ("wisps", "contrails"):
        cols = [pal["cloud"], shade(pal["cloud"], -0.1), shade(pal["high"], -0.3)]
    elif kind == "none":  # the sky itself, deeper overhead
        cols = [shade(pal["high"], -0.2), pal["high"], shade(pal["high"], 0.25)]
    cloud_strokes(js, ctx, kind, cols, main, horizon, out)
    if moon:
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['high'], -0.3))}, 0.8);",
           f"brush.fill({quote(pal['sun'])}, 250);", f"brush.circle({sx}, {sy}, 16);", "brush.noFill();")
    elif sun and ctx.has("rays", "beams", "shafts", "god"):
        js.section("Rays of light")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['sun'], 0.3))}, 1.5);")
        js(f"for (let a = 0.2; a < 3; a += 0.25) brush.line({sx}, {sy}, {sx} + 400 * cos(a + PI), {sy} + 400 * sin(a + "
           "PI));")
    if ctx.has("rainbow", "rainbows"):
        rainbow(js, ctx, main[0], ctx.i(-60, 60, 10), horizon + 20, double=ctx.has("double", "twin"))
    if water:
        water_under_sky(js, ctx, horizon, [pal["cloud"], shade(pal["high"], -0.35), pal["low"]], main, out, ink)
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
    elif ctx.has("birds", "flock", "geese", "gulls", "swallows") or (kind == "puffs" and not water and not
                                                                       ctx.has("rainbow") and ctx.chance(0.4)):
        js(f"brush.set({quote(out)}, {quote(ink)}, 1.2);")
        js.open(f"for (let i = 0; i < {ctx.i(4, 8)}; i++)")
        js("const x = random(-200, 200), y = random(-240, -60), s = random(6, 12);")
        js("brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);")
        js.close()
    elif not water:
        js(f"brush.set({quote(out)}, {quote(ink)}, 1);",
           f"brush.line(-300, {horizon}, 300, {horizon});" if flat else f"brush.spline({point_array(ridge)}, 0.5);")


def paint_weather(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("hurricane", "cyclone", "typhoon") and ctx.has("above", "satellite", "aerial", "overhead", "spiral"):
        paint_hurricane(js, ctx)
        return
    snow = ctx.has("snow", "snowstorm", "blizzard", "frost", "hail", "snowy")
    storm = ctx.has("lightning", "thunderstorm", "storm", "hurricane")
    devil = ctx.has("devil", "twister", "tornado", "whirlwind")
    haze = ctx.has("haze", "shimmering", "heat")
    wind = devil or ctx.has("wind", "windy", "gust", "sandstorm", "swirling", "sweeping", "bending")
    fog = ctx.has("fog", "mist", "misty")
    pane = ctx.has("pane", "window", "windowpane", "glass")
    frost = pane and ctx.has("frost", "frosty", "ice", "icy")
    desert = ctx.has("desert", "dunes", "dune", "sandstorm", "sand")
    water = ctx.has("lake", "sea", "coast", "coastal", "ocean", "bay", "shore", "harbour")
    split = ctx.has("front", "splitting", "split")
    pal = ctx.palette({
        "sky": (("#4a5a70", "#55657a") if frost else ("#d8b98a", "#c9a56e") if ctx.has("sandstorm", "dust") else
                ("#8a96a3", "#a6a6a6", "#9ec3e0", "#7d92a8") if (storm or snow or fog) else SKY, "big", SKY_NOUNS),
        "ground": (("#f7f7f7", "#eef0f2") if snow else ("#d9b77a", "#c8a060", "#e0c08a") if desert else
                   ("#e6b422", "#d9a93a") if ctx.has("wheat", "corn", "barley") else
                   ("#6aa84f", "#c8a878", "#8aa97a", "#7a7a32"), "big", GROUND_NOUNS),
        "water": (("#4a6f8a", "#5b7f99", "#3f6478"), "big", WATER_NOUNS) if water else None,
        "cloud": (("#5c5c5c", "#808080", "#4a4a5a") if storm else ("#dfe3e8", "#f7f7f7"), "big", CLOUD_NOUNS),
        "accent": (("#f5d327", "#f0a020"), "small", ("lightning", "bolt")) if storm else None,
        "mark": (("#2f5fb3", "#5c5c5c", "#1d3f7a") if not snow else ("#f7f7f7",), "free",
                 ("rain", "lines", "snow", "leaves", "grass", "drizzle", "hail", "crystals")) if snow or wind or not fog
        else None,
        "roof": (("#9aa3ab", "#8c959c"), "small", ("roof", "tin")) if ctx.has("roof") else None,
        "building": (("#b5523b", "#c62828", "#8a5a3c"), "small", BUILDINGS) if ctx.has(*BUILDINGS) else None,
    })
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("2B", "HB")
    out = ctx.other(main, "pen", "charcoal", "marker")
    ground = ctx.i(120, 200, 10)
    js.start(paper)
    js.section("Sky and ground")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {ground + 300});")
    if split:  # the dark half of the sky
        sx = ctx.i(-60, 60, 10)
        js(f"brush.wash({quote(pal['cloud'])}, 255);",
           f"brush.polygon({point_array([(-300, -300), (sx + 80, -300), (sx - 80, ground), (-300, ground)])});",
           f"brush.wash({quote(ctx.fixed('#f5d327'))}, 255);", f"brush.circle({ctx.i(160, 220, 10)}, -180, 35);")
    if ctx.has("mountain", "mountains", "pass", "peaks", "alpine"):
        js(f"brush.wash({quote(ctx.fixed('#8a8f9c'))}, 255);",
           f"brush.polygon({point_array(_hills(ctx, ground, 200, 6, True))});")
    js(f"brush.wash({quote(pal['ground'])}, 255);", f"brush.beginShape({0.9 if desert else 0.5});",
       "brush.vertex(-300, 300);",
       f"for (let x = -300; x <= 300; x += 150) brush.vertex(x, {ground} - random({80 if desert else 40}));",
       "brush.vertex(300, 300);", "brush.endShape(true);")
    if water:
        js(f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {ground + 10}, 600, {290 - ground});")
        if ctx.has("rocky", "rocks", "rock", "cliffs", "cliff"):
            js("brush.wash('#4a4a4a', 255);",
               f"for (let i = 0; i < 6; i++) brush.circle(random(-300, -60), random({ground}, 300), random(25, 50));")
    if pal.get("roof"):
        tin_roof_washes(js, pal["roof"])
    if not frost:
        js.section("Clouds")
        js(f"brush.wash({quote(pal['cloud'])}, 255);")
        js(f"for (let i = 0; i < {ctx.i(10, 16)}; i++) brush.circle(random(-280, {-40 if split else 280}), "
           "random(-260, -120), random(40, 80));")
    glaze(js, shade(pal["cloud"], -0.15), -300, -300, 600, ctx.i(100, 160, 10), 140)
    if ctx.has("rainbow"):
        rainbow(js, ctx, main[0], ctx.i(-60, 60, 10), ground + 20, double=ctx.has("double"))
    if storm:
        js.section("Lightning")
        x0 = ctx.i(-150, 150, 10) if not split else ctx.i(-250, -100, 10)
        js(f"let x = {x0}, y = -150;", f"brush.set({quote(out)}, {quote(pal['accent'])}, 3);")
        js.open(f"while (y < {ground - 20})")
        js("const nx = x + random(-40, 40), ny = y + random(30, 60);", "brush.line(x, y, nx, ny);", "x = nx;",
           "y = ny;")
        js.close()
    if pal.get("roof"):
        tin_roof(js, ctx, out, pal["roof"])
    if not (frost or haze and not (snow or wind or fog)):
        js.section("Snow" if snow else "Wind" if wind else "Fog" if fog else "Rain")
    if frost:
        pass
    elif snow:
        if wind or ctx.has("blizzard", "snowstorm", "driving", "driven"):  # flakes streak and swirl on the gusts
            js("brush.field('curved');",
               f"brush.set({quote(main[0])}, random({str_array([pal['mark'], *ctx.extra])}), 1.5);",
               f"for (let i = 0; i < {ctx.i(30, 45, 5)}; i++) brush.flowLine(random(-320, 260), random(-290, 290), "
               "random(30, 90), 0);", "brush.noField();")
        js(f"brush.set({quote(main[0])}, random({str_array([pal['mark'], *ctx.extra])}), 2);")
        js(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++) brush.circle(random(-290, 290), random(-290, 290), "
           "random(2, 5));")
        if ctx.has("fence", "fences", "posts", "fenceposts"):
            fence(js, ctx, ground, out, shade(ink, 0.15), pal["mark"])
        else:  # the rounded backs of drifts, shaded on their lee side
            js(f"brush.set({quote(out)}, {quote(shade(pal['ground'], -0.2))}, 1.2);",
               f"for (let k = 0; k < 3; k++) brush.spline([[-300, {ground + 30} + k * 45], [random(-150, 150), "
               f"{ground} + k * 45], [300, {ground + 40} + k * 40]], 0.6);")
    elif wind:
        js("brush.field('curved');")
        js.open(f"for (let i = 0; i < {ctx.i(20, 30, 5) if devil else ctx.i(40, 70, 10)}; i++)")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['mark'], shade(pal['ground'], -0.3), pal['cloud']])}), random(1, 2));")
        js(f"brush.flowLine(random(-320, 250), random({ground - 100 if devil else -250}, 280), random(60, 160), 0);")
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
    elif haze:
        haze_road(js, ctx, ground, [main[0], out], ctx.fixed("#5c5650"), shade(pal["sky"], 0.5))
    else:
        slant = ctx.i(-30, 30, 5)
        js.open(f"for (let i = 0; i < {ctx.i(60, 100, 10)}; i++)")
        js(f"const x = random(-320, 300), y = random({-300 if pane else -200}, 280);")
        js(f"brush.set(random({str_array(main)}), "
           f"random({str_array([pal['mark'], shade(pal['mark'], 0.2), *ctx.extra])}), 1);")
        js(f"brush.line(x, y, x + {slant // 3}, y + random(20, 40));")
        js.close()
        if not pane:
            js(f"brush.set({quote(out)}, {quote(shade(pal['ground'], -0.3))}, 1);")
            js("for (let i = 0; i < 6; i++) "
               f"{{ const y = random({ground + 20}, 280), x = random(-250, 250); "
               "brush.line(x, y, x + random(20, 50), y); }")
    if devil:
        dust_devil(js, ctx, ground, main[0], shade(pal["ground"], -0.35))
    if ctx.has("grass", "blades", "reeds"):
        bending_grass(js, ctx, ground, main, [shade(pal["ground"], -0.3), pal["mark"], pal["ground"]])
    if ctx.has("leaves", "leaf"):
        leaves(js, ctx, [ctx.fixed(c) for c in ("#c62828", "#ef7d1a", "#e6b422", "#8a5a3c")])
    if pal.get("building"):
        house(js, ctx.i(-220, 120, 10), ground + ctx.i(20, 50, 10), out, ink, pal["building"],
              ctx.has("tiny", "small", "little", "lone"))
    if ctx.has("forest", "trees", "woods", "pines"):
        trees(js, ctx, ground - 10, ground + 60, out, ink, shade(pal["ground"], -0.5) if snow else DARK_GREEN[0])
    if pane:
        window_pane(js, ctx, ink, pal.get("mark") or ctx.fixed("#f7f7f7"), [main[0], out], frost)
