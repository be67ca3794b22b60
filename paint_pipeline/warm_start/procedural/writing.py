"""Writing JavaScript: number and string literals, the sketch writer `_Js`, and drawing helpers the
templates share."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type hint: reading imports this module
    from paint_pipeline.warm_start.procedural.reading import _Ctx

# --------------------------------------------------------------------------------------------------
# Writing JavaScript


def _n(x: float) -> str:
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _q(h: str) -> str:
    return f"'{h}'"


def _arr(items) -> str:
    return "[" + ", ".join(_q(i) for i in items) + "]"


def _pts(points) -> str:
    return "[" + ", ".join(f"[{_n(x)}, {_n(y)}]" for x, y in points) + "]"


class _Js:
    def __init__(self, title: str) -> None:
        self.lines = [f"// {title}", "function setup() {"]
        self.depth = 1

    def __call__(self, *lines: str) -> None:
        for line in lines:
            self.lines.append("  " * self.depth + line)

    def section(self, text: str) -> None:
        self.lines.append("")
        self(f"// {text}")

    def open(self, header: str) -> None:
        self(header + " {")
        self.depth += 1

    def close(self) -> None:
        self.depth -= 1
        self("}")

    def start(self, paper: str) -> None:
        self("createCanvas(600, 600, WEBGL);", f"background({_q(paper)});", "brush.scaleBrushes(3);")

    def code(self) -> str:
        while self.depth > 0:
            self.close()
        return "\n".join(self.lines) + "\n"


def _title(prompt: str) -> str:
    text = " ".join(prompt.replace("*/", "").split())
    text = "".join(ch for ch in text if ch.isprintable())
    return text[:110] if text else "a painting"


def _glaze(js: _Js, colour: str, x: int, y: int, w: int, h: int, opacity: int = 150) -> None:
    """Close a group of washes with a watercolour glaze (see the module docstring)."""
    js("brush.noWash();", "brush.fillTexture(0.5, 0.3);", f"brush.fill({_q(colour)}, {opacity});",
       f"brush.rect({x}, {y}, {w}, {h});", "brush.noFill();")


def _hills(ctx: _Ctx, base: int, amp: int, n: int, jag: bool = False) -> list[tuple[int, int]]:
    xs = [round(-300 + 600 * k / (n - 1)) for k in range(n)]
    pts = []
    for x in xs:
        y = base - ctx.i(0, amp)
        if jag and len(pts) % 2 == 1:
            y = base - ctx.i(amp // 2, amp + amp // 2)
        pts.append((x, y))
    return pts


def _shape(js: _Js, name: str, curvature: float) -> None:
    js(f"brush.beginShape({_n(curvature)});", f"for (const [x, y] of {name}) brush.vertex(x, y);",
       "brush.endShape(true);")
