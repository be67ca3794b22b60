"""Writing JavaScript: number and string literals, the sketch writer `JsWriter`, and drawing helpers the
templates share. Imports no other module of the package (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable

# --------------------------------------------------------------------------------------------------
# Writing JavaScript

# A corpus sketch's size: short enough that the warm start's token budget holds it whole, long enough to paint.
MAX_CHARS = 1900
MAX_LINES = 50  # non-blank


def num(x: float) -> str:
    """A JavaScript number literal: an integer when x is one, else at most two decimals."""
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def quote(h: str) -> str:
    """A JavaScript string literal in single quotes (colours and brush names: nothing to escape)."""
    return f"'{h}'"


def str_array(items) -> str:
    """A JavaScript array of string literals."""
    return "[" + ", ".join(quote(i) for i in items) + "]"


def point_array(points) -> str:
    """A JavaScript array of [x, y] points."""
    return "[" + ", ".join(f"[{num(x)}, {num(y)}]" for x, y in points) + "]"


class JsWriter:
    """The sketch being written: lines of `setup()` at the current block depth."""

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
        self("createCanvas(600, 600, WEBGL);", f"background({quote(paper)});", "brush.scaleBrushes(3);")

    def code(self) -> str:
        while self.depth > 0:
            self.close()
        return "\n".join(self.lines) + "\n"

    def fits(self, lines: int = 0, chars: int = 0) -> bool:
        """Whether the sketch, closed as it stands, plus `lines` and `chars` more, stays within MAX_LINES and
        MAX_CHARS (the test of every optional element)."""
        closing = ["  " * d + "}" for d in range(self.depth - 1, -1, -1)]
        text = self.lines + closing
        size = sum(len(line) + 1 for line in text)
        return sum(1 for line in text if line.strip()) + lines <= MAX_LINES and size + chars <= MAX_CHARS

    def insert(self, at: int, element: Callable[..., None], *args: object) -> bool:
        """Write `element(writer, *args)` as top-level lines placed before line `at`, if the sketch still fits
        with them (an element that matters less than what was written after its place)."""
        part = JsWriter("")
        element(part, *args)
        lines = part.lines[2:]
        if not self.fits(sum(1 for line in lines if line.strip()), sum(len(line) + 1 for line in lines)):
            return False
        self.lines[at:at] = lines
        return True

    def mark(self) -> tuple[int, int]:
        """Where the sketch stands now, for `rewind`."""
        return len(self.lines), self.depth

    def rewind(self, mark: tuple[int, int]) -> None:
        """Drop what was written since `mark`."""
        del self.lines[mark[0]:]
        self.depth = mark[1]


def sketch_title(prompt: str) -> str:
    """The prompt as the comment on the first line: one line, printable, at most 110 characters."""
    text = " ".join(prompt.replace("*/", "").split())
    text = "".join(ch for ch in text if ch.isprintable())
    return text[:110] if text else "a painting"


def glaze(js: JsWriter, colour: str, x: int, y: int, w: int, h: int, opacity: int = 150) -> None:
    """Close a group of washes with a watercolour glaze (see the package docstring)."""
    js("brush.noWash();", "brush.fillTexture(0.5, 0.3);", f"brush.fill({quote(colour)}, {opacity});",
       f"brush.rect({x}, {y}, {w}, {h});", "brush.noFill();")


def closed_shape(js: JsWriter, name: str, curvature: float) -> None:
    """A closed p5.brush shape through the points of the JavaScript array `name`."""
    js(f"brush.beginShape({num(curvature)});", f"for (const [x, y] of {name}) brush.vertex(x, y);",
       "brush.endShape(true);")


def spiral(js: JsWriter, cx: float, cy: float, r_in: float, r_out: float, turns: float, squash: float = 1.0,
           name: str = "swirl") -> None:
    """One spline winding `turns` times from radius r_in out to r_out around (cx, cy), in the current brush
    (whirlpools, vortices, star trails, spiral marks); squash < 1 flattens it (a spiral seen at an angle). `name`
    is the JavaScript array of its points: give each spiral of a sketch its own."""
    end = turns * 2 * 3.14159
    r = f"({num(r_in)} + {num((r_out - r_in) / end)} * a)"
    x = f"{num(cx)} + {r} * cos(a)" if cx else f"{r} * cos(a)"
    y = f"{r} * sin(a)" + (f" * {num(squash)}" if squash != 1 else "")
    y = f"{num(cy)} + {y}" if cy else y
    js(f"const {name} = [];", f"for (let a = 0; a < {num(end)}; a += 0.3) {name}.push([{x}, {y}]);",
       f"brush.spline({name}, 0.5);")
