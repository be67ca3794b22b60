"""The rollouts table (DESIGN.md §3): what the sampler produced, with what the update needs.

One row per completion; `sample_id` = "<cycle>/<prompt_id>/<sample_index>" joins it to its render and its
scorecard. Written atomically (write, then rename).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import pyarrow as pa

from paint_pipeline.parquet_io import TableFileError, read_checked, write_table
from paint_pipeline.policy.guards import guard_ids
from paint_pipeline.policy.sampling import Rollout

SCHEMA = pa.schema([
    pa.field("sample_id", pa.string(), nullable=False),
    pa.field("cycle", pa.string(), nullable=False),
    pa.field("prompt_id", pa.string(), nullable=False),
    pa.field("prompt", pa.string(), nullable=False),
    pa.field("sample_index", pa.int32(), nullable=False),
    pa.field("seed", pa.int64(), nullable=False),
    pa.field("temperature", pa.float64(), nullable=False),
    pa.field("completion", pa.string()),
    pa.field("code", pa.string()),
    pa.field("prompt_token_ids", pa.list_(pa.int32())),
    pa.field("completion_token_ids", pa.list_(pa.int32())),
    pa.field("sampling_logprobs", pa.list_(pa.float32())),
    pa.field("truncated", pa.bool_(), nullable=False),
    pa.field("policy_checkpoint", pa.string()),
    pa.field("decoding_guards", pa.list_(pa.string())),
    pa.field("sampling_dtype", pa.string()),
])


class RolloutFileError(TableFileError):
    """A rollouts file cannot be read or lacks columns; the message names the file."""


def sample_id(cycle: str, prompt_id: str, sample_index: int) -> str:
    return f"{cycle}/{prompt_id}/{sample_index}"


def to_table(rollouts: Sequence[Rollout], *, cycle: str, policy_checkpoint: str) -> pa.Table:
    rows = [{
        "sample_id": sample_id(cycle, r.prompt_id, r.sample_index), "cycle": cycle, "prompt_id": r.prompt_id,
        "prompt": r.prompt, "sample_index": r.sample_index, "seed": r.seed, "temperature": r.temperature,
        "completion": r.completion, "code": r.code, "prompt_token_ids": r.prompt_token_ids,
        "completion_token_ids": r.completion_token_ids, "sampling_logprobs": r.sampling_logprobs,
        "truncated": r.truncated, "policy_checkpoint": policy_checkpoint,
        "decoding_guards": guard_ids(r.decoding_guards), "sampling_dtype": r.sampling_dtype,
    } for r in rollouts]
    return pa.Table.from_pylist(rows, schema=SCHEMA)


def write_rollouts(table: pa.Table, path: str | Path) -> Path:
    return write_table(table, path)


def read_rollouts(path: str | Path) -> pa.Table:
    # A table written before the guards existed was sampled without any, and before bf16 stages, in fp32.
    return read_checked(path, SCHEMA, what="rollouts", error=RolloutFileError,
                        added={"decoding_guards": [], "sampling_dtype": "float32"})
