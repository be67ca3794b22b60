"""Dagster's console log, written above any progress bar of the same process.

Dagster's own console logger (coloured, the same format) writes straight to stderr: a line logged while a
tqdm bar is drawn lands inside the bar. This one hands each formatted line to `tqdm.write`, which clears the
bar, prints the line and draws the bar again below it. Registered as the `console` logger of every job
(defs/resources.py), so `loggers: console: config: log_level` works as before.
"""

from __future__ import annotations

import logging
import sys

from dagster import Field, InitLoggerContext, logger
from dagster._utils.log import create_console_logger
from tqdm import tqdm


class AboveProgressBars(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        try:
            tqdm.write(self.format(record), file=sys.stderr)
        except Exception:  # a logging handler never raises into the step (logging's own convention)
            self.handleError(record)


def console_logger_above_bars(name: str, level: str | int) -> logging.Logger:
    """Dagster's coloured console logger, its handlers' formatting kept, its writes moved to `tqdm.write`."""
    log = create_console_logger(name, level)
    handlers = []
    for original in log.handlers:
        handler = AboveProgressBars(level=original.level)
        handler.setFormatter(original.formatter)
        for log_filter in original.filters:
            handler.addFilter(log_filter)
        handlers.append(handler)
    log.handlers = handlers
    return log


@logger(
    config_schema={"log_level": Field(str, is_required=False, default_value="DEBUG"),
                   "name": Field(str, is_required=False, default_value="dagster")},
    description="Dagster's coloured console log, written above the progress bars of the run's process.",
)
def console(init_context: InitLoggerContext) -> logging.Logger:
    config = init_context.logger_config
    return console_logger_above_bars(config["name"], config["log_level"].upper())
