"""The renders table (DESIGN.md §3): what the renderer made of each rollout, images stored beside it.

One row per sample: status, the PNG's path and sha256, timings, the p5.brush calls actually executed and
those that left marks in the final image, errors and repairs. `load_results` turns rows back into RenderResults
(checking each image against its sha256), so a cycle can be re-scored without rendering again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Sequence

import pyarrow as pa

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.parquet_io import TableFileError, read_checked
from paint_pipeline.render.client import RenderResult

SCHEMA = pa.schema([
    pa.field("sample_id", pa.string(), nullable=False),
    pa.field("status", pa.string(), nullable=False),
    pa.field("image_path", pa.string()),
    pa.field("image_sha256", pa.string()),
    pa.field("render_ms", pa.float64(), nullable=False),
    pa.field("brush_calls", pa.string(), nullable=False),  # JSON {method: count}
    pa.field("text_calls", pa.int32(), nullable=False),
    pa.field("brushes_used", pa.list_(pa.string())),
    pa.field("dom_text_chars", pa.int32(), nullable=False),
    pa.field("errors", pa.list_(pa.string())),
    pa.field("console", pa.list_(pa.string())),
    pa.field("repairs", pa.list_(pa.string())),
    pa.field("attempts", pa.int32(), nullable=False),  # 2: rendered again, alone, after a TIMEOUT or renderer fault
    pa.field("brush_marks", pa.string()),  # JSON {method: calls that left marks in the final image}; null: not measured
    pa.field("brush_mark_kinds", pa.string()),  # JSON {stroke|hatch|fill: marked calls}
    pa.field("brushes_marked", pa.list_(pa.string())),
    pa.field("brush_paint_share", pa.float64()),  # canvas share p5.brush paint holds at the end; null: not measured
])
# Columns added since the first tables were written, with the value an older table that lacks one stands for
# (marks were not measured then: null, which the brush tier reports instead of guessing).
ADDED_COLUMNS = {"attempts": 1, "brush_marks": None, "brush_mark_kinds": None, "brushes_marked": None,
                 "brush_paint_share": None}


class RenderFileError(TableFileError):
    """A renders table or one of its images cannot be read or does not match; the message names the file."""


def image_name(sample_id: str) -> str:
    """A file name for a sample id such as cycle-0001/train-0042/3 (no separators, still readable)."""
    return sample_id.replace("/", "__") + ".png"


def to_table(results: Sequence[RenderResult], sample_ids: Sequence[str], image_dir: str | Path) -> pa.Table:
    """Writes each image (atomically) into image_dir and returns the table describing them."""
    if len(results) != len(sample_ids):
        raise ValueError(f"{len(results)} render results for {len(sample_ids)} samples")
    rows = []
    for sid, r in zip(sample_ids, results):
        path = digest = None
        if r.png is not None:
            path = str(atomic_write_bytes(Path(image_dir) / image_name(sid), r.png))
            digest = hashlib.sha256(r.png).hexdigest()
        rows.append({
            "sample_id": sid, "status": r.status, "image_path": path, "image_sha256": digest,
            "render_ms": float(r.render_ms), "brush_calls": json.dumps(r.brush_calls, sort_keys=True),
            "text_calls": int(r.text_calls), "brushes_used": list(r.brushes_used),
            "dom_text_chars": int(r.dom_text_chars), "errors": list(r.errors), "console": list(r.console)[:20],
            "repairs": list(r.repairs), "attempts": int(r.attempts),
            "brush_marks": None if r.brush_marks is None else json.dumps(r.brush_marks, sort_keys=True),
            "brush_mark_kinds": json.dumps(r.brush_mark_kinds, sort_keys=True),
            "brushes_marked": list(r.brushes_marked),
            "brush_paint_share": r.brush_paint_share,
        })
    return pa.Table.from_pylist(rows, schema=SCHEMA)


def image_paths(table: pa.Table) -> dict[str, str | None]:
    """sample_id -> the path of its image (None where the render made none)."""
    return dict(zip(table.column("sample_id").to_pylist(), table.column("image_path").to_pylist()))


def read_renders(path: str | Path) -> pa.Table:
    return read_checked(path, SCHEMA, what="renders", error=RenderFileError, added=ADDED_COLUMNS)


def load_results(table: pa.Table) -> list[RenderResult]:
    """RenderResults from table rows, each image read back and checked against its sha256."""
    out = []
    for row in table.to_pylist():
        png = None
        if row["image_path"]:
            path = Path(row["image_path"])
            try:
                png = path.read_bytes()
            except OSError as exc:
                raise RenderFileError(f"{path}: image of {row['sample_id']} cannot be read: {exc}") from None
            if hashlib.sha256(png).hexdigest() != row["image_sha256"]:
                raise RenderFileError(f"{path}: image of {row['sample_id']} does not match its sha256 in the table")
        out.append(RenderResult(
            id=row["sample_id"], status=row["status"], png=png, render_ms=row["render_ms"],
            brush_calls=json.loads(row["brush_calls"]), text_calls=row["text_calls"],
            brushes_used=list(row["brushes_used"] or []), dom_text_chars=row["dom_text_chars"],
            errors=list(row["errors"] or []), console=list(row["console"] or []), repairs=list(row["repairs"] or []),
            attempts=int(row.get("attempts", ADDED_COLUMNS["attempts"])),  # tables not read through read_renders
            brush_marks=json.loads(row["brush_marks"]) if row.get("brush_marks") is not None else None,
            brush_mark_kinds=json.loads(row["brush_mark_kinds"]) if row.get("brush_mark_kinds") else {},
            brushes_marked=list(row.get("brushes_marked") or []),
            brush_paint_share=row.get("brush_paint_share"),
        ))
    return out
