"""The project's own errors share one base, so the CLI prints any of them as one line (what is wrong, and what to
do) instead of a traceback. Each keeps its built-in base too (ValueError for bad input, RuntimeError for a
failure of something outside the input), so callers that catch those still do."""

from __future__ import annotations


class PaintPipelineError(Exception):
    """An error this project raises on purpose; its message names the file, field or service at fault."""
