"""Progress that never cuts a log line in two.

On a terminal, a tqdm bar. Elsewhere (a log file, the UI's captured output), a bar would write one
carriage-return update after another into the same line, so long work reports whole lines instead, at most
one per tenth of the work. A Dagster Pipes child reports whole lines even on a terminal: its parent prints the
child's log lines on the same terminal, between a bar's redraws. In the process that runs the Dagster steps, the
console logger writes through `tqdm.write` (orchestration/console_log.py), so its lines land above the bar.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import Iterable, Iterator, TypeVar

from tqdm import tqdm

T = TypeVar("T")

PIPES_CHILD_ENV = "DAGSTER_PIPES_CONTEXT"  # set by Dagster for every process a Pipes client launches


def bars_allowed() -> bool:
    return sys.stderr.isatty() and PIPES_CHILD_ENV not in os.environ


def progress_lines(iterable: Iterable[T], *, desc: str, unit: str = "it", total: int | None = None) -> Iterator[T]:
    """Yields the items, writing `desc: done/total unit (elapsed)` to stderr after each tenth and at the end."""
    total = total if total is not None else (len(iterable) if hasattr(iterable, "__len__") else None)
    start = time.monotonic()
    reported = 0

    def report(done: int) -> None:
        of = f"/{total}" if total else ""
        print(f"{desc}: {done}{of} {unit} ({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)

    done = 0
    for item in iterable:
        yield item
        done += 1
        if total and done < total and done * 10 // total > reported:
            reported = done * 10 // total
            report(done)
    report(done)


def progress_bar(iterable: Iterable[T], *, desc: str, enabled: bool = True, unit: str = "it", lines: bool = True,
                 **tqdm_options) -> Iterable[T]:
    """A tqdm bar where bars are allowed, whole progress lines elsewhere (unless `lines` is False: the caller
    logs its own), nothing when not `enabled`."""
    if not enabled:
        return iterable
    if bars_allowed():
        return tqdm(iterable, desc=desc, unit=unit, **tqdm_options)
    return progress_lines(iterable, desc=desc, unit=unit, total=tqdm_options.get("total")) if lines else iterable


def quiet_library_output() -> None:
    """Called before a model is loaded or written, at run time (an import-time filter can be undone by a loader's
    `catch_warnings`). transformers draws its own bars (loading weights, writing shards): they follow the rule
    above. peft reads `model.is_gradient_checkpointing`, which transformers 5 deprecates: a FutureWarning
    about library code in every log of every process that wraps a model, silenced by its exact message."""
    warnings.filterwarnings("ignore", message="`is_gradient_checkpointing` is deprecated", category=FutureWarning)
    if not bars_allowed():
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
