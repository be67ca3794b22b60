"""Why a training cycle failed: one record, built the same way from a CLI run and from the run-failure sensor.

The record lies beside the cycle's manifest (`cycles/<cycle>.failure.json`). `failed_checks` tells a cycle
stopped by a blocking asset check (the demo rejects it and goes on) from one that crashed (the demo stops);
`interrupted` one whose process died mid-step (killed for memory, a power cut: see `interrupted.py`), which
can be resumed from its manifest.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

from dagster import DagsterEvent, DagsterInstance, DagsterRun

from paint_pipeline.fileio import atomic_write_bytes, read_json_object


def _failed(events: Iterable[DagsterEvent]) -> list[DagsterEvent]:
    return [e for e in events if e.is_step_failure or e.event_type_value == "ASSET_CHECK_EVALUATION"
            and not e.event_specific_data.passed]


def _unfinished_steps(events: Iterable[DagsterEvent]) -> list[str]:
    started, ended = set(), set()
    for e in events:
        if e.event_type_value == "STEP_START":
            started.add(e.step_key)
        elif e.event_type_value in ("STEP_SUCCESS", "STEP_FAILURE", "STEP_SKIPPED"):
            ended.add(e.step_key)
    return sorted(started - ended)


def failure_summary(events: Iterable[DagsterEvent]) -> tuple[list[str], list[str], str]:
    """The failed steps, the failed checks and one message naming each failure. A run that died mid-step has
    no failed step: its unfinished steps and the run's failure message stand in for them."""
    events = list(events)
    failed = _failed(events)
    if not failed:
        unfinished = _unfinished_steps(events)
        messages = [e.message for e in events if e.is_run_failure and e.message]
        return unfinished, [], messages[-1] if messages else "see the run's logs"
    steps = sorted({e.step_key for e in failed if e.step_key})
    checks = sorted({e.event_specific_data.check_name for e in failed if not e.is_step_failure})
    messages = []
    for e in failed:
        if e.is_step_failure and e.step_failure_data.error:
            error = e.step_failure_data.error
            while error.cause is not None:  # Dagster wraps the asset's own exception: name that one
                error = error.cause
            # The first line names the cause; later ones are detail (a dead renderer's last line is "(no output)").
            lines = [line for line in error.message.strip().splitlines() if line.strip()]
            messages.append(lines[0] if lines else error.cls_name or "error")
        elif not e.is_step_failure:
            messages.append(f"check {e.event_specific_data.check_name} failed: {e.event_specific_data.description}")
    return steps, checks, "; ".join(messages) or "see the run's logs"


def write_failure_record(root: Path, cycle: str, run_id: str, events: Iterable[DagsterEvent]) -> dict:
    """Writes (atomically) and returns the cycle's failure record."""
    events = list(events)
    steps, checks, message = failure_summary(events)
    interrupted = not _failed(events) and bool(_unfinished_steps(events))
    record = {"cycle": cycle, "run_id": run_id, "failed_steps": steps, "failed_checks": checks, "message": message,
              "interrupted": interrupted, "at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    atomic_write_bytes(root / "cycles" / f"{cycle}.failure.json", json.dumps(record, indent=2).encode())
    return record


def record_run_failure(instance: DagsterInstance, root: Path, run: DagsterRun) -> dict:
    """The failure record of a failed `train_cycle` run, from its event log (the sensor and the CLI)."""
    events = [entry.dagster_event for entry in instance.all_logs(run.run_id) if entry.dagster_event]
    return write_failure_record(root, run.tags.get("dagster/partition", "unknown"), run.run_id, events)


def clear_failure_record(root: Path, cycle: str) -> None:
    """Forgets an earlier failure once the cycle has completed (a resumed cycle)."""
    (root / "cycles" / f"{cycle}.failure.json").unlink(missing_ok=True)


def read_failure_record(root: Path, cycle: str) -> dict | None:
    """The cycle's failure record; a corrupt one reads as a record that says so (naming the file), so it never
    stops the status of the other cycles."""
    path = root / "cycles" / f"{cycle}.failure.json"
    if not path.is_file():
        return None
    try:
        return read_json_object(path)
    except (OSError, ValueError) as exc:
        return {"cycle": cycle, "failed_steps": [], "failed_checks": [], "interrupted": False, "corrupt": True,
                "message": f"its failure record {path} is unreadable ({exc}); delete it, then `paint-pipeline cycle "
                           f"resume {cycle}`"}
