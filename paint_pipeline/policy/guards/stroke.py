"""The "stroke" guard: no `brush.line` or `brush.flowLine` while the sketch has switched the stroke off.

Why: p5.brush throws "No brush or color set" when `line` or `flowLine` runs after
`brush.noStroke()` (its `State.stroke.isActive` is false until `brush.set` or
`brush.stroke` turns it on again). The warm start's corpus calls `noStroke()`
before every wash and fill and `set(...)` before every line; the GRPO cycles wear
that pairing down, and in the README's learning curve this one error grew from
none to 4 of 48 held-out sketches by cycle-0003. It is a RUNTIME_ERROR the
sampler can see coming, as the other guards see an invented name or a wrong
closer.

The rule, on the code block's text in the order it was written (the brackets
guard's lexer tells code from strings and comments):

    brush.noStroke(                      the stroke is off
    brush.set(  brush.stroke(            the stroke is on again
    brush.  while it is off              the member is not `line` or `flowLine`

Before any of the three calls the state is unknown and nothing is guarded (a
helper function may draw lines with a brush its caller set). Text order is not
execution order: a stroke switched on by a function called in between, but
defined elsewhere, is not seen, and there the guard forbids a line that would
have run; `tests/test_stroke_guard.py` checks that no sketch of the warm-start
corpus or the benchmark corpus is forbidden anything. The renderer still judges
the code as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import torch

from paint_pipeline.policy.guards.api_names import _is_ident_char
from paint_pipeline.policy.guards.brackets import LexState, feed
from paint_pipeline.policy.procedural.api import BRUSH_MEMBERS

NEED_STROKE = frozenset({"line", "flowLine"})  # the members that throw with the stroke off (p5.brush 2.2.2)
_SWITCH = re.compile(r"(?<![\w$.])brush\s*\.\s*(noStroke|set|stroke)\s*\($")
_ANCHOR = re.compile(r"(?<![\w$.])brush(\.[\w$]*)?$")
_REFERENCE = re.compile(r"brush\.([\w$]*)")
_CODE_TAIL = 64  # code characters kept: a call's name and its `(` fit


@dataclass
class StrokeState:
    lex: LexState = field(default_factory=LexState)
    code: str = ""  # the last characters of code (outside strings and comments) in the code block
    stroke_off: bool = False  # the last switch written was brush.noStroke()

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
                self.stroke_off = m.group(1) == "noStroke"


class StrokeGuard:
    """Masks over the vocabulary whose token texts are `pieces` (see guards.token_pieces)."""

    name = "stroke"

    def __init__(self, pieces: list[str], vocab_size: int, members=BRUSH_MEMBERS, need_stroke=NEED_STROKE):
        self.pieces = pieces
        self.vocab_size = vocab_size
        self.forbidden = frozenset(need_stroke)
        self.others = frozenset(members) - self.forbidden
        self._dot = [i for i, p in enumerate(pieces) if p.startswith(".")]
        self._ident = [i for i, p in enumerate(pieces) if p and _is_ident_char(p[0])]
        self._cache: dict[str, torch.Tensor] = {}

    @staticmethod
    def new_state() -> StrokeState:
        return StrokeState()

    @staticmethod
    def append(state: StrokeState, piece: str) -> None:
        state.append(piece)

    def allowed(self, state: StrokeState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        if not state.stroke_off or not state.lex.in_code or state.lex.mode != "code":
            return None
        m = _ANCHOR.search(state.code)
        if m is None:
            return None
        typed = m.group(1)
        if typed is not None:
            typed = typed[1:]
            if typed in self.forbidden or not any(f.startswith(typed) for f in self.forbidden):
                return None  # another member (the api guard's business), or already past saving
        anchor = m.group(0)
        if anchor not in self._cache:
            self._cache[anchor] = self._mask(anchor, self._dot if typed is None else self._ident)
        return self._cache[anchor]

    def _mask(self, anchor: str, candidates: list[int]) -> torch.Tensor:
        mask = torch.zeros(self.vocab_size, dtype=torch.bool)
        mask[: len(self.pieces)] = True
        mask[[i for i in candidates if self.names_forbidden(anchor + self.pieces[i])]] = False
        return mask

    def names_forbidden(self, text: str) -> bool:
        """Whether `text` (from a standalone `brush` on) names, or can only go on to name, a forbidden member."""
        m = _REFERENCE.match(text)
        if m is None:
            return False
        name = m.group(1)
        if m.end() < len(text):  # the name has ended
            return name in self.forbidden
        return (any(f.startswith(name) for f in self.forbidden)
                and not any(o.startswith(name) for o in self.others))
