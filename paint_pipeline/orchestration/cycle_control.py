"""Creating cycles: the next partition key, its parent (the latest approved cycle), its manifest."""

from __future__ import annotations

import json

from dagster import DagsterInstance

from paint_pipeline.fileio import atomic_write_bytes, exclusive_lock
from paint_pipeline.orchestration.reviews import CYCLES, cycles_in_order, decisions
from paint_pipeline.pipeline.cycles import (
    CycleManifest,
    latest_approved,
    next_cycle_key,
    plan_cycle,
    read_manifest,
    write_manifest,
)
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.prompts import load_split

PARTITION_LOCK = ".locks/partitions.lock"
CYCLE_NEXT_LOCK = ".locks/cycle-next.lock"  # held by `cycle next` for its whole run: one at a time per folder


def profile_snapshot_path(settings: PipelineSettings, cycle: str):
    return settings.root / "cycles" / f"{cycle}.profile.json"


def write_profile_snapshot(settings: PipelineSettings, cycle: str):
    """The whole profile a cycle was made with, so its later commands (resume, review, publish) use it, whatever
    --profile they are given or not."""
    return atomic_write_bytes(profile_snapshot_path(settings, cycle),
                              json.dumps(settings.to_dict(), indent=2, sort_keys=True).encode())


def ensure_manifest(instance: DagsterInstance, settings: PipelineSettings, cycle: str) -> CycleManifest:
    """The cycle's manifest; written on first use (a cycle added from the UI gets its parent then)."""
    manifest = read_manifest(settings, cycle)
    if manifest is not None:
        return manifest
    earlier = [k for k in cycles_in_order(instance) if k < cycle]
    parent = latest_approved(earlier, decisions(instance))
    manifest = plan_cycle(settings, cycle, parent, [p.prompt_id for p in load_split("train")])
    write_manifest(settings, manifest)
    return manifest


def add_next_cycle(instance: DagsterInstance, settings: PipelineSettings) -> CycleManifest:
    """Adds the next partition with its manifest (parent = latest approved cycle, else the start).

    Under the artifacts folder's partition lock, so two callers never take the same key; the manifest is
    written first and removed again if the partition cannot be added, so no partition exists without one."""
    with exclusive_lock(settings.root / PARTITION_LOCK, what="adding a cycle", wait_s=30):
        key = next_cycle_key(cycles_in_order(instance))
        manifest = plan_cycle(settings, key, latest_approved(cycles_in_order(instance), decisions(instance)),
                              [p.prompt_id for p in load_split("train")])
        path = write_manifest(settings, manifest)
        profile = write_profile_snapshot(settings, key)
        try:
            instance.add_dynamic_partitions(CYCLES, [key])
        except BaseException:
            path.unlink(missing_ok=True)
            profile.unlink(missing_ok=True)
            raise
    return manifest


def awaiting_review(instance: DagsterInstance) -> str | None:
    """The newest cycle that trained but has no review yet (the schedule waits for it)."""
    reviewed = decisions(instance)
    cycles = cycles_in_order(instance)
    return cycles[-1] if cycles and cycles[-1] not in reviewed else None
