"""Where an unfinished completion ends: at the end of its last complete statement.

A sample that stops unfinished (the repetition stop caught it in a loop, or it
ran out of token budget) is cut wherever the stop fell, mostly in the middle of
an expression: `brush.polygon([[x, y], [x + 20`, `for (let i = 0`, `brush.`.
The renderer closes the brackets left open at the end of the input, which saves
a cut after a complete statement and not one inside an expression (`[-]`,
`for (let i = 0)`, `a *)`): at the held-out temperature those cuts were every
parse error of the last curves' evaluations.

So the sampler keeps such a completion only up to its last statement end: the
last token after which, inside the code block, the lexer is in code (not in a
string or a comment), every open bracket is a `{` (a block, a function body)
and the code so far ends with `;`, `{` or `}`. Closing the open `{`s there
gives code that parses in all but rare cases (`do {` with no `while`). A
closing fence also ends the code whole. The tokens kept, and their recorded
log-probs, are exactly those sampled: only the end moves (as with the
repetition stop), the sample still counts as truncated, and the compile gate
still gives it only its partial credit for truncation.
"""

from __future__ import annotations

from typing import Sequence

from paint_pipeline.policy.guards.brackets import LexState, feed

STATEMENT_ENDS = ";{}"


def statement_end(pieces: Sequence[str]) -> int | None:
    """How many leading tokens (given as their texts) reach the last statement end of the code, or None when
    there is none (no code block yet, or no complete statement in it)."""
    state = LexState()
    best = None
    for n, piece in enumerate(pieces, 1):
        was_code = state.in_code
        feed(state, piece, strict=False)
        if was_code and not state.in_code:  # a closing fence: the code block is whole
            best = n
            continue
        if not state.in_code or state.mode != "code":
            continue
        stripped = piece.rstrip()
        if not stripped:  # white space after a statement's end: the end stays where it was
            continue
        last = stripped[-1]
        if last in STATEMENT_ENDS and all(opened == "{" for opened in state.stack):
            best = n
    return best


def end_unfinished(token_ids: list[int], logprobs: list[float], pieces: Sequence[str]) -> tuple[list[int],
                                                                                                list[float]]:
    """The completion cut back to its last statement end (unchanged when it has none)."""
    n = statement_end(pieces)
    if n is None or n >= len(token_ids):
        return token_ids, logprobs
    return token_ids[:n], logprobs[:n]
