"""The "brackets" guard: inside the sketch's code block, a closing bracket must close the innermost open one,
and a `;` may not end a statement while a `(` or `[` is still open.

Why: with the "api" guard on, the held-out failures of the warm-started model are
mostly parse errors from long nested coordinate lists: `[[x, y], [x2, y2)]`,
`random(0.5, 1)), ...` one `)` too many, `]` where `)` was open. Each is a
closer that does not match the innermost open bracket, a purely lexical fact,
so the sampler does not offer such tokens (as a JSON-constrained decoder does
not offer a `}` inside a list). The `;` rule (version 2) is for the parse error
that rule cannot see, a `)` never written: `random(20, 50; ...`, `f(x, 25);)`.
JavaScript has no statement inside parentheses or a list except in a `{` block
(an arrow function's body) and the two `;` of a `for (...;...;...)` header, so
the rule forbids no valid code. Everything else, including *which* brackets to
open and when to close them, stays the model's choice; the renderer still
judges the code as written.

The lexer runs over the completion as it grows and knows enough JavaScript to
not count brackets in strings, template literals and comments:

    outside a ``` fence            prose: nothing is guarded
    ```javascript / ```js / ```     the code block starts on the next line; a line holding only ``` ends it
    '...'  "..."  `...`  with \\ escapes, // line and /* block */ comments

Regex literals are not recognised (a painting sketch has none, and a `/` is
far more often a division); a template literal's `${...}` counts as part of the
string. A completion whose brackets are already wrong (the guard was not on
when it was written, or a regex confused it) is not guarded further.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

from paint_pipeline.policy.guards.masks import Guard, all_but

_CLOSES = {")": "(", "]": "[", "}": "{"}
_FOR = "for("  # a `(` opened right after the keyword `for`: its header's two `;` are code
_DEPTH = 8  # stack entries a cached mask depends on; a token closes at most a few brackets


@dataclass
class LexState:
    in_code: bool = False
    line: str = ""  # the current line so far (fences are whole lines)
    mode: str = "code"  # code, ' " ` (inside that string), line or block (comments)
    escaped: bool = False
    prev: str = ""  # the previous character in code or comment mode (for // /* and */)
    word: str = ""  # the identifier last written in code, kept over whitespace (to tell `for (` from `f (`)
    in_word: bool = False  # the last code character was part of that identifier
    stack: list[str] = field(default_factory=list)
    broken: bool = False  # a mismatch already happened: no longer guarded


def feed(state: LexState, text: str, strict: bool = True) -> bool:
    """Advances the lexer over `text`; False at the first closer that does not match, or `;` inside an open `(`
    or `[` that is not a for header (the state is then broken).
    With `strict=False` a closer that does not match is passed over and the lexer goes on telling code from
    strings and comments (the stroke guard reads it that way)."""
    for c in text:
        if state.broken:
            return False
        if not state.in_code:
            if c == "\n":
                state.in_code = state.line.lstrip().startswith("```")  # the fence line ends: code starts
                state.line = ""
            else:
                state.line += c
            continue
        if c == "\n" and state.line.strip() == "```":  # the closing fence
            state.in_code, state.line, state.mode, state.prev = False, "", "code", ""
            continue
        state.line = "" if c == "\n" else state.line + c
        if not _code_char(state, c) and strict:
            state.broken = True
    return not state.broken


def _code_char(state: LexState, c: str) -> bool:
    mode = state.mode
    if mode in ("'", '"', "`"):
        if state.escaped:
            state.escaped = False
        elif c == "\\":
            state.escaped = True
        elif c == mode or (c == "\n" and mode != "`"):
            state.mode = "code"
        return True
    if mode == "line":
        if c == "\n":
            state.mode = "code"
        return True
    if mode == "block":
        if state.prev == "*" and c == "/":
            state.mode, c = "code", ""
        state.prev = c
        return True
    if state.prev == "/" and c in "/*":
        state.mode, state.prev = ("line" if c == "/" else "block"), ""
        return True
    state.prev = c
    if c.isalnum() or c in "_$":
        state.word = state.word + c if state.in_word else c
        state.in_word = True
        return True
    state.in_word = False
    if c.isspace():
        return True
    word, state.word = state.word, ""
    if c in "'\"`":
        state.mode = c
    elif c in "([{":
        state.stack.append(_FOR if c == "(" and word == "for" else c)
    elif c in _CLOSES:
        if not state.stack or state.stack[-1][-1] != _CLOSES[c]:
            return False
        state.stack.pop()
    elif c == ";":
        return not state.stack or state.stack[-1] in ("{", _FOR)
    return True


class BracketGuard(Guard):
    name = "brackets"
    State = LexState
    version = 2  # 2: no `;` inside an open ( or [ outside a for header

    def __init__(self, pieces: list[str], vocab_size: int):
        super().__init__(pieces, vocab_size)
        self._closers = [i for i, p in enumerate(pieces) if any(c in p for c in ";)]}")]

    @staticmethod
    def append(state: LexState, piece: str) -> None:
        feed(state, piece)

    def allowed(self, state: LexState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        if not state.in_code or state.broken:
            return None
        line = state.line.strip()
        key = (state.mode, state.escaped, state.prev, tuple(state.stack[-_DEPTH:]), len(state.stack) > _DEPTH,
               line if line in ("", "`", "``", "```") else None, _word_key(state))
        return self._cache.get(key, lambda: self._mask(state))

    def _mask(self, state: LexState) -> torch.Tensor | None:
        deeper = len(state.stack) > _DEPTH
        bad = []
        for i in self._closers:
            trial = LexState(in_code=True, line=state.line, mode=state.mode, escaped=state.escaped, prev=state.prev,
                             word=state.word, in_word=state.in_word, stack=state.stack[-_DEPTH:])
            if not feed(trial, self.pieces[i]) and not (deeper and not trial.stack):
                bad.append(i)  # (closing past the part of the stack the key holds is not judged)
        if not bad:
            return None
        return all_but(bad, len(self.pieces), self.vocab_size)


def _word_key(state: LexState) -> tuple[str, bool]:
    """The part of the last identifier a token's `(` can depend on: whether it is, or may grow into, `for`."""
    could_be_for = "for".startswith(state.word) if state.in_word else state.word == "for"
    return (state.word if could_be_for else "", state.in_word)
