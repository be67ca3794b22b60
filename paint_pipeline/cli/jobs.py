"""Running the project's Dagster jobs in this process, and the lock that lets one command at a time drive the
cycles of an artifacts folder. The top layer: it reads the definitions, which import every layer below."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

from dagster import AssetKey, DagsterInstance

from paint_pipeline.fileio import exclusive_lock
from paint_pipeline.orchestration.cycle_control import CYCLE_NEXT_LOCK
from paint_pipeline.orchestration.failures import clear_failure_record, write_failure_record
from paint_pipeline.orchestration.interrupted import owner_tags
from paint_pipeline.pipeline.settings import PipelineSettings, load_settings

Print = Callable[[str], None]

_driving: set[str] = set()  # artifacts folders whose cycle lock this process holds


def drives_cycles(command: Callable[..., int]) -> Callable[..., int]:
    """One command at a time drives the cycles of an artifacts folder (`cycle next`, `cycle resume`, `demo`): a
    second is refused at once, naming the first's pid, instead of taking the same cycle key or racing its run.
    Re-entrant within a process (the demo calls `cycle next`)."""

    @functools.wraps(command)
    def locked(profile: str | None, *args, **kwargs) -> int:
        root = str(load_settings(profile).root.resolve())
        if root in _driving:
            return command(profile, *args, **kwargs)
        with exclusive_lock(Path(root) / CYCLE_NEXT_LOCK, what="another command running cycles in this artifacts "
                                                               "folder (cycle next, cycle resume or demo)"):
            _driving.add(root)
            try:
                return command(profile, *args, **kwargs)
            finally:
                _driving.discard(root)

    return locked


def execute(job: str, inst: DagsterInstance, partition: str | None = None, assets: list[str] | None = None):
    from paint_pipeline.definitions import defs

    quiet = {"loggers": {"console": {"config": {"log_level": "INFO"}}}}  # step events stay in the instance
    return defs.resolve_job_def(job).execute_in_process(
        instance=inst, partition_key=partition, raise_on_error=False, run_config=quiet, tags=owner_tags(),
        asset_selection=[AssetKey(a) for a in assets] if assets else None)


def run_cycle(settings: PipelineSettings, inst: DagsterInstance, cycle: str, say: Print,
               assets: list[str] | None = None) -> int:
    result = execute("train_cycle", inst, cycle, assets)
    if result.success:
        clear_failure_record(settings.root, cycle)
        say(f"{cycle} trained. Review it: paint-pipeline cycle approve {cycle} --by NAME (or reject ... --note WHY)")
        return 0
    record = write_failure_record(settings.root, cycle, result.run_id, result.all_events)
    say(f"{cycle} failed in {', '.join(record['failed_steps']) or 'the run'}: {record['message']}")
    return 1
