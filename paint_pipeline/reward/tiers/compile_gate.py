"""Tier 1, the compile gate: did the code the model wrote run and leave a canvas?

1.0 for SUCCESS; `truncation_credit` when the sketch ran only because the
renderer closed delimiters left open at the end of the input (the completion
was cut off); 0 for every failure status, and a failure zeroes every
image-based tier (the composite enforces that). The renderer's only repair is
closing delimiters: paint-code-rl "healed" broken code until almost
everything compiled, which made this tier meaningless.
"""

from __future__ import annotations

import re

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.scorecard import TierScore

# The renderer's wording for its delimiter repair (renderer/src/prepare.js).
TRUNCATION_REPAIR_PREFIX = "closed delimiters left open at end of input"
# Repairs that leave every line where it was: closers appended at the end, an `export` keyword removed
# in its line. Dropping an import line or taking code out of a fence moves the lines after it.
LINE_KEEPING_REPAIRS = (TRUNCATION_REPAIR_PREFIX, "removed 'export")
_LINE_PREFIX = re.compile(r"^line (\d+): ")

FAILURE_MEANING = {
    "PARSE_ERROR": "the code does not parse",
    "RUNTIME_ERROR": "the code threw while running",
    "NO_CANVAS": "the sketch made no canvas",
    "TIMEOUT": "the sketch did not finish in time",
    "BLOCKED": "the sketch broke a sandbox rule",
    "CRASHED": "the page crashed",
    "RENDERER_ERROR": "the renderer failed (not the sketch's fault)",
}

# Outcomes that say nothing about the sketch: rendered again on a fresh browser (render/client.py), and when the
# fault persists the rollout is left out of the group statistics and of the update, never scored as the policy's
# failure (policy/advantages.py, policy/train.py).
RENDERER_FAULTS = ("RENDERER_ERROR",)


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def truncation_repaired(render: RenderResult) -> bool:
    return any(r.startswith(TRUNCATION_REPAIR_PREFIX) for r in render.repairs)


def error_line(render: RenderResult) -> int | None:
    """The line of the submitted code where a sketch that did not parse or threw failed, when the renderer named
    one and its preparation kept every line in place; else None. The update's `failure_credit` uses it."""
    if render.status not in ("PARSE_ERROR", "RUNTIME_ERROR") or not render.errors:
        return None
    if any(not r.startswith(LINE_KEEPING_REPAIRS) for r in render.repairs):
        return None
    match = _LINE_PREFIX.match(render.errors[0])
    return int(match.group(1)) if match and int(match.group(1)) >= 1 else None


def score_compile(render: RenderResult, config: RewardConfig) -> tuple[TierScore, list[str]]:
    weight = config.w_compile
    if render.status != "SUCCESS":
        first = _clip(render.errors[0]) if render.errors else "no error message"
        meaning = FAILURE_MEANING.get(render.status, "failed")
        line = error_line(render)
        again = f" (in both of {render.attempts} renders)" if render.attempts > 1 else ""
        return (TierScore("compile", 0.0, weight, f"{render.status}{again}: {meaning}; first error: {first}",
                          details={} if line is None else {"error_line": line}), ["render_failed"])
    if truncation_repaired(render):
        return (
            TierScore("compile", config.truncation_credit, weight,
                      f"SUCCESS after closing delimiters left open by truncation: partial credit "
                      f"{config.truncation_credit:.2f}"),
            ["truncation_repaired"],
        )
    other = [r for r in render.repairs if not r.startswith(TRUNCATION_REPAIR_PREFIX)]
    note = f" (formatting repairs: {len(other)})" if other else ""
    if render.attempts > 1:
        note += (f" on render {render.attempts}, alone on a fresh browser "
                 "(the first timed out or failed in the renderer)")
    return TierScore("compile", 1.0, weight, f"SUCCESS in {render.render_ms:.0f} ms{note}"), []
