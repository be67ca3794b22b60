"""Small elements the scene modules share: a flattened circle, the moon's phases, and `optional`, which keeps an
element only while the sketch stays within the corpus limits (`writing.MAX_CHARS`, `MAX_LINES`). Imports only `writing`
and `reading`."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural.reading import PromptContext
from paint_pipeline.warm_start.procedural.writing import JsWriter, quote


def ellipse(js: JsWriter, x, y, rx, ry) -> None:
    """A closed flattened circle (a pool of light, a plate, a table top) in the current fill or wash."""
    js(f"brush.beginShape(1); for (let a = 0; a < TWO_PI; a += 0.7) brush.vertex({x} + {rx} * cos(a), {y} + {ry} * "
       "sin(a)); brush.endShape(true);")


def moon(js: JsWriter, ctx: PromptContext, x: int, y: int, r: int, colour: str, sky: str) -> None:
    """The moon's disc in washes: full, a crescent (a disc of sky over it) or a lunar eclipse (a copper disc)."""
    if ctx.has("eclipse"):
        js(f"brush.wash({quote(ctx.fixed('#8b3a2b'))}, 255);", f"brush.circle({x}, {y}, {r});",
           f"brush.wash({quote(ctx.fixed('#4a1f1a'))}, 255);",
           f"brush.circle({x + r // 4}, {y - r // 5}, {r * 3 // 4});")
        return
    js(f"brush.wash({quote(colour)}, 255);", f"brush.circle({x}, {y}, {r});")
    if ctx.has("crescent"):
        js(f"brush.wash({quote(sky)}, 255);", f"brush.circle({x + r * 2 // 5}, {y - r // 5}, {r});")


def optional(js: JsWriter, element, *args) -> None:
    """Write an element only if the sketch then stays within the corpus limits (elements come in order of
    importance: a later, smaller one may still fit where an earlier one did not)."""
    mark = js.mark()
    element(js, *args)
    if not js.fits():
        js.rewind(mark)


