"""The "colour" guard: a string literal that starts with `#` is a hex colour p5 can read.

Why: the sketches name every colour as a hex string (`brush.set('HB', '#2f5fb3', 1)`,
`background('#f4efe6')`), and a small model sometimes writes one digit too many or
too few (`'#ececece'`, `'#f4efe'`). p5's `color()` then throws "Invalid color
string" and an otherwise working sketch is a RUNTIME_ERROR. The forms p5 reads are
closed and known, so the sampler can simply not offer the others.

The rule, inside the code block, for a string in single or double quotes (the
brackets guard's lexer tells code from strings and comments):

    '#' then hex digits only            at most 8 of them, on the same line
    the closing quote                   only after 3, 4, 6 or 8 digits (#rgb, #rgba, #rrggbb, #rrggbbaa)

A string that does not start with `#` is not guarded, nor is a template literal
(it may interpolate). So a `#` string that was never meant as a colour must be one
too; the sketches have no other use for them. `tests/test_colour_guard.py` checks
the rule against the renderer and that no sketch of the warm-start or benchmark
corpus is forbidden anything. The renderer still judges the code as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

from paint_pipeline.policy.guards.brackets import LexState, feed
from paint_pipeline.policy.guards.masks import Guard, all_but

HEX = frozenset("0123456789abcdefABCDEF")
LENGTHS = frozenset({3, 4, 6, 8})  # the hex digits p5's color() reads after the `#`
QUOTES = ("'", '"')


def literal_fails(content: str, closing: bool) -> bool:
    """Whether a string literal whose content so far is `content` is a colour p5 cannot read (or can no longer
    become one); `closing`: the literal ends here."""
    if not content.startswith("#"):
        return False
    digits = content[1:]
    if len(digits) > max(LENGTHS) or any(c not in HEX for c in digits):
        return True
    return closing and len(digits) not in LENGTHS


def piece_fails(piece: str, quote: str | None, content: str) -> bool:
    """Whether writing `piece` makes a colour literal fail: from code (`quote` None) or from inside a literal of
    that quote whose content so far is `content`."""
    for c in piece:
        if quote is None:
            if c in QUOTES:
                quote, content = c, ""
            elif c == "`" or c == "/":
                return False  # a template literal or a comment: not this guard's to judge
            continue
        if c == "\n":  # an unterminated string: a syntax error, and a colour never finished
            return content.startswith("#")
        if c == quote:
            if literal_fails(content, closing=True):
                return True
            quote = None
            continue
        content += c
        if literal_fails(content, closing=False):
            return True
    return False


@dataclass
class ColourState:
    lex: LexState = field(default_factory=LexState)
    content: str | None = None  # the open literal's content so far ('' just opened; None outside one)

    def append(self, piece: str) -> None:
        for c in piece:
            before = self.lex.mode if self.lex.in_code else None
            feed(self.lex, c, strict=False)
            after = self.lex.mode if self.lex.in_code else None
            if before == "code" and after in QUOTES:
                self.content = ""
            elif before in QUOTES and after == before and self.content is not None:
                self.content += c
            else:
                self.content = None if after not in QUOTES else self.content


class ColourGuard(Guard):
    name = "colour"
    State = ColourState

    def __init__(self, pieces: list[str], vocab_size: int):
        super().__init__(pieces, vocab_size)
        # From code, only a token that opens a literal with `#` in it can break one.
        self._opening = [i for i, p in enumerate(pieces) if "'#" in p or '"#' in p]

    def allowed(self, state: ColourState) -> torch.Tensor | None:
        lex = state.lex
        if not lex.in_code or lex.broken:
            return None
        if lex.mode == "code":
            key = ("code", lex.prev == "/")
        elif lex.mode in QUOTES and state.content is not None and not lex.escaped:
            content = state.content
            if content and (not content.startswith("#") or literal_fails(content, closing=False)):
                return None  # not a colour, or already past saving
            key = (lex.mode, len(content))  # what may follow depends only on how many digits are written
        else:
            return None
        return self._cache.get(key, lambda: self._mask(key, state))

    def _mask(self, key: tuple, state: ColourState) -> torch.Tensor | None:
        if key[0] == "code":
            if key[1]:
                return None  # a `/` just written: the next character may open a comment
            bad = [i for i in self._opening if piece_fails(self.pieces[i], None, "")]
        else:
            quote, content = key[0], state.content or ""
            bad = [i for i, p in enumerate(self.pieces) if p and piece_fails(p, quote, content)]
        if not bad:
            return None
        return all_but(bad, len(self.pieces), self.vocab_size)
