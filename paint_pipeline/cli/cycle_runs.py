"""What `paint-pipeline cycle next|resume|status|approve|reject` and `publish` do: drive and inspect cycles on the
Dagster instance (orchestration/instance.py chooses it). Their parsers are in cycles.py."""

from __future__ import annotations

import json

from dagster import AssetKey, DagsterInstance

from paint_pipeline.cli.jobs import Print, drives_cycles, execute, run_cycle
from paint_pipeline.fileio import LockBusy, exclusive_lock, lock_path_for
from paint_pipeline.orchestration.cycle_control import add_next_cycle, awaiting_review
from paint_pipeline.orchestration.failures import failure_summary, read_failure_record
from paint_pipeline.orchestration.instance import instance, settings_for_cycle, use_profile
from paint_pipeline.orchestration.interrupted import PID, active_runs
from paint_pipeline.orchestration.reviews import cycles_in_order, decisions, latest_reviews, report_review, review_gate
from paint_pipeline.orchestration.status import format_status, status_rows
from paint_pipeline.pipeline.cycles import WARM_START, checkpoint_dir, read_manifest
from paint_pipeline.pipeline.settings import PipelineSettings


@drives_cycles
def cycle_next(profile: str | None, *, run: bool = True, sibling: bool = False, say: Print = print) -> int:
    settings = use_profile(profile)
    inst = instance(settings, say)
    waiting = awaiting_review(inst)
    if waiting and not sibling:
        # A new cycle now would start from the same parent as the one waiting: a sibling, not its successor.
        say(f"{waiting} awaits review: approve or reject it first (paint-pipeline cycle approve {waiting} --by NAME, "
            f"or resume it if it did not finish); add --sibling to start another cycle from the same parent")
        return 1
    if settings.warm_start_steps > 0 and not (checkpoint_dir(settings, WARM_START) / "manifest.json").is_file():
        say(f"no warm start yet: running it first ({settings.warm_start_steps} steps)")
        if not execute("warm_start", inst).success:
            say("the warm start failed; see the log above")
            return 1
    manifest = add_next_cycle(inst, settings)
    say(f"{manifest.cycle}: parent {manifest.parent_cycle or 'none'} "
        f"({manifest.parent_checkpoint or 'base model'}), step {manifest.start_step}, T={manifest.temperature:.3f}")
    if not run:
        say(f"added; launch it from the UI or with: dg launch --job train_cycle --partition {manifest.cycle}")
        return 0
    return run_cycle(settings, inst, manifest.cycle, say)


CYCLE_ASSETS = ["rollouts", "renders", "scorecards", "policy_checkpoint", "evaluation"]  # a chain, in order


@drives_cycles
def cycle_resume(profile: str | None, cycle: str, *, say: Print = print) -> int:
    """Finishes an unreviewed cycle that did not complete (its process was killed, or a step crashed and the
    cause is fixed): runs its assets from the first one it lacks, from the same manifest. The assets it already
    has are kept, so the update trains on the rollouts and scorecards that were scored."""
    settings = settings_for_cycle(profile, cycle)
    inst = instance(settings, say)
    if cycle not in cycles_in_order(inst) or read_manifest(settings, cycle) is None:
        say(f"{cycle} is not a cycle of this instance (paint-pipeline cycle status lists them)")
        return 1
    decided = decisions(inst).get(cycle)
    if decided:
        say(f"{cycle} was already {decided}; nothing to resume")
        return 1
    running = active_runs(inst, "train_cycle", cycle)
    if running:
        say(f"{cycle} is running (run {running[0].run_id}, pid {running[0].tags.get(PID, '?')}); "
            f"resume it only once that process is gone")
        return 1
    try:  # a trainer left alive by a killed run still holds its lock: a second one would race it
        with exclusive_lock(lock_path_for(checkpoint_dir(settings, cycle), "train"), what=f"the update of {cycle}"):
            pass
    except LockBusy as exc:
        say(f"{cycle}: {exc}; resume it only once that process is gone")
        return 1
    record = read_failure_record(settings.root, cycle)
    if record and record.get("failed_checks"):
        say(f"{cycle} was stopped by its checks ({record['message']}); reject it instead: "
            f"paint-pipeline cycle reject {cycle} --by NAME")
        return 1
    have = [a for a in CYCLE_ASSETS if cycle in inst.get_materialized_partitions(AssetKey(a))]
    missing = CYCLE_ASSETS[next((i for i, a in enumerate(CYCLE_ASSETS) if a not in have), len(CYCLE_ASSETS)):]
    if not missing:
        say(f"{cycle} already has all its assets; review it: paint-pipeline cycle approve {cycle} --by NAME")
        return 0
    say(f"{cycle}: resuming from {missing[0]} (keeping {', '.join(have) or 'nothing'})")
    return run_cycle(settings, inst, cycle, say, missing)


