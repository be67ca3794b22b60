"""Cycles: their keys, their manifests, and which checkpoint each one trains from.

A cycle is one dynamic partition (`cycle-0001`, ...). Dagster cannot make a partition depend on the
previous one, so each cycle's parent is fixed when the cycle is created and written to its manifest
(`<artifacts>/cycles/<cycle>.json`): the parent cycle (the latest approved one, or none), the checkpoint
it starts from (the parent's, else the warm start, else the base model), the optimizer step it starts at
and the temperature there, the seeds, the training prompts it samples, and the settings and their hash.
Every asset of the cycle reads the manifest, so a rerun uses the same inputs.
"""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.policy.config import temperature_at

CYCLE_RE = re.compile(r"^cycle-(\d{4,})$")
WARM_START = "warm-start"


class CycleError(PaintPipelineError, ValueError):
    """A cycle key, manifest or parent is invalid; the message says which and why."""


def cycle_key(index: int) -> str:
    if index < 1:
        raise CycleError(f"cycle numbers start at 1, got {index}")
    return f"cycle-{index:04d}"


def cycle_index(key: str) -> int:
    match = CYCLE_RE.match(key)
    if not match:
        raise CycleError(f"{key!r} is not a cycle key (cycle-0001, cycle-0002, ...)")
    return int(match.group(1))


def next_cycle_key(existing: Sequence[str]) -> str:
    return cycle_key(max((cycle_index(k) for k in existing), default=0) + 1)


def latest_approved(existing: Sequence[str], decisions: Mapping[str, str]) -> str | None:
    """The newest cycle whose latest review says approved (rejected and unreviewed cycles never parent)."""
    approved = [k for k in existing if decisions.get(k) == "approved"]
    return max(approved, key=cycle_index, default=None)


def checkpoint_dir(settings: PipelineSettings, name: str) -> Path:
    return settings.root / "checkpoints" / name


def cycle_prompts(train_prompt_ids: Sequence[str], index: int, per_cycle: int, seed: int) -> list[str]:
    """The training prompts of cycle `index`: consecutive windows of one seeded permutation, so successive
    cycles walk through the whole training set before any prompt repeats."""
    order = list(train_prompt_ids)
    random.Random(seed).shuffle(order)
    start = (index - 1) * per_cycle
    return [order[(start + i) % len(order)] for i in range(min(per_cycle, len(order)))]


@dataclass(frozen=True)
class CycleManifest:
    cycle: str
    parent_cycle: str | None
    parent_checkpoint: str | None  # a checkpoint folder, or None for the base model
    base_model: str
    profile: str
    settings_hash: str
    policy_config: dict
    policy_config_hash: str
    start_step: int
    temperature: float
    sampling_seed: int
    prompt_ids: list[str]
    created_at: str

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True)


def manifest_path(settings: PipelineSettings, cycle: str) -> Path:
    return settings.root / "cycles" / f"{cycle}.json"


def parent_step(parent_checkpoint: Path | None) -> int:
    """The GRPO step a cycle starts at: its parent's (a warm start restarts at 0)."""
    if parent_checkpoint is None:
        return 0
    from paint_pipeline.policy.checkpoint import open_checkpoint

    manifest = open_checkpoint(parent_checkpoint, verify=False).manifest
    return 0 if manifest.get("kind") == "warm_start" else int(manifest.get("step", 0))


def plan_cycle(settings: PipelineSettings, cycle: str, parent_cycle: str | None,
               train_prompt_ids: Sequence[str]) -> CycleManifest:
    """The manifest of a new cycle (pure but for reading the parent's checkpoint manifest)."""
    index = cycle_index(cycle)
    config = settings.policy_config()
    if parent_cycle is not None:
        parent = checkpoint_dir(settings, parent_cycle)
        if not (parent / "manifest.json").is_file():
            raise CycleError(f"{cycle}: parent {parent_cycle} has no checkpoint at {parent}")
    elif settings.warm_start_steps > 0:
        parent = checkpoint_dir(settings, WARM_START)
        if not (parent / "manifest.json").is_file():
            raise CycleError(f"{cycle}: the profile {settings.profile!r} starts from a warm start, but {parent} "
                             "does not exist; materialize the `policy_warm_start` asset first "
                             "(`paint-pipeline cycle next` does it for you)")
    else:
        parent = None
    step = parent_step(parent)
    return CycleManifest(
        cycle=cycle, parent_cycle=parent_cycle, parent_checkpoint=str(parent) if parent else None,
        base_model=config.base_model, profile=settings.profile, settings_hash=settings.settings_hash(),
        policy_config=config.to_dict(), policy_config_hash=config.config_hash(), start_step=step,
        temperature=temperature_at(step, config), sampling_seed=config.seed * 1_000_003 + index,
        prompt_ids=cycle_prompts(train_prompt_ids, index, config.prompts_per_cycle, config.seed),
        created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )


# A path inside the artifacts folder is stored as ARTIFACTS/<relative path> and read back under the folder's
# current location, so a folder moved or copied whole keeps working. Fields that hold paths:
_PATH_FIELDS = ("parent_checkpoint", "base_model")
_CONFIG_PATH_FIELDS = ("base_model", "models_dir")
ARTIFACTS = "$ARTIFACTS"


def _portable(value, root: Path):
    if not isinstance(value, str) or not value or not (os.path.isabs(value) or os.path.exists(value)):
        return value  # a name (hub id, embedded model), not a path
    absolute, root_abs = os.path.abspath(value), os.path.abspath(root)
    if os.path.commonpath([absolute, root_abs]) == root_abs:
        return f"{ARTIFACTS}/{os.path.relpath(absolute, root_abs)}"
    return value


def _local(value, root: Path):
    if isinstance(value, str) and (value == ARTIFACTS or value.startswith(ARTIFACTS + "/")):
        return os.path.normpath(os.path.join(os.path.abspath(root), value[len(ARTIFACTS) + 1:]))
    return value


def _map_paths(values: dict, root: Path, convert) -> dict:
    values = dict(values)
    for name in _PATH_FIELDS:
        values[name] = convert(values.get(name), root)
    config = dict(values.get("policy_config") or {})
    for name in _CONFIG_PATH_FIELDS:
        if name in config:
            config[name] = convert(config[name], root)
    values["policy_config"] = config
    return values


def write_manifest(settings: PipelineSettings, manifest: CycleManifest) -> Path:
    portable = _map_paths(asdict(manifest), settings.root, _portable)
    return atomic_write_bytes(manifest_path(settings, manifest.cycle),
                              json.dumps(portable, indent=2, sort_keys=True).encode())


def read_manifest(settings: PipelineSettings, cycle: str) -> CycleManifest | None:
    path = manifest_path(settings, cycle)
    if not path.is_file():
        return None
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(values, dict):
            raise TypeError("not a JSON object")
        return CycleManifest(**_map_paths(values, settings.root, _local))
    except (OSError, ValueError, TypeError) as exc:
        raise CycleError(f"{path}: not a cycle manifest: {exc}") from None
