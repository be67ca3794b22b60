"""Scorecards as a table: the Parquet schema (DESIGN.md §3), writing and reading.

One row per scored sample; per tier its raw score, weight, weighted score and
explanation; the total; the group advantage (when computed); flags; the reward
version and the alignment backend. Files are written to a temporary name and
renamed, so a crash never leaves half a table.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Sequence

import pyarrow as pa

from paint_pipeline.parquet_io import TableFileError, read_checked, write_table  # noqa: F401  (write_table: re-exported)
from paint_pipeline.reward.config import TIERS
from paint_pipeline.reward.scorecard import Scorecard


class ScorecardFileError(TableFileError):
    """A scorecard file cannot be read or does not have the scorecard schema."""


def _tier_fields() -> list[pa.Field]:
    out = []
    for t in TIERS:
        out += [pa.field(f"{t}_score", pa.float64(), nullable=False),
                pa.field(f"{t}_weight", pa.float64(), nullable=False),
                pa.field(f"{t}_weighted", pa.float64(), nullable=False), pa.field(f"{t}_explanation", pa.string())]
    return out


SCHEMA = pa.schema(
    [
        pa.field("sample_id", pa.string(), nullable=False),
        pa.field("prompt", pa.string()),
        pa.field("status", pa.string(), nullable=False),
        pa.field("total", pa.float64(), nullable=False),
        *_tier_fields(),
        pa.field("advantage", pa.float64()),
        pa.field("flags", pa.list_(pa.string())),
        pa.field("details", pa.string()),  # JSON: the measurements behind each tier
        pa.field("alignment_backend", pa.string(), nullable=False),
        pa.field("reward_version", pa.string(), nullable=False),
    ]
)


def to_table(cards: Sequence[Scorecard], advantages: Sequence[float] | None = None) -> pa.Table:
    if advantages is not None and len(advantages) != len(cards):
        raise ValueError(f"{len(advantages)} advantages for {len(cards)} scorecards")
    columns: dict[str, list] = {f.name: [] for f in SCHEMA}
    for i, c in enumerate(cards):
        columns["sample_id"].append(c.sample_id)
        columns["prompt"].append(c.prompt)
        columns["status"].append(c.status)
        columns["total"].append(c.total)
        details = {}
        for t in TIERS:
            tier = c.tiers[t]
            columns[f"{t}_score"].append(tier.score)
            columns[f"{t}_weight"].append(tier.weight)
            columns[f"{t}_weighted"].append(tier.weighted)
            columns[f"{t}_explanation"].append(tier.explanation)
            details.update(tier.details)
        # NaN: no advantage (a renderer fault, left out of the update): stored as null
        value = None if advantages is None else float(advantages[i])
        columns["advantage"].append(None if value is None or math.isnan(value) else value)
        columns["flags"].append(list(c.flags))
        columns["details"].append(json.dumps(details, allow_nan=True, sort_keys=True))
        columns["alignment_backend"].append(c.alignment_backend)
        columns["reward_version"].append(c.reward_version)
    return pa.Table.from_pydict(columns, schema=SCHEMA)


def read_table(path: str | Path) -> pa.Table:
    """Reads a scorecard file, checking it has every scorecard column."""
    return read_checked(path, SCHEMA, what="scorecard", error=ScorecardFileError)