def interrupted_cycle(inst: DagsterInstance, settings: PipelineSettings) -> str | None:
    """The newest cycle, when it is unreviewed and its run was interrupted (the demo resumes it)."""
    cycles = cycles_in_order(inst)
    if not cycles or cycles[-1] in decisions(inst):
        return None
    record = read_failure_record(settings.root, cycles[-1])
    return cycles[-1] if record and record.get("interrupted") else None


def check_failure(settings: PipelineSettings, cycle: str) -> str | None:
    """The message of a cycle stopped by a failed asset check (not by a crash), else None."""
    record = read_failure_record(settings.root, cycle)
    return record.get("message", "") if record and record.get("failed_checks") else None


def cycle_status(profile: str | None, *, as_json: bool = False, say: Print = print) -> int:
    settings = use_profile(profile)
    rows = status_rows(instance(settings, say), settings)
    say(json.dumps(rows) if as_json else format_status(rows))
    return 0


def cycle_review(profile: str | None, cycle: str, decision: str, *, by: str, note: str = "", publish: bool = False,
                 override: bool = False, override_checks: bool = False, say: Print = print) -> int:
    settings = settings_for_cycle(profile, cycle)
    inst = instance(settings, say)
    problems, overriding = review_gate(inst, settings, cycle, decision, override_decision=override,
                                       override_checks=override_checks)
    if problems:
        for problem in problems:
            say(problem)
        say(f"{cycle}: nothing recorded")
        return 1
    report_review(inst, cycle, decision, by=by, note=note, override=overriding)
    say(f"{cycle} {decision} by {by}" + (f": {note}" if note else "") + (f" (overriding {overriding})"
                                                                          if overriding else ""))
    if decision == "rejected":
        from paint_pipeline.publish.publishing import retract

        for line in retract(settings, cycle, reason=f"rejected by {by}" + (f": {note}" if note else "")):
            say(line)
    if decision == "approved":
        if publish:
            result = execute("publish", inst, cycle)
            say(f"published {cycle}" if result.success
                else f"publishing {cycle} failed: {failure_summary(result.all_events)[2]}")
            return 0 if result.success else 1
        say("the review sensor publishes it while dagster-daemon runs (dg dev); or add --publish")
    return 0


def publish(profile: str | None, cycle: str, *, dry_run: bool, move_latest_back: bool = False,
            say: Print = print) -> int:
    """Publishing outside Dagster (still only approved cycles)."""
    from paint_pipeline.publish.publishing import publish_cycle

    settings = settings_for_cycle(profile, cycle)
    review = latest_reviews(instance(settings, say)).get(cycle)
    if review is None or review["decision"] != "approved":
        say(f"{cycle} is not approved ({'no review' if review is None else review['decision']}); nothing published")
        return 1
    report = publish_cycle(settings, cycle, checkpoint_dir(settings, cycle), settings.root / "registry",
                           dry_run=dry_run, move_latest_back=move_latest_back, log=say)
    say(f"{'would publish' if dry_run else 'published'} {len(report['files'])} files: {report['registry_entry']}")
    return 0
