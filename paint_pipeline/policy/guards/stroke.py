"""The "stroke" guard: no brush call that needs the stroke while the sketch has switched it off.

Why: p5.brush throws "No brush or color set" when `line` or `flowLine` runs after
`brush.noStroke()` (its `State.stroke.isActive` is false until `brush.set` or
`brush.stroke` turns it on again), and when a shape is hatched in that state with
no hatch brush: the hatch draws its lines with `line()`. The warm start's corpus
calls `noStroke()` before every wash and fill and `set(...)` before every line; the
GRPO cycles wear that pairing down, and in the api,brackets learning curve (docs/experiments.md) this one
error grew from none to 4 of 48 held-out sketches by cycle-0003. It is a
RUNTIME_ERROR the sampler can see coming, as the other guards see an invented name
or a wrong closer.

The rule, on the code block's text in the order it was written (the brackets
guard's lexer tells code from strings and comments):

    brush.noStroke(                      the stroke is off
    brush.set(  brush.stroke(            the stroke is on again
    brush.hatch(                         shapes are hatched (p5.brush 2.2.2: polygon, rect,
                                         circle, spline, endShape; not arc)
    brush.hatchStyle(                    ...with a brush of their own, until brush.noHatch(
    push(  pop(                          p5's push/pop save and restore the brush state too
    brush.  while the stroke is off      not `line` or `flowLine`; not a hatched shape while
                                         hatching has no brush of its own
    brush.beginShape(  brush.endShape(   a shape is open, then closed (likewise beginStroke and
                                         endStroke)
    brush.  with no shape open           not `endShape` (p5.brush throws "endShape() called
                                         without beginShape()"); likewise `endStroke`: the GRPO
                                         cycles wrote `brush.endStroke()` to close a shape
    brush.vertex(                        a vertex of the open shape
    brush.  with no vertex written       not `endShape` (p5.brush throws "endShape() requires at
            since beginShape(            least 2 vertices"; the cycles drew circles between the two)

Before any of these calls the stroke's state is unknown and nothing is guarded (a
helper function may draw with a brush its caller set); an end with no begin before
it in the text is forbidden (a helper that closes its caller's shape would be too). Text order is not execution
order: a stroke switched on by a function called in between, but defined elsewhere,
is not seen, and there the guard forbids a call that would have run. So does a
shape too small for one hatch line, which does not throw (it draws no hatching
either). `tests/test_stroke_guard.py` checks each rule against the renderer and that
no sketch of the warm-start or benchmark corpus is forbidden anything. The renderer
still judges the code as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import torch

from paint_pipeline.brush_api import BRUSH_MEMBERS
from paint_pipeline.policy.guards.api_names import is_ident_char
from paint_pipeline.policy.guards.brackets import LexState, feed
from paint_pipeline.policy.guards.masks import Guard, all_but

NEED_STROKE = frozenset({"line", "flowLine"})  # the members that throw with the stroke off (p5.brush 2.2.2)
HATCHED = frozenset({"polygon", "rect", "circle", "spline", "endShape"})  # show() hatches them with line()
ENDS = {"beginShape": "endShape", "beginStroke": "endStroke"}  # an end( with no begin( throws
_SWITCH = re.compile(r"(?:(?<![\w$.])brush\s*\.\s*(noStroke|set|stroke|hatch|hatchStyle|noHatch|beginShape|endShape"
                     r"|beginStroke|endStroke|vertex)"
                     r"|(?<![\w$.])(push|pop))\s*\($")
_ANCHOR = re.compile(r"(?<![\w$.])brush(\.[\w$]*)?$")
_REFERENCE = re.compile(r"brush\.([\w$]*)")
_CODE_TAIL = 64  # code characters kept: a call's name and its `(` fit


@dataclass
class StrokeState:
    lex: LexState = field(default_factory=LexState)
    code: str = ""  # the last characters of code (outside strings and comments) in the code block
    stroke_off: bool = False  # the last stroke switch written was brush.noStroke()
    hatch_on: bool = False  # brush.hatch( written, no brush.noHatch( since
    hatch_styled: bool = False  # brush.hatchStyle( written, no brush.noHatch( since
    saved: list = field(default_factory=list)  # the states push( saved
    open_ends: set[str] = field(default_factory=set)  # endShape / endStroke after their begin( and before them
    vertices: int = 0  # brush.vertex( written since the last brush.beginShape(

    def forbidden(self) -> frozenset[str]:
        unopened = frozenset(ENDS.values()) - self.open_ends
        if "endShape" in self.open_ends and not self.vertices:
            unopened |= {"endShape"}
        if not self.stroke_off:
            return unopened
        return unopened | (NEED_STROKE | HATCHED if self.hatch_on and not self.hatch_styled else NEED_STROKE)

    def _switch(self, name: str) -> None:
        if name == "vertex":
            self.vertices += 1
        elif name in ENDS:
            self.open_ends.add(ENDS[name])
            self.vertices = 0 if name == "beginShape" else self.vertices
        elif name in ENDS.values():
            self.open_ends.discard(name)
        elif name in ("noStroke", "set", "stroke"):
            self.stroke_off = name == "noStroke"
        elif name == "hatch":
            self.hatch_on = True
        elif name == "hatchStyle":
            self.hatch_styled = True
        elif name == "noHatch":
            self.hatch_on = self.hatch_styled = False
        elif name == "push":
            self.saved.append((self.stroke_off, self.hatch_on, self.hatch_styled))
        elif self.saved:  # pop( with nothing pushed restores nothing, as in p5.brush
            self.stroke_off, self.hatch_on, self.hatch_styled = self.saved.pop()

    def append(self, piece: str) -> None:
        for c in piece:
            was_code = self.lex.in_code and self.lex.mode == "code"
            feed(self.lex, c, strict=False)
            if not self.lex.in_code:
                self.code = ""
                continue
            if not (was_code and self.lex.mode == "code"):
                continue  # a string's or comment's character, or the quote or slash that opened it
            self.code = (self.code + c)[-_CODE_TAIL:]
            if c == "(" and (m := _SWITCH.search(self.code)) is not None:
                self._switch(m.group(1) or m.group(2))


class StrokeGuard(Guard):
    name = "stroke"
    State = StrokeState
    version = 4  # 2: hatched shapes, push/pop; 3: no endShape / endStroke without its begin; 4: nor endShape
    # with no vertex written since its begin

    def __init__(self, pieces: list[str], vocab_size: int, members=BRUSH_MEMBERS):
        super().__init__(pieces, vocab_size)
        self.members = frozenset(members)
        self._dot = [i for i, p in enumerate(pieces) if p.startswith(".")]
        self._ident = [i for i, p in enumerate(pieces) if p and is_ident_char(p[0])]

    def allowed(self, state: StrokeState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        forbidden = state.forbidden()
        if not forbidden or not state.lex.in_code or state.lex.mode != "code":
            return None
        m = _ANCHOR.search(state.code)
        if m is None:
            return None
        typed = m.group(1)
        if typed is not None:
            typed = typed[1:]
            if typed in forbidden or not any(f.startswith(typed) for f in forbidden):
                return None  # another member (the api guard's business), or already past saving
        key = (m.group(0), forbidden)
        return self._cache.get(key, lambda: self._mask(*key, self._dot if typed is None else self._ident))

    def _mask(self, anchor: str, forbidden: frozenset[str], candidates: list[int]) -> torch.Tensor:
        return all_but([i for i in candidates if self.names_forbidden(anchor + self.pieces[i], forbidden)],
                       len(self.pieces), self.vocab_size)

    def names_forbidden(self, text: str, forbidden: frozenset[str] = NEED_STROKE) -> bool:
        """Whether `text` (from a standalone `brush` on) names, or can only go on to name, a member of `forbidden`."""
        m = _REFERENCE.match(text)
        if m is None:
            return False
        name = m.group(1)
        if m.end() < len(text):  # the name has ended
            return name in forbidden
        others = self.members - forbidden
        return any(f.startswith(name) for f in forbidden) and not any(o.startswith(name) for o in others)
