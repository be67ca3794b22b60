"""Inland water seen from the bank: a river (a bend, still water with reflected trees, rapids, a stream over
pebbles), a canal with bridges and gondolas, a waterfall, and a marsh with reeds. Used by `water`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import (
    DARK_GREEN,
    GREEN,
    SKY,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, closed_shape, glaze, point_array, quote, str_array

RIVER_WORDS = ("river", "rivers", "stream", "streams", "brook", "creek", "rapids", "canal", "canals", "willow",
               "willows", "waterfall", "waterfalls", "falls", "cascade", "cascading", "still water")
MARSH_WORDS = ("marsh", "marshes", "reeds", "swamp", "wetland", "wetlands", "bog", "fen", "bulrushes")
_CANOE = (("#c62828", "#ef7d1a", "#e6b422"), "free", ("canoe", "kayak", "boat", "rowboat"))
_TREE_NOUNS = ("trees", "tree", "willow", "willows", "foliage", "woods")


def sky_colours(ctx: PromptContext) -> tuple[str, ...]:
    """Default sky colours: warm at sunset or dawn, else daylight blue."""
    if ctx.has("sunset", "sunrise", "dusk", "dawn", "evening"):
        return ("#f4a259", "#eeb0a0", "#f6c28b")
    return SKY


def _pal(ctx: PromptContext, **extra) -> dict[str, str]:
    foam_nouns = ("foam", "spray", "froth", "mist") + (("water",) if ctx.has("white water") else ())
    roles = {
        "foam": (("#f7f7f7", "#f3ead2", "#e6f4f1"), "big", foam_nouns),
        "water": (("#2f5fb3", "#1f7f7f", "#4a86c8", "#2a6f78"), "big", WATER_NOUNS),
        "sky": (sky_colours(ctx), "big", SKY_NOUNS),
        "bank": (GREEN, "big", ("bank", "banks", "grass", "meadow", "fields", "hills")),
        "tree": (DARK_GREEN, "big", _TREE_NOUNS),
        **extra,
    }
    return ctx.palette(roles)


def _trees(js: JsWriter, ctx: PromptContext, spots, leaf: str, water: str, ink: str, main: list[str],
           mirror: bool = True) -> None:
    """Trees (weeping willows when named) standing on the bank at `spots`, mirrored below their foot when they
    stand at the far edge of the water."""
    willow = ctx.has("willow", "willows", "weeping")
    js.section(("Willows" if willow else "Trees") + (" and their reflections" if mirror else " on the banks"))
    js(f"for (const [x, y, h] of {_triples(spots)}) for (const s of {'[1, -1]' if mirror else '[1]'}) {{")
    js.depth += 1
    js(f"brush.set({quote(main[0])}, s > 0 ? {quote(ink)} : {quote(shade(water, -0.25))}, 2);",
       "brush.line(x, y, x + 4, y - s * h);")
    if willow:  # drooping strands hang from the crown
        js(f"brush.set({quote(main[-1])}, s > 0 ? {quote(leaf)} : {quote(shade(leaf, 0.35))}, 2);")
        js("for (let k = 0; k < 24; k++) { const dx = random(-0.5, 0.5) * h, top = y - s * (h - abs(dx) * 0.6); "
           "brush.line(x + dx, top, x + dx * 1.2, y - s * random(0.05, 0.3) * h); }")
    else:
        js("brush.noStroke();",
           f"if (s > 0) brush.wash({quote(leaf)}, 255); else brush.fill({quote(shade(leaf, 0.35))}, 110);",
           "brush.circle(x + 4, y - s * h, h * 0.45);", "brush.noWash();", "brush.noFill();")
    js.close()


def _triples(items) -> str:
    return "[" + ", ".join("[" + ", ".join(str(int(v)) for v in t) + "]" for t in items) + "]"


def paint_river(js: JsWriter, ctx: PromptContext) -> None:
    if ctx.has("canal", "canals", "gondola", "gondolas"):
        _canal(js, ctx)
    elif ctx.has("waterfall", "waterfalls", "falls", "cascade", "cascading"):
        _waterfall(js, ctx)
    elif ctx.has("river", "rivers", "stream", "streams", "brook", "creek", "rapids", "bend") and not ctx.has("still"):
        _bend(js, ctx)
    else:
        _still(js, ctx)


def _open_flat_view(js: JsWriter, ctx: PromptContext, title: str, low: int, high: int,
                    **extra) -> tuple[dict[str, str], str, list[str], int]:
    """The opening of a view across flat water: palette, ink, brushes, the water line y0 (between `low` and
    `high`) and the sky above it. Returns (palette, ink, brushes, y0)."""
    pal = _pal(ctx, **extra)
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "2B")
    y0 = ctx.i(low, high, 10)
    js.start(paper)
    js.section(title)
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", f"brush.rect(-300, -300, 600, {y0 + 300});")
    return pal, ink, main, y0


def _still(js: JsWriter, ctx: PromptContext) -> None:
    canoe = _CANOE if ctx.has("canoe", "kayak", "boat", "raft", "rowboat") else None
    pal, ink, main, y0 = _open_flat_view(js, ctx, "Sky, the far bank and still water", -70, -10, canoe=canoe)
    js(f"brush.wash({quote(pal['foam'])}, 255);",
       f"for (let i = 0; i < 4; i++) brush.circle(random(-260, 260), random(-260, {y0 - 80}), random(20, 40));",
       f"brush.wash({quote(pal['bank'])}, 255);", f"brush.rect(-300, {y0 - 25}, 600, 30);",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {y0 + 5}, 600, {295 - y0});")
    glaze(js, shade(pal["water"], -0.2), -300, y0 + 120, 600, 300, 90)
    n = ctx.i(3, 5)
    spots = [(-300 + (k + 0.5) * 600 // n + ctx.i(-30, 30), y0 - 10, ctx.i(110, 170, 10)) for k in range(n)]
    _trees(js, ctx, spots, pal["tree"], pal["water"], ink, main)
    if "canoe" in pal:
        _canoe(js, pal["canoe"], ctx.i(-150, 150, 10), ctx.i(y0 + 150, 230, 10), ctx.other(main, "pen", "rotring"),
               ink)
    js.section("Ripples breaking the reflections")
    js(f"brush.set({quote(main[-1])}, {quote(pal['foam'])}, 1.2);")
    js(f"for (let i = 0; i < {ctx.i(20, 30)}; i++) {{ const x = random(-290, 250), y = random({y0 + 20}, 290); "
       "brush.line(x, y, x + random(20, 60), y); }")


def _bend(js: JsWriter, ctx: PromptContext) -> None:
    rapids = ctx.has("rapids", "rocks", "rocky", "boulders", "white water")
    pebbles = ctx.has("pebbles", "stones", "pebbly", "stony")
    pal = _pal(ctx, rock=(("#5c5c5c", "#6d6259", "#4a4a4a"), "big", ("rocks", "pebbles", "stones", "boulders")),
               canoe=_CANOE if ctx.has("canoe", "kayak", "boat", "raft", "rowboat") else None)
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "2B")
    out = ctx.other(main, "pen", "rotring")
    h = ctx.i(-150, -100, 10)
    stream = ctx.has("stream", "brook", "creek") or pebbles
    # The river's centre line: a curve from the far bank to the foot of the picture, widening as it comes near.
    x0, xc, x2 = ctx.i(-120, 120, 10), ctx.pick([-260, 260]), ctx.i(-80, 80, 10)
    w_far, w_near = (8, 240) if stream else (14, 380)
    cl = []
    for k in range(5):
        t = k / 4
        x = (1 - t) ** 2 * x0 + 2 * t * (1 - t) * xc + t * t * x2
        y = (1 - t) ** 2 * h + 2 * t * (1 - t) * (h + 90) + t * t * 330
        cl.append((round(x), round(y), round(w_far + (w_near - w_far) * t * t)))
    edge = [(x - w // 2, y) for x, y, w in cl] + [(x + w // 2, y) for x, y, w in reversed(cl)]
    js.start(paper)
    js.section("Sky, hills and banks")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);")
    high = ctx.has("mountain", "mountains", "alpine")
    peaks = [(-300, h)] + [(x, h - (ctx.i(90, 170, 10) if high and k % 2 == 0 else ctx.i(20, 60, 10)))
                           for k, x in enumerate(range(-240, 300, 80))] + [(300, h)]
    js(f"brush.wash({quote(shade(pal['bank'], -0.35))}, 255);", f"brush.polygon({point_array(peaks)});",
       f"brush.wash({quote(pal['bank'])}, 255);", f"brush.rect(-300, {h}, 600, {300 - h});")
    js.section("The river bend")
    js(f"brush.wash({quote(pal['water'])}, 255);", f"const river = {point_array(edge)};")
    closed_shape(js, "river", 0.5)
    glaze(js, shade(pal["bank"], -0.2), -300, h + 150, 600, 300, 80)
    js(f"const bed = {_triples(cl[1:])};")
    if not (rapids or pebbles) or ctx.has(*_TREE_NOUNS):
        spots = [(cl[k][0] + s * (cl[k][2] // 2 + 40 * k), cl[k][1], 40 + 25 * k) for k, s in ((1, -1), (2, 1), (1, 1))]
        _trees(js, ctx, spots, pal["tree"], pal["water"], ink, main, mirror=False)
    if rapids or pebbles:
        js.section("Pebbles on the stream bed" if pebbles else "Rocks in the rapids")
        js(f"brush.set({quote(main[0])}, {quote(ink)}, 1);", f"brush.fill({quote(shade(pal['rock'], 0.45))}, 250);")
        size = "random(6, 12) + w * 0.04" if pebbles else "random(8, 14) + w * 0.05"
        js(f"for (const [x, y, w] of bed) for (let k = 0; k < {10 if pebbles else 3}; k++) "
           f"brush.circle(x + random(-0.4, 0.4) * w, y + random(-0.4, 0.4) * w, {size});",
           "brush.noFill();")
    js.section("White water" if rapids else "Current")
    js("brush.field('waves');")
    js(f"brush.set(random({str_array(main)}), {quote(pal['foam'])}, {2 if rapids else 1.2});")
    js(f"for (const [x, y, w] of bed) for (let k = 0; k < {10 if rapids else 5}; k++) "
       "brush.flowLine(x + random(-0.4, 0.3) * w, y + random(-25, 25), random(0.1, 0.3) * w, 0);")
    js("brush.noField();")
    if "canoe" in pal:
        _canoe(js, pal["canoe"], cl[3][0] + ctx.i(-20, 20), cl[3][1], out, ink)


def _canoe(js: JsWriter, colour: str, x: int, y: int, out: str, ink: str) -> None:
    """A canoe with a paddler."""
    js.section("A canoe")
    js(f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.fill({quote(colour)}, 240);",
       f"brush.polygon({point_array([(x - 60, y - 6), (x + 60, y - 6), (x + 40, y + 6), (x - 40, y + 6)])});",
       "brush.noFill();", f"brush.circle({x}, {y - 30}, 7);", f"brush.line({x}, {y - 22}, {x}, {y - 6});",
       f"brush.line({x - 30}, {y - 35}, {x + 25}, {y + 12});")


def _canal(js: JsWriter, ctx: PromptContext) -> None:
    pal = _pal(ctx, wall=(("#d9a066", "#c8902c", "#b5525c", "#e0d2b0"), "free", ("walls", "houses", "buildings")),
               boat=(("#1c1c1c", "#222222"), "small", ("gondolas", "gondola", "boats")),
               stone=(("#9a8f7e", "#8c8170", "#a39683"), "big", ("bridges", "bridge", "stone")))
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("pen", "HB")
    out = ctx.other(main, "rotring", "2B")
    y0 = ctx.i(20, 60, 10)
    walls = [pal["wall"], shade(pal["wall"], -0.2), shade(pal["wall"], 0.3), *ctx.extra]
    js.start(paper)
    js.section("Sky, canal walls and water")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {y0}, 600, {300 - y0});")
    js(f"for (let x = -300; x < 300; x += 100) {{ brush.wash(random({str_array(walls)}), 255); "
       f"brush.rect(x, {y0} - random(180, 260), 100, random(180, 260) + 1); }}")
    glaze(js, shade(pal["water"], -0.2), -300, y0, 600, 300 - y0, 120)
    js.section("Windows and the quay wall")
    js(f"brush.set({quote(main[0])}, {quote(ink)}, 1.2);", f"brush.line(-300, {y0}, 300, {y0});")
    js(f"for (let i = 0; i < 24; i++) brush.rect(random(-290, 270), {y0} - random(60, 170), 12, 22);")
    js.section("Arched stone bridges and their reflections")
    js(f"for (const x of [{ctx.i(-200, -100, 10)}, {ctx.i(100, 200, 10)}]) {{")
    js.depth += 1
    js(f"const b = [[x - 110, {y0}], [x - 110, {y0 - 100}], [x + 110, {y0 - 100}], [x + 110, {y0}]];",
       f"for (let a = 0; a <= PI; a += 0.3) b.push([x + 75 * cos(a), {y0} - 75 * sin(a)]);",
       "brush.noStroke();", f"brush.wash({quote(pal['stone'])}, 255);", "brush.polygon(b);", "brush.noWash();",
       f"brush.set({quote(out)}, {quote(ink)}, 2);", f"brush.arc(x, {y0}, 75, 0, TWO_PI);")
    js.close()
    js.section("Rippling reflections")
    js(f"brush.set({quote(main[-1])}, random({str_array(walls)}), 1.5);")
    js(f"for (let i = 0; i < 40; i++) {{ const x = random(-290, 270), y = random({y0 + 10}, 290); "
       "brush.line(x, y, x + random(15, 40), y); }")
    js.section("Moored gondolas")
    js(f"for (let i = 0; i < {ctx.i(2, 3)}; i++) {{")
    js.depth += 1
    js(f"const x = random(-200, 150), y = random({y0 + 60}, 260);",
       f"brush.set({quote(out)}, {quote(ink)}, 1.5);", f"brush.fill({quote(pal['boat'])}, 240);",
       "brush.polygon([[x - 90, y - 14], [x - 70, y], [x + 70, y], [x + 95, y - 22], [x + 60, y - 6], "
       "[x - 60, y - 6]]);", "brush.noFill();", "brush.line(x + 110, y + 10, x + 110, y - 90);")
    js.close()


def _waterfall(js: JsWriter, ctx: PromptContext) -> None:
    pal = _pal(ctx, rock=(("#5c5c5c", "#6d6259", "#4a4a4a"), "big", ("rocks", "cliff", "cliffs", "rock")))
    paper = ctx.paper()
    main = ctx.brushes("HB", "2B")
    lip, x0, w = ctx.i(-190, -140, 10), ctx.i(-60, 20, 10), ctx.i(90, 140, 10)
    js.start(paper)
    js.section("Sky, cliffs and the pool")
    js("brush.noStroke();", f"brush.wash({quote(pal['sky'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['rock'])}, 255);", f"brush.rect(-300, {lip}, 600, {300 - lip});",
       f"brush.wash({quote(pal['tree'])}, 255);", f"brush.rect(-300, {lip - 30}, 600, 35);",
       f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect({x0}, {lip}, {w}, 200);",
       f"brush.rect(-300, {lip + 200}, 600, {100 - lip});")
    glaze(js, shade(pal["rock"], -0.3), -300, lip, x0 + 300, 200, 100)
    js.section("Falling water")
    js(f"brush.set(random({str_array(main)}), {quote(pal['foam'])}, 1.5);")
    js(f"for (let i = 0; i < 40; i++) {{ const x = random({x0}, {x0 + w}); brush.line(x, {lip} + random(0, 40), "
       f"x + random(-4, 4), {lip + 200} - random(0, 40)); }}")
    js.section("Mist where it lands")
    js("brush.noStroke();", f"brush.fill({quote(pal['foam'])}, 90);")
    js(f"for (let i = 0; i < 8; i++) brush.circle({x0 + w // 2} + random(-120, 120), {lip + 200} + random(-10, 30), "
       "random(20, 45));", "brush.noFill();")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['rock'], -0.4))}, 1.5);")
    js(f"for (let i = 0; i < 12; i++) {{ const x = random(-290, 290), y = random({lip + 20}, {lip + 190}); "
       "brush.line(x, y, x + random(-20, 20), y + random(20, 50)); }")


def paint_marsh(js: JsWriter, ctx: PromptContext) -> None:
    pal, ink, main, y0 = _open_flat_view(
        js, ctx, "Sky, clouds and their reflection in flat water", -80, -30,
        reed=(("#7a7a32", "#8f8a3e", "#5f7a35"), "small", ("reeds", "rushes", "bulrushes")),
        pad=(("#4f8f35", "#6aa84f"), "small", ("pads", "lily")) if ctx.has("lily", "pads", "lilies") else None,
        bird=(("#8a8f99", "#9a9a9a"), "small", ("heron", "egret", "crane")),
        cloud=(("#f7f7f7", "#f3ead2"), "big", ("clouds", "cloud")))
    js(f"brush.wash({quote(pal['water'])}, 255);", f"brush.rect(-300, {y0}, 600, {300 - y0});",
       f"brush.wash({quote(pal['cloud'])}, 255);")
    js(f"for (let i = 0; i < 5; i++) brush.circle(random(-260, 260), random(-260, {y0 - 60}), random(25, 45));")
    glaze(js, shade(pal["bank"], -0.2), -300, y0 - 8, 600, 14, 220)
    js("brush.noStroke();", f"brush.fill({quote(pal['cloud'])}, 110);")
    js(f"for (let i = 0; i < 5; i++) brush.circle(random(-260, 260), random({y0 + 60}, 200), random(25, 45), 0.4);",
       "brush.noFill();")
    if "pad" in pal:
        js.section("Lily pads")
        js("brush.noStroke();", f"brush.fill({quote(pal['pad'])}, 230);")
        js(f"for (let i = 0; i < 7; i++) brush.circle(random(-250, 250), random({y0 + 40}, 260), random(12, 24), 0.4);",
           "brush.noFill();")
    js.section("Clumps of reeds")
    js(f"for (let i = 0; i < {ctx.i(6, 9)}; i++) {{")
    js.depth += 1
    js(f"const x = random(-280, 280), y = random({y0 + 30}, 290), h = random(60, 140);")
    js(f"brush.set(random({str_array(main)}), {quote(pal['reed'])}, 1.2);")
    js("for (let k = 0; k < 8; k++) { const dx = random(-25, 25); brush.line(x + dx * 0.3, y, x + dx, y - h * "
       "random(0.6, 1)); }")
    js(f"brush.set({quote(main[0])}, {quote(shade(pal['reed'], -0.5))}, 3);",
       "brush.line(x, y - h * 0.8, x + 2, y - h * 0.95);")
    js.close()
    if ctx.has("heron", "herons", "egret", "crane"):
        hx, hy = ctx.i(-150, 150, 10), ctx.i(y0 + 140, 220, 10)
        js.section("A heron standing in the water")
        body = [(hx - 45, hy - 70), (hx + 20, hy - 90), (hx + 30, hy - 70), (hx - 10, hy - 55)]
        js("brush.noStroke();", f"brush.fill({quote(pal['bird'])}, 240);",
           f"brush.polygon({point_array(body)});",
           "brush.noFill();", f"brush.set({quote(main[0])}, {quote(ink)}, 1.5);",
           f"brush.line({hx - 5}, {hy - 60}, {hx - 8}, {hy});", f"brush.line({hx + 8}, {hy - 62}, {hx + 10}, {hy});",
           f"brush.spline({point_array([(hx + 22, hy - 85), (hx + 10, hy - 120), (hx + 25, hy - 145)])}, 0.5);",
           f"brush.line({hx + 25}, {hy - 145}, {hx + 55}, {hy - 140});")
