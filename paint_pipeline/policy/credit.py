"""Where a failed sketch's blame starts: credit assignment inside one completion.

GRPO gives every token of a completion its sequence's advantage. A sketch that failed to parse or threw
gets a negative one, and plain GRPO pushes down the lines before the failure as hard as the line that
failed, although they parsed and ran: most of a failed completion is code the policy should go on writing,
and a cycle's few failures then teach "write less of everything" as much as "not this line".

With `PolicyConfig.failure_credit = "error_line"` a failed completion's advantage applies from the first
token of the line the renderer named, and the tokens before it get advantage 0. They stay in the loss's
token count and KL term, so nothing else about the update changes. Blame that cannot be placed exactly
stays on the whole completion, as in plain GRPO:
- the renderer named no line (a timeout, no canvas, a sandbox block), or prepared the code in a way that
  moves lines (the compile gate then records none: `reward.compile_gate.error_line`);
- the code is not, verbatim, part of the completion, or the tokens do not decode to the completion.

The line is a line of the code the renderer ran, which is `sketch_code.extract_code(completion)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

FAILURE_CREDITS = ("sequence", "error_line")


@dataclass(frozen=True)
class CreditStats:
    """How the blame of a cycle's failed rollouts was placed (recorded in the checkpoint's manifest)."""

    located: int  # failed rollouts whose blame starts at their error line
    unlocated: int  # failed rollouts with a recorded error line not found in their tokens: whole-completion blame
    freed_share: float  # mean share of a located rollout's tokens that the advantage no longer touches

    def to_dict(self) -> dict[str, float]:
        return {"error_line_located": self.located, "error_line_unlocated": self.unlocated,
                "error_line_freed_share": self.freed_share}


# JavaScript's line terminators (ECMA-262 11.3): V8 numbers the lines of an error by these, so a U+2028 inside
# the sketch starts a line (Python's str.splitlines knows more terminators than JavaScript does, split("\n") fewer).
_JS_LINE_BREAK = re.compile("\r\n|[\n\r\u2028\u2029]")


def js_line_starts(code: str) -> list[int]:
    """Offsets in `code` where each line starts, as JavaScript counts lines."""
    return [0] + [m.end() for m in _JS_LINE_BREAK.finditer(code)]


def line_start_token(completion: str, code: str, line: int, token_ids: Sequence[int],
                     decode: Callable[[Sequence[int]], str]) -> int | None:
    """Index of the completion token where line `line` (1-based) of `code` starts, or None when that place
    cannot be found exactly. A token that straddles the line's start (a newline joined to indentation)
    belongs to the line."""
    if not code or line < 1:
        return None
    at = completion.find(code)
    starts = js_line_starts(code)
    if at < 0 or line > len(starts):
        return None
    if decode(token_ids) != completion:
        return None
    target = at + starts[line - 1]
    # The longest prefix of tokens that decodes to text ending at or before the line's first character.
    lo, hi = 0, len(token_ids)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(decode(token_ids[:mid])) <= target:
            lo = mid
        else:
            hi = mid - 1
    return lo


def blame_starts(failures: Sequence[dict], decode: Callable[[Sequence[int]], str]) -> tuple[list[int], CreditStats]:
    """For each rollout, the completion position from which its advantage applies (0: all of it).

    `failures`: one dict per rollout with `advantage`, `error_line` (None unless it failed at a known line),
    `completion`, `code` and `completion_token_ids`. Only negative advantages are moved: a failure never has
    a positive one in a group (its reward is the floor), and a zero one has nothing to place.
    """
    starts, located, unlocated, freed = [], 0, 0, []
    for r in failures:
        start = 0
        if r["advantage"] < 0 and r.get("error_line") is not None:
            found = line_start_token(r["completion"], r["code"], int(r["error_line"]), r["completion_token_ids"],
                                     decode)
            if found is None:
                unlocated += 1
            else:
                start = found
                located += 1
                freed.append(found / max(1, len(r["completion_token_ids"])))
        starts.append(start)
    share = sum(freed) / len(freed) if freed else 0.0
    return starts, CreditStats(located=located, unlocated=unlocated, freed_share=share)
