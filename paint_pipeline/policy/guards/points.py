"""The "points" guard: the list written as the points of `brush.spline` or `brush.polygon` holds points.

Why: p5.brush 2.2.2's `spline(points, curvature)` and `polygon(points)` take a list
of points, each a list `[x, y]` (or `[x, y, pressure]`). The GRPO cycles wrote flat
lists, `brush.spline([-100, 300], 0.6)`, and lists of one point. In the renderer a
flat polygon throws ("number 0 is not iterable"), a flat spline draws nothing (or
throws "Cannot read properties of undefined (reading 'x')" further on), a spline of
one point or none throws "spline() requires at least 2 points", and a polygon of one
point draws nothing. Each is plain from the text, as an invented name is.

The rule, in code, for a list opened right after `brush.spline(` or `brush.polygon(`
(the brackets guard's lexer tells code from strings and comments):

    its first element      does not start with a digit, a sign, a quote or the list's `]`:
                           a point is a list (a name or an expression may hold one: `[p, q]`,
                           `[...points]`, `[pts[0], pts[1]]` are left alone)
    the list               does not end before its second element (no `]` at the list's own
                           depth before a `,` there)

A name as the argument (`brush.spline(points)`) is not guarded. `tests/test_points_guard.py`
checks each rule against the renderer and that no sketch of the warm-start or benchmark
corpus is forbidden anything. The renderer still judges the code as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import torch

from paint_pipeline.policy.guards.brackets import LexState, _word_key, feed
from paint_pipeline.policy.guards.masks import Guard, all_but

_OPEN = re.compile(r"(?<![\w$.])brush\s*\.\s*(?:spline|polygon)\s*\(\s*\[$")
# Before the list: a token from here may open it and write its first element too (` [-`, `([`).
_CALL = re.compile(r"(?<![\w$.])brush\s*\.\s*(?:spline|polygon)\s*(?:\(\s*)?$")
NOT_A_POINT = frozenset("0123456789-+]'\"`")  # a first element starting so is a number, a string or nothing
_CODE_TAIL = 64  # code characters kept: `brush.polygon(  [` fits


@dataclass
class PointsState:
    lex: LexState = field(default_factory=LexState)
    code: str = ""  # the last characters of code (outside strings and comments) in the code block
    depth: int | None = None  # the lexer's stack height inside the points list (None: not in one)
    first: bool = False  # nothing but white space written in the list yet
    commas: int = 0  # commas at the list's own depth

    def append(self, piece: str) -> None:
        for c in piece:
            self._char(c)

    def _char(self, c: str) -> None:
        lex = self.lex
        was_code = lex.in_code and lex.mode == "code"
        feed(lex, c, strict=False)
        if not lex.in_code:
            self.code, self.depth = "", None
            return
        if self.depth is not None:
            if len(lex.stack) < self.depth:  # the list closed
                self.depth = None
            elif not c.isspace():
                self.first = False
                if c == "," and was_code and len(lex.stack) == self.depth:
                    self.commas += 1
        if not (was_code and lex.mode == "code"):
            return  # a string's or comment's character, or the quote or slash that opened it
        self.code = (self.code + c)[-_CODE_TAIL:]
        if c == "[" and self.depth is None and _OPEN.search(self.code) is not None:
            self.depth, self.first, self.commas = len(lex.stack), True, 0

    def copy(self) -> PointsState:
        lex = LexState(**{**self.lex.__dict__, "stack": list(self.lex.stack)})
        return PointsState(lex, self.code, self.depth, self.first, self.commas)


def piece_fails(state: PointsState, piece: str) -> bool:
    """Whether writing `piece` puts a number, a sign, a quote or the list's end first in a points list, or ends
    the list before its second element."""
    trial = state.copy()
    for c in piece:
        if trial.depth is not None and trial.first and not c.isspace() and c in NOT_A_POINT \
                and trial.lex.mode == "code":
            return True
        inside = trial.depth is not None
        trial._char(c)
        if inside and trial.depth is None:
            return trial.commas == 0
    return False


class PointsGuard(Guard):
    name = "points"
    State = PointsState

    def __init__(self, pieces: list[str], vocab_size: int):
        super().__init__(pieces, vocab_size)
        self._not_a_point = [i for i, p in enumerate(pieces) if p.strip() and p.lstrip()[0] in NOT_A_POINT]
        self._openers = [i for i, p in enumerate(pieces) if "[" in p]  # a token may open the list and go on
        self._closers = [i for i, p in enumerate(pieces) if "]" in p]

    def allowed(self, state: PointsState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        lex = state.lex
        if not lex.in_code or lex.mode != "code":
            return None
        if state.depth is None:
            m = _CALL.search(state.code)
            if m is None:
                return None
            key: tuple = ("call", m.group(0))
        elif state.first:
            key = ("first",)
        elif state.commas == 0:
            key = ("one point", tuple(lex.stack[state.depth - 1:]), lex.prev, _word_key(lex))
        else:
            return None
        return self._cache.get(key, lambda: self._mask(key, state))

    def _mask(self, key: tuple, state: PointsState) -> torch.Tensor | None:
        if key[0] == "first":
            bad = self._not_a_point
        else:
            bad = [i for i in (self._openers if key[0] == "call" else self._closers)
                   if piece_fails(state, self.pieces[i])]
        return all_but(bad, len(self.pieces), self.vocab_size) if bad else None
