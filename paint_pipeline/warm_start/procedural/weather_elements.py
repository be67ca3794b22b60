"""Elements of weather paintings, for `landscapes.paint_weather`: a hurricane seen from above, a dust devil, a
window pane with drops or frost, a tin roof, grass blades and leaves in the wind, heat haze over a road, a fence
buried in snow. Imports only `writing` and `reading`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import PromptContext, shade
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, point_array, quote, spiral, str_array


def paint_hurricane(js: JsWriter, ctx: PromptContext) -> None:
    """A hurricane seen from above: spiral cloud bands round a dark eye over the sea."""
    pal = ctx.palette({
        "sea": (("#2f5fb3", "#1f5f9a", "#2a6f9a"), "big", ("sea", "ocean", "water")),
        "land": (("#7a9a5a", "#a08a5a"), "small", ("land", "coast")),
        "cloud": (("#f7f7f7", "#eef0f2"), "big", ("cloud", "clouds", "bands")),
    })
    paper = ctx.paper()
    main = ctx.brushes("spray", "HB")
    out = ctx.other(main, "pen", "HB", "charcoal")
    cx, cy = ctx.i(-40, 40, 10), ctx.i(-40, 40, 10)
    js.start(paper)
    js.section("The sea far below")
    js("brush.noStroke();", f"brush.wash({quote(pal['sea'])}, 255);", "brush.rect(-300, -300, 600, 600);",
       f"brush.wash({quote(pal['land'])}, 255);",
       f"brush.polygon({point_array([(-300, 180), (-120, 230), (-60, 300), (-300, 300)])});")
    js.section("The cloud mass")
    js(f"brush.wash({quote(pal['cloud'])}, 255);",
       f"for (let i = 0; i < {ctx.i(24, 30)}; i++) {{ const a = random(12), r = 30 + a * 18; "
       f"brush.circle({cx} + r * cos(a), {cy} + r * sin(a), random(22, 40)); }}")
    glaze(js, shade(pal["sea"], -0.2), -300, -300, 600, 600, 80)
    js.section("Spiral cloud bands")
    for k, (r_in, w) in enumerate(((30, 12), (60, 8), (95, 5))):
        js(f"brush.set({quote(main[0] if k % 2 == 0 else main[-1])}, {quote(pal['cloud'])}, {w});")
        spiral(js, cx, cy, r_in, 280 + 20 * k, ctx.pick([1.5, 1.75, 2]), name=f"band{k + 1}")
    js.section("The eye")
    js(f"brush.set({quote(out)}, {quote(shade(pal['cloud'], -0.3))}, 1);",
       f"brush.fill({quote(shade(pal['sea'], -0.3))}, 230);", f"brush.circle({cx}, {cy}, {ctx.i(12, 18, 2)});",
       "brush.noFill();")


def dust_devil(js: JsWriter, ctx: PromptContext, ground: int, brush: str, colour: str) -> None:
    """A narrow spinning column: coils that widen and lean as they rise."""
    js.section("A spinning column of dust")
    js(f"brush.set({quote(brush)}, {quote(colour)}, 2);")
    x, lean = ctx.i(-80, 80, 10), ctx.pick([-1, 1]) * ctx.i(12, 25)
    for k in range(4):
        spiral(js, x + k * lean, ground - 20 - k * 70, 4 + 3 * k, 22 + 16 * k, 2.5, squash=0.3, name=f"coil{k + 1}")


def window_pane(js: JsWriter, ctx: PromptContext, frame: str, glass: str, brushes: list[str], frost: bool) -> None:
    """A window frame across the view, with frost crystals or drops and trickles on its glass."""
    if frost:
        js.section("Frost crystals on the glass")
        js(f"brush.set({quote(brushes[0])}, {quote(glass)}, 1);")
        js.open(f"for (let i = 0; i < {ctx.i(9, 14)}; i++)")
        js("const x = random(-260, 260), y = random(-260, 260), r = random(15, 45);")
        js("for (let a = 0; a < 6; a++) brush.line(x, y, x + r * cos(a * PI / 3), y + r * sin(a * PI / 3));")
        js("for (let a = 0; a < 6; a++) brush.line(x + r * 0.6 * cos(a * PI / 3), y + r * 0.6 * sin(a * PI / 3), "
           "x + r * 0.8 * cos(a * PI / 3 + 0.4), y + r * 0.8 * sin(a * PI / 3 + 0.4));")
        js.close()
    else:
        js.section("Drops and trickles on the glass")
        js(f"brush.set({quote(brushes[-1])}, {quote(glass)}, 1.5);")
        js.open(f"for (let i = 0; i < {ctx.i(25, 40, 5)}; i++)")
        js("const x = random(-270, 270), y = random(-270, 240);", "brush.circle(x, y, random(3, 7));")
        js("if (random() < 0.3) brush.spline([[x, y], [x + random(-4, 4), y + 25], [x + random(-4, 4), y + 60]], "
           "0.6);")
        js.close()
    js.section("The window frame")
    js(f"brush.set({quote(brushes[-1])}, {quote(frame)}, 12);", "brush.rect(-285, -285, 570, 570);",
       "brush.line(0, -285, 0, 285);", "brush.line(-285, 0, 285, 0);")


def tin_roof(js: JsWriter, ctx: PromptContext, brush: str, colour: str) -> None:
    """A corrugated roof in the foreground (its sheet in the caller's washes: call `tin_roof_washes` first)."""
    js.section("Ridges of the tin roof")
    js(f"brush.set({quote(brush)}, {quote(shade(colour, -0.35))}, 1.5);",
       "for (let x = -300; x < 320; x += 22) brush.line(x, 300, x + 60, 130 - x * 0.1);")


def tin_roof_washes(js: JsWriter, colour: str) -> None:
    js(f"brush.wash({quote(colour)}, 255);",
       f"brush.polygon({point_array([(-300, 300), (-300, 160), (300, 100), (300, 300)])});")


def bending_grass(js: JsWriter, ctx: PromptContext, ground: int, brushes: list[str], cols: list[str]) -> None:
    """Tall grass blades all bent the same way by the wind."""
    js.section("Tall grass bending")
    d = ctx.pick([-1, 1])
    js.open(f"for (let i = 0; i < {ctx.i(40, 60, 10)}; i++)")
    js(f"const x = random(-300, 300), y = random({ground}, 300), h = random(50, 110);")
    js(f"brush.set(random({str_array(brushes)}), random({str_array(cols)}), random(1, 2));")
    js(f"brush.spline([[x, y], [x + {d * 10}, y - h * 0.5], [x + {d} * h * 0.6, y - h * 0.8]], 0.6);")
    js.close()


def leaves(js: JsWriter, ctx: PromptContext, cols: list[str]) -> None:
    """Small leaf shapes tumbling in the air."""
    js.section("Leaves swirling")
    js("brush.noStroke();")
    js.open(f"for (let i = 0; i < {ctx.i(18, 26)}; i++)")
    js("const x = random(-270, 270), y = random(-250, 250), a = random(TWO_PI), L = random(16, 28);")
    js(f"brush.fill(random({str_array(cols)}), 230);")
    js("brush.polygon([[x - L * cos(a), y - L * sin(a)], [x - L * 0.3 * sin(a), y + L * 0.3 * cos(a)], "
       "[x + L * cos(a), y + L * sin(a)], [x + L * 0.3 * sin(a), y - L * 0.3 * cos(a)]]);")
    js.close()
    js("brush.noFill();")


def haze_road(js: JsWriter, ctx: PromptContext, ground: int, brushes: list[str], road: str, haze: str) -> None:
    """A straight road running to the horizon, and wavering lines of heat above it."""
    js.section("A road to the horizon")
    js("brush.noStroke();", f"brush.fill({quote(road)}, 230);",
       f"brush.polygon({point_array([(-8, ground - 30), (8, ground - 30), (220, 300), (-220, 300)])});",
       "brush.noFill();", f"brush.set({quote(brushes[-1])}, {quote(haze)}, 1.5);",
       f"brush.line(0, {ground - 25}, 0, 300);")
    js.section("Heat haze shimmering")
    js(f"brush.set({quote(brushes[0])}, {quote(haze)}, 1.2);")
    js(f"for (let i = 0; i < {ctx.i(8, 12)}; i++) {{ const y = {ground - 90} + i * 10; brush.spline([[-300, y], "
       "[-150, y - 6], [0, y + 6], [150, y - 6], [300, y]], 0.8); }")


def fence(js: JsWriter, ctx: PromptContext, ground: int, brush: str, wood: str, snow: str) -> None:
    """A line of fence posts receding across the ground, big and near to small and far, joined by a sagging wire,
    their feet buried in drifts and snow on their tops."""
    js.section("Fence posts buried in drifts")
    side, y0, y1 = ctx.pick([-1, 1]), ctx.i(250, 280, 10), ground + ctx.i(10, 30, 10)
    step = f"{-260 * side} {'+' if side > 0 else '-'} k * 92"  # from one near corner across to the far side
    js("const posts = [];",
       f"for (let k = 0; k < 6; k++) posts.push([{step}, {y0} - k * {(y0 - y1) // 5}, 1 - k * 0.14]);")
    js.open("for (const [x, y, s] of posts)")
    js(f"brush.set({quote(brush)}, {quote(wood)}, 1);", f"brush.fill({quote(wood)}, 230);",
       "brush.rect(x - 5 * s, y - 60 * s, 10 * s, 60 * s);", f"brush.fill({quote(snow)}, 240);",
       "brush.circle(x, y - 60 * s, 6 * s);", "brush.noStroke();", "brush.circle(x - 8 * s, y + 8 * s, 24 * s);",
       "brush.noFill();")
    js.close()
    js(f"brush.set({quote(brush)}, {quote(wood)}, 1);",
       "brush.spline(posts.map(([x, y, s]) => [x, y - 42 * s]), 0.5);")
