"""Progress and log lines never cut each other: bars on a terminal only, whole lines elsewhere, and Dagster's
console log written above a bar of the same process."""

from __future__ import annotations

import io
import logging
import re

import pytest
from tqdm import tqdm

from paint_pipeline import progress
from paint_pipeline.orchestration.console_log import console_logger_above_bars


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def stderr(monkeypatch):
    def use(stream):
        monkeypatch.setattr("sys.stderr", stream)
        return stream
    monkeypatch.delenv(progress.PIPES_CHILD_ENV, raising=False)
    return use


def test_off_a_terminal_progress_is_whole_lines_at_most_one_per_tenth(stderr):
    out = stderr(io.StringIO())
    assert list(progress.progress_bar(range(37), desc="sampling", unit="batch")) == list(range(37))
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue() and 2 <= len(lines) <= 11
    assert all(re.fullmatch(r"sampling: \d+/37 batch \(\d+ s\)", line) for line in lines), lines
    assert lines[-1].startswith("sampling: 37/37 ")


def test_a_caller_that_logs_its_own_progress_gets_no_lines_and_disabled_gets_nothing(stderr):
    out = stderr(io.StringIO())
    assert list(progress.progress_bar(range(5), desc="warm start", lines=False)) == list(range(5))
    assert list(progress.progress_bar(range(5), desc="x", enabled=False)) == list(range(5))
    assert out.getvalue() == ""


def test_a_terminal_gets_a_bar_but_a_pipes_child_gets_lines(stderr, monkeypatch):
    out = stderr(Terminal())
    list(progress.progress_bar(range(3), desc="rendering", mininterval=0))
    assert "\r" in out.getvalue() and "rendering: 100%" in out.getvalue()
    out = stderr(Terminal())
    monkeypatch.setenv(progress.PIPES_CHILD_ENV, "x")  # its parent prints log lines on the same terminal
    list(progress.progress_bar(range(3), desc="rendering"))
    assert "\r" not in out.getvalue() and out.getvalue().splitlines()[-1].startswith("rendering: 3/3 ")


def _log_inside_a_bar(log: logging.Logger, out: io.StringIO) -> str:
    bar = tqdm(range(4), desc="sampling", file=out, mininterval=0)
    for i in bar:
        if i == 2:
            log.info("the step's log line")
    bar.close()
    return out.getvalue()


def test_the_console_log_lands_above_the_bar_not_inside_it(stderr):
    from dagster._utils.log import create_console_logger

    text = _log_inside_a_bar(console_logger_above_bars("dagster-test-above", "INFO"), stderr(Terminal()))
    [line] = [chunk for chunk in re.split(r"[\r\n]", text) if "the step's log line" in chunk]
    assert "sampling" not in line and "%" not in line  # a line of its own
    # Dagster's own console logger, for contrast: the same line lands after the bar's text.
    text = _log_inside_a_bar(create_console_logger("dagster-test-plain", "INFO"), stderr(Terminal()))
    [line] = [chunk for chunk in re.split(r"[\r\n]", text) if "the step's log line" in chunk]
    assert "sampling" in line
