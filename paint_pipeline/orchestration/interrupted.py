"""Runs whose process died: killed for memory, a power cut, a second Ctrl-C.

Nothing in such a process lives to record the failure, so Dagster keeps the run STARTED for ever: the cycle
looks half-done, and the schedule's "is a cycle running?" test says yes until someone fails the run by hand.
Dagster's run monitoring needs the daemon and a run launcher that can check its workers (the default one
cannot), and `paint-pipeline` executes runs in its own process anyway. So each run is tagged with the host,
process id and process start time of the process executing it (`owner_tags`): by the commands when they
create it, and otherwise (a run launched from the UI, `dg launch`) by the pipeline resource when
the run's first step starts (`claim_run`). Whoever opens the instance next (any `paint-pipeline` command, the
review sensor, the schedule) fails the runs whose process is gone, with a message naming it. A process id
alone is not enough: ids are reused, the start time tells them apart.

The definitions use the in-process executor, so every step of a run executes in the process the tags name.
A step worker of a multiprocess executor never claims a run: it ends before the run does.
"""

from __future__ import annotations

import multiprocessing
import os
import socket

from dagster import DagsterInstance, DagsterRun, DagsterRunStatus, RunsFilter

from paint_pipeline.procstat import stat_fields

HOST, PID, STARTED = "paint/host", "paint/pid", "paint/pid_started"
ACTIVE = [DagsterRunStatus.QUEUED, DagsterRunStatus.NOT_STARTED, DagsterRunStatus.STARTING,
          DagsterRunStatus.STARTED]


def process_start_ticks(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/PID/stat); None when gone."""
    fields = stat_fields(pid)
    return None if fields is None else fields[19]


def owner_tags() -> dict[str, str]:
    """Tags naming this process, for the runs it executes."""
    return {HOST: socket.gethostname(), PID: str(os.getpid()), STARTED: process_start_ticks(os.getpid()) or ""}


def claim_run(instance: DagsterInstance, run: DagsterRun) -> bool:
    """Tags `run` with this process as its owner; False when it has one already, or when this process is a
    step worker started by a multiprocess executor (its end says nothing about the run's)."""
    if HOST in run.tags or multiprocessing.parent_process() is not None:
        return False
    instance.add_run_tags(run.run_id, owner_tags())
    return True


def active_runs(instance: DagsterInstance, job_name: str, partition: str | None = None) -> list[DagsterRun]:
    """The unfinished runs of a job (of one partition when given), newest first."""
    tags = {"dagster/partition": partition} if partition else None
    return list(instance.get_runs(RunsFilter(job_name=job_name, statuses=ACTIVE, tags=tags)))


def owner_is_gone(tags: dict[str, str]) -> bool:
    """True when the tags name a process of this host that no longer runs. A run owned by another host, or
    not yet claimed by any process (queued), is never judged here."""
    if tags.get(HOST) != socket.gethostname() or not tags.get(PID, "").isdigit():
        return False
    return process_start_ticks(int(tags[PID])) != tags.get(STARTED)


def fail_interrupted_runs(instance: DagsterInstance) -> list[DagsterRun]:
    """Marks FAILURE each unfinished run whose owning process is gone; returns those runs."""
    closed = []
    for run in instance.get_runs(RunsFilter(statuses=ACTIVE, tags={HOST: socket.gethostname()})):
        if owner_is_gone(run.tags):
            instance.report_run_failed(
                run, message=f"interrupted: the process that ran it (pid {run.tags[PID]}) ended without finishing "
                             f"(killed? an out-of-memory kill shows in `dmesg`)")
            closed.append(run)
    return closed
