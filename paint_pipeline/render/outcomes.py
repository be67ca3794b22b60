"""How a render's outcome is named when outcomes are counted: SUCCESS, or the kind of failure.

A kind is the status and the first error with line numbers and quoted names dropped, so that
`Field "sky" does not exist` and `Field "leaf" does not exist` count as one.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

# A quoted name (one with a letter or digit: a quoted bracket in "Unexpected token ')'" stays).
_QUOTED = re.compile(r"""(["'`])(?:(?!\1).)*?\w(?:(?!\1).)*?\1""")


def failure_kind(status: str, error: str) -> str:
    """One failed sketch's kind of failure: its status and first error without line numbers or quoted names."""
    text = error.split("first error: ", 1)[-1]
    text = re.sub(r"^line \d+: ", "", text.strip())
    text = _QUOTED.sub("…", text)
    text = text.split(". ", 1)[0].rstrip(".")
    return f"{status}: {text[:80]}" if text else status


def outcome(status: str, error: str | None) -> str:
    """SUCCESS, or the kind of failure (failure_kind): how the analyses that count render outcomes name a sample."""
    return "SUCCESS" if status == "SUCCESS" else failure_kind(status, error or "")


def failure_kinds(failures: Iterable[tuple[str, str]], top: int = 6) -> list[tuple[str, int]]:
    """The most common kinds among (status, first error) pairs of failed sketches, most common first."""
    counts = Counter(failure_kind(status, error) for status, error in failures if status != "SUCCESS")
    return counts.most_common(top)
