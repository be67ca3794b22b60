"""The "paper" guard: a painting's pens are not all the colour of its paper.

Why: the commonest flagged held-out painting is a blank canvas, and looked at,
almost every one is a sketch whose every pen and fill copies the background's
colour (`background('#123456')`, then `brush.set('rotring', '#123456', 1.5)`,
`brush.fill('#123456', 140)`, ...), or a near-white on a cream paper: marks that
the reward rightly cannot tell from the paper. A low temperature makes it worse
(the first colour written is copied on), and the warm start's corpus shows why it
is likely: it often opens with a wash or a pen in the paper's own colour, once or
twice, before the painting's colours come.

The rule, inside the code block, after `background('#rrggbb')` (a hex literal, the
sketches' way; a later one starts over):

    a pen's colour                a hex literal inside brush.set / brush.stroke / brush.fill /
                                  brush.hatchStyle (a `random([...])` list in one included)
    near the paper                within the reward's background distance of it (CIELAB ΔE76 <
                                  RewardConfig.background_delta_e: what the reward counts as unpainted)
    the rule                      while no pen since the background has been far from it, at most
                                  NEAR_ALLOWED pens may be near it; the next must be far

So the guard forbids the digits (or the closing quote) that leave a pen's colour
no way to end far from the paper. A wash is not a pen (a wash in the paper's
colour is the corpus's common first layer, and the rule needs a far pen only).
The corpus never writes more than NEAR_ALLOWED near pens before a far one
(`tests/test_decoding_guards.py` checks that none of its tokens is forbidden).
What it forbids that would have run: a painting in tones within ΔE 10 of its
paper throughout (a third such pen). The renderer still judges the code as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import torch

from paint_pipeline.colour import delta_e, hex_to_rgb8, srgb8_to_lab
from paint_pipeline.policy.guards.brackets import LexState, feed
from paint_pipeline.policy.guards.colours import HEX, QUOTES, literal_fails
from paint_pipeline.policy.guards.masks import Guard, all_but
from paint_pipeline.reward.config import RewardConfig

PEN_CALLS = frozenset({"brush.set", "brush.stroke", "brush.fill", "brush.hatchStyle"})
NEAR_ALLOWED = 2  # near pens before a far one: the most any sketch of the corpus writes
NEAR_DELTA_E = RewardConfig().background_delta_e


@lru_cache(maxsize=65536)
def can_end_far(digits: str, closed: bool, paper: str) -> bool:
    """Can a colour literal whose digits so far are `digits` (`closed`: the literal ends there) still end far from
    the paper's colour (`paper`, #rrggbb)? A literal p5 cannot read is not this guard's to judge (True). Open, each
    form still reachable is tried at its corners (every unwritten digit 0 or f): a corner far from the paper is a
    way to end far; a small box whose corners are all near it has no other."""
    if literal_fails("#" + digits, closing=closed):
        return True
    if closed:
        candidates = [hex_to_rgb8(digits)]
    else:
        candidates = []
        for width in (3, 6):  # #rgb(a) and #rrggbb(aa): the alpha digits do not move the colour
            if len(digits) <= width + (1 if width == 3 else 2):
                known = digits[:width]
                for corner in range(1 << (width - len(known))):
                    tail = "".join("f" if corner >> k & 1 else "0" for k in range(width - len(known)))
                    candidates.append(hex_to_rgb8(known + tail))
    lab = srgb8_to_lab(np.array(candidates, dtype=np.uint8))
    return bool((delta_e(lab, srgb8_to_lab(np.array([hex_to_rgb8(paper)], dtype=np.uint8))[0]) >= NEAR_DELTA_E).any())


def _literal_in(piece: str, quote: str, digits: str) -> tuple[str, bool]:
    """The literal's digits after `piece` is written inside it (opened with `quote`), and whether it closes there.
    A character that is neither a digit nor the quote ends the reading (the colour guard's to judge)."""
    for c in piece:
        if c == quote:
            return digits, True
        if c not in HEX:
            return digits + c, False
        digits += c
    return digits, False


@dataclass
class PaperState:
    lex: LexState = field(default_factory=LexState)
    chain: str = ""  # the dotted name being written in code (`brush.set`)
    gap: bool = False  # white space since the chain's last character
    calls: list[str] = field(default_factory=list)  # per open bracket: the call's name, or "" (not a call)
    content: str | None = None  # the open literal's content ('' just opened; None outside one)
    literal_call: str = ""  # "paper" for the background's literal, "pen" for a pen's, "" otherwise
    paper: str | None = None  # the background's colour (#rrggbb), once written
    near: int = 0  # pens near the paper since it was written, none far yet
    far: bool = False  # a pen far from the paper since it was written

    def watched(self) -> str:
        """What a literal opened here would be: "paper", "pen" or ""."""
        if self.calls and self.calls[-1] == "background":
            return "paper"
        return "pen" if any(name in PEN_CALLS for name in self.calls) else ""

    def append(self, piece: str) -> None:
        for c in piece:
            before = self.lex.mode if self.lex.in_code else None
            feed(self.lex, c, strict=False)
            after = self.lex.mode if self.lex.in_code else None
            if after is None:  # prose, or the fence closed: a new sketch may follow
                if before is not None:
                    self.__init__(lex=self.lex)
                continue
            if before == "code" and after in QUOTES:
                self.content, self.literal_call = "", self.watched()
            elif before in QUOTES and after == before and self.content is not None:
                self.content += c
            elif before in QUOTES and after == "code":
                self._literal_closed(c == before)
            elif before == "code" and after == "code":
                self._code(c)

    def _code(self, c: str) -> None:
        if c.isalnum() or c in "_$.":
            # A name after white space starts anew (`brush\n  background(`), a `.` joins it (`brush .set`).
            self.chain = self.chain + c if not self.gap or c == "." or self.chain.endswith(".") else c
            self.gap = False
            return
        if c.isspace():
            self.gap = True
            return
        if c == "(":
            self.calls.append(self.chain)
        elif c in "[{":
            self.calls.append("")
        elif c in ")]}" and self.calls:
            self.calls.pop()
        self.chain, self.gap = "", False

    def _literal_closed(self, by_quote: bool) -> None:
        content, self.content = self.content, None
        if not by_quote or content is None or not content.startswith("#"):
            return
        if literal_fails(content, closing=True):
            return
        digits = content[1:]
        if self.literal_call == "paper":
            r, g, b = hex_to_rgb8(digits)
            self.paper, self.near, self.far = f"{r:02x}{g:02x}{b:02x}", 0, False
        elif self.literal_call == "pen" and self.paper and not self.far:
            if can_end_far(digits, True, self.paper):
                self.far = True
            else:
                self.near += 1

    def active(self) -> bool:
        """Must the next pen end far from the paper?"""
        return self.paper is not None and not self.far and self.near >= NEAR_ALLOWED


class PaperGuard(Guard):
    name = "paper"
    State = PaperState

    def __init__(self, pieces: list[str], vocab_size: int):
        super().__init__(pieces, vocab_size)
        self._opening = [i for i, p in enumerate(pieces) if "'#" in p or '"#' in p]  # a literal with digits opens
        self._in_literal = [i for i, p in enumerate(pieces) if p and (p[0] in HEX or p[0] in QUOTES)]

    def allowed(self, state: PaperState) -> torch.Tensor | None:
        lex = state.lex
        if not lex.in_code or lex.broken or not state.active():
            return None
        if lex.mode == "code" and state.watched() == "pen" and lex.prev != "/":
            key = ("code", state.paper)
        elif lex.mode in QUOTES and state.literal_call == "pen" and state.content is not None and not lex.escaped:
            if not state.content.startswith("#") or not can_end_far(state.content[1:], False, state.paper):
                return None  # not a colour, or already past saving
            key = (lex.mode, state.content, state.paper)
        else:
            return None
        return self._cache.get(key, lambda: self._mask(key))

    def _mask(self, key: tuple) -> torch.Tensor | None:
        if key[0] == "code":
            paper = key[1]
            bad = []
            for i in self._opening:
                p = self.pieces[i]
                start = min(k for k in (p.find("'#"), p.find('"#')) if k >= 0)
                if any(q in p[:start] for q in QUOTES + ("`", "/")):
                    continue  # another literal or a comment first: not read further
                digits, closed = _literal_in(p[start + 2:], p[start], "")
                if not can_end_far(digits, closed, paper):
                    bad.append(i)
        else:
            quote, content, paper = key
            bad = [i for i in self._in_literal if not can_end_far(*_literal_in(self.pieces[i], quote, content[1:]),
                                                                    paper)]
        return all_but(bad, len(self.pieces), self.vocab_size) if bad else None
