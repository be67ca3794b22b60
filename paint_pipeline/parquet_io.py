"""Parquet files the pipeline writes and reads: written atomically, read with their columns checked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from paint_pipeline.errors import PaintPipelineError


class TableFileError(PaintPipelineError, ValueError):
    """A table the pipeline wrote cannot be read or does not match its schema; the message names the file.
    (Each table has its subclass: rollouts, renders, scorecards.)"""


def write_table(table: pa.Table, path: str | Path) -> Path:
    """Writes atomically: a temporary file in the same folder, then a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.chmod(tmp, 0o644)  # mkstemp's file is private; a table is not
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def read_checked(path: str | Path, schema: pa.Schema, *, what: str, error: type[Exception],
                 added: dict[str, object] | None = None) -> pa.Table:
    """Reads a Parquet file, raising `error` naming the file when it is unreadable or lacks a column of `schema`.

    `added` names columns of `schema` that came after the first tables were written, with the value a table
    written before them stands for: such a table reads with the column filled with it.
    """
    path = Path(path)
    added = added or {}
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise error(f"{path}: not a readable Parquet file: {exc}") from None
    missing = [f.name for f in schema if f.name not in table.column_names and f.name not in added]
    if missing:
        raise error(f"{path}: not a {what} table, missing columns {', '.join(missing)}")
    appended = False
    for name, value in added.items():
        if name not in table.column_names:
            field = schema.field(name)
            table = table.append_column(field, pa.array([value] * table.num_rows, field.type))
            appended = True
    if appended:  # in the schema's order, as a table written today has them
        table = table.select([f.name for f in schema] + [c for c in table.column_names if c not in schema.names])
    return table
