"""Clouds by kind (puffs, towers, one cloud, storm heaps, mackerel rows, cirrus wisps, contrails), a rainbow and flat
water under a sky: the skies of `landscapes.paint_sky` and `landscapes.paint_weather`. Imports only `writing` and
`reading`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, point_array, quote, str_array

WASHED = ("puffs", "towers", "single", "storm", "mackerel")  # kinds laid as washes; the others are strokes
RAINBOW = "[[0, '#c62828'], [1, '#ef7d1a'], [2, '#f5d327'], [3, '#3f8f3a'], [4, '#2f5fb3'], [5, '#6a3d9a']]"


def cloud_kind(ctx: PromptContext) -> str:
    """The kind of cloud the prompt names ("none" for a clear sky)."""
    if ctx.has("cloudless", "clear", "empty sky"):
        return "none"
    if ctx.has("contrails", "contrail", "jet", "vapour", "vapor", "trails"):
        return "contrails"
    if ctx.has("cirrus", "wisps", "wispy", "wisp", "streaking", "streaks", "streaked", "noctilucent", "feathery"):
        return "wisps"
    if ctx.has("mackerel", "rippled", "ripples", "altocumulus", "cloudlets", "rows of clouds"):
        return "mackerel"
    if ctx.has("storm", "stormy", "thunderstorm", "thunderhead", "thunderheads", "thunder", "cumulonimbus", "brooding"):
        return "storm"
    if ctx.has("single", "solitary", "one cloud", "a cloud", "lone cloud", "only cloud"):
        return "single"
    if ctx.has("towering", "billowing", "piling", "heaped", "tower", "towers", "anvil"):
        return "towers"
    return "puffs"


def cloud_washes(js: JsWriter, ctx: PromptContext, kind: str, colour: str, horizon: int,
                 reflect: int | None = None) -> None:
    """The cloud masses of a washed kind, in the current group of washes (`reflect`: also mirrored in water whose
    surface is at that y)."""
    js.section({"puffs": "Clouds", "towers": "Towering clouds", "single": "A single cloud",
                "storm": "Storm clouds piling up", "mackerel": "Rows of small cloudlets"}[kind])
    js(f"brush.wash({quote(colour)}, 255);")
    if kind == "mackerel":
        rows, n = ctx.i(4, 6), ctx.i(8, 10)
        js.open(f"for (let r = 0; r < {rows}; r++)")
        js(f"for (let k = 0; k < {n}; k++) brush.circle(-300 + k * {600 // (n - 1)} + (r % 2) * 30 + random(-8, 8), "
           f"{ctx.i(-260, -220, 10)} + r * {ctx.i(34, 44, 2)} + random(-5, 5), random(9, 17));")
        js.close()
        return
    if kind == "single":
        cx, cy = ctx.i(-80, 80, 10), ctx.i(-140, -40, 10)
        js(f"for (let k = 0; k < {ctx.i(7, 10)}; k++) brush.circle({cx} + random(-110, 110), {cy} + random(-35, 15), "
           "random(30, 55));")
        return
    if kind == "towers":
        js.open(f"for (let i = 0; i < {ctx.i(2, 3)}; i++)")
        js("const x = random(-200, 200);")
        js(f"for (let k = 0; k < 9; k++) brush.circle(x + random(-60, 60), {horizon - 60} - k * random(25, 35), "
           "random(30, 60) - k * 2);")
        js.close()
        return
    count, ylo, yhi, rlo, rhi = (ctx.i(14, 20), horizon - 300, horizon - 60, 40, 85) if kind == "storm" else \
        (ctx.i(4, 7), -240, horizon - 140, 20, 45)
    js.open(f"for (let i = 0; i < {count}; i++)")
    js(f"const x = random(-260, 260), y = random({ylo}, {yhi});")
    if reflect is None:
        js(f"for (let k = 0; k < {ctx.i(4, 6)}; k++) brush.circle(x + random(-60, 60), y + random(-20, 20), "
           f"random({rlo}, {rhi}));")
    else:  # mirrored below the water line, a little smaller
        js(f"const r = random({rlo}, {rhi});", "brush.circle(x, y, r);",
           f"brush.circle(x, {2 * reflect} - y, r * 0.8);")
    js.close()


def cloud_strokes(js: JsWriter, ctx: PromptContext, kind: str, cols: list[str], brushes: list[str], horizon: int,
                  out: str) -> None:
    """The stroked part of the clouds: wisps and contrails, or the edges of washed clouds."""
    if kind == "wisps":
        # Each wisp: a few strands fanning from one root, each bending and ending in a hook (mares' tails); the
        # wind at that height gives them a leaning, not one ruled direction.
        js.section("Cirrus wisps streaking")
        wind, hook = ctx.f(-0.6, -0.2), ctx.pick([-1, 1])
        js.open(f"for (let i = 0; i < {ctx.i(12, 16)}; i++)")
        js(f"const x = random(-300, 200), y = random(-270, {horizon - 110}), a = {wind} + random(-0.8, 0.8), "
           "L = random(110, 240);")
        js(f"brush.set(random({str_array(brushes)}), random({str_array(cols)}), random(0.8, 2));")
        turn = f"{'-' if hook > 0 else '+'} {{}}"  # the hook curls to one side, the same for every wisp
        js.open("for (let k = 0; k < 3; k++)")
        js("const b = a + k * 0.12, l = L * (1 - k * 0.2), sx = x - k * 8 * sin(a), sy = y + k * 8 * cos(a), "
           "ex = sx + l * cos(b), ey = sy + l * sin(b), h = 20 - k * 8;")
        js(f"brush.spline([[sx, sy], [sx + l * 0.5 * cos(b), sy + l * 0.5 * sin(b) + 8], [ex, ey], "
           f"[ex + h * cos(b {turn.format(1)}), ey + h * sin(b {turn.format(1)})], "
           f"[ex + h * 1.2 * cos(b {turn.format(1.8)}), ey + h * 1.2 * sin(b {turn.format(1.8)})]], 0.8);")
        js.close()
        js.close()
    elif kind == "contrails":
        js.section("Contrails crossing")
        up, down = ctx.i(-60, 60, 20), ctx.i(-280, -200, 20)
        trails = [f"[-300, {up}, 300, {up - ctx.i(180, 260, 20)}]",
                  f"[-300, {down}, 300, {down + ctx.i(150, 250, 20)}]"]
        if ctx.chance(0.5):
            y = ctx.i(-260, -100, 20)
            trails.append(f"[{ctx.i(-100, 100, 20)}, {y}, 300, {y + ctx.i(-60, 60, 20)}]")
        js.open(f"for (const [x1, y1, x2, y2] of [{', '.join(trails)}])")
        js(f"brush.set({quote(brushes[0])}, {quote(cols[0])}, 5);", "brush.line(x1, y1, x2, y2);",
           f"brush.set({quote(out)}, {quote(cols[-1])}, 1);", "brush.line(x1, y1 + 6, x2, y2 + 6);")
        js.close()
    elif kind in ("puffs", "towers", "single", "storm"):
        js.section("Cloud edges and light")
        js.open(f"for (let i = 0; i < {ctx.i(20, 35, 5)}; i++)")
        js(f"const x = random(-280, 280), y = random(-280, {horizon - 40});")
        js(f"brush.set(random({str_array(brushes)}), random({str_array(cols)}), random(1, 2));")
        js("brush.arc(x, y, random(15, 40), random(0.5), PI - random(0.5));")
        js.close()
    elif kind == "none":  # an open sky: rows of back-and-forth strokes, deepest overhead, paling downwards
        js.section("The sky graded in overlapping strokes")
        third = (horizon + 300) // 3
        js.open(f"for (let y = -290; y < {horizon - 110}; y += {ctx.i(26, 34, 2)})")
        js(f"brush.set(random({str_array(brushes)}), y < {third - 300} ? {quote(cols[0])} : y < {2 * third - 300} ? "
           f"{quote(cols[1])} : {quote(cols[2])}, random(2, 4));", "const z = [];",
           "for (let x = -310; x <= 310; x += random(16, 28)) z.push([x, y + (z.length % 2) * random(30, 45)]);",
           "brush.spline(z, 0.3);")
        js.close()
    elif kind == "mackerel":
        js.section("Shaded undersides of the cloudlets")
        js(f"brush.set({quote(brushes[0])}, {quote(cols[-1])}, 1);")
        js(f"for (let i = 0; i < {ctx.i(25, 40, 5)}; i++) brush.arc(random(-290, 290), random(-250, -60), "
           "random(8, 14), 0.3, PI - 0.3);")


def rainbow(js: JsWriter, ctx: PromptContext, brush: str, cx: int, cy: int, double: bool = False) -> None:
    """Six coloured arcs (and a fainter outer bow for a double rainbow), centred on (cx, cy)."""
    js.section("Double rainbow" if double else "Rainbow")
    r = ctx.i(200, 260, 10)
    js.open(f"for (const [k, c] of {RAINBOW})")
    js(f"brush.set({quote(brush)}, c, 4);", f"brush.arc({cx}, {cy}, {r} - k * 12, 0, PI);")
    if double:
        js(f"brush.set({quote(brush)}, c, 1.5);", f"brush.arc({cx}, {cy}, {r + 110} + k * 8, 0, PI);")
    js.close()


def water_under_sky(js: JsWriter, ctx: PromptContext, horizon: int, cols: list[str], main: list[str], out: str,
                ink: str) -> None:
    """Under a sky: reflections on flat water, reeds for a marsh, a sailboat for a bay or a boat."""
    js.section("Reflections on the water")
    js(f"brush.set({quote(main[-1])}, random({str_array(cols)}), 1.5);")
    js(f"for (let i = 0; i < {ctx.i(14, 22)}; i++) {{ const x = random(-300, 260), y = random({horizon + 10}, 290); "
       "brush.line(x, y, x + random(30, 90), y); }")
    if ctx.has("marsh", "reeds", "reed", "wetland", "fen"):
        js.section("Reeds")
        js(f"brush.set({quote(out)}, {quote(shade(ink, 0.2))}, 0.6);")
        js(f"for (let i = 0; i < {ctx.i(30, 50, 5)}; i++) {{ const x = random(-300, 300), y = random({horizon + 40}, "
           "300); brush.line(x, y, x + random(-6, 6), y - random(20, 50)); }")
    elif ctx.has("sailboat", "boat", "bay", "sail", "harbour", "yacht"):
        js.section("A sailboat")
        bx, by = ctx.i(-160, 100, 10), horizon + ctx.i(50, 110, 10)
        js("brush.noStroke();", f"brush.fill({quote(ctx.fixed('#f7f7f7'))}, 230);",
           f"brush.polygon({point_array([(bx + 32, by - 8), (bx + 32, by - 90), (bx + 70, by - 8)])});",
           f"brush.fill({quote(ctx.fixed('#c62828'))}, 220);",
           f"brush.polygon({point_array([(bx, by), (bx + 80, by), (bx + 66, by + 14), (bx + 12, by + 14)])});",
           "brush.noFill();", f"brush.set({quote(out)}, {quote(ink)}, 1.2);",
           f"brush.line({bx + 32}, {by}, {bx + 32}, {by - 95});")
