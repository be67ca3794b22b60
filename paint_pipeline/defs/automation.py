"""The asset jobs, the review sensor, the run-failure sensor and the (off by default) training schedule.

Dagster collects every job, sensor and schedule defined here (the defs folder is loaded by
`paint_pipeline/definitions.py`); the logic they run lives in `paint_pipeline.orchestration`."""

from __future__ import annotations

from dagster import (
    AssetSelection,
    DefaultScheduleStatus,
    DefaultSensorStatus,
    EventLogEntry,
    RunFailureSensorContext,
    RunRequest,
    ScheduleEvaluationContext,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    asset_sensor,
    define_asset_job,
    run_failure_sensor,
    schedule,
)

from paint_pipeline.orchestration.cycle_control import add_next_cycle, awaiting_review
from paint_pipeline.orchestration.failures import record_run_failure
from paint_pipeline.orchestration.interrupted import active_runs, fail_interrupted_runs
from paint_pipeline.orchestration.reviews import REVIEW, decision_of
from paint_pipeline.pipeline.settings import load_settings

train_cycle_job = define_asset_job(
    "train_cycle", AssetSelection.assets("rollouts", "renders", "scorecards", "policy_checkpoint", "evaluation"),
    description="One training cycle: sample, render, score, update, evaluate (partition = the cycle).",
)
publish_job = define_asset_job("publish", AssetSelection.assets("published_model"),
                               description="Publish an approved cycle (the review sensor launches it).")
rescore_job = define_asset_job("rescore", AssetSelection.assets("rescored_scorecards"),
                               description="Re-score past cycles under the current reward version (backfill).")
evaluate_job = define_asset_job("evaluate", AssetSelection.assets("evaluation"),
                                description="Re-evaluate checkpoints on held-out prompts (backfill over cycles).")
warm_start_job = define_asset_job("warm_start", AssetSelection.assets("prompts", "policy_warm_start"),
                                  description="Validate the prompts and run the supervised warm start.")
calibrate_job = define_asset_job("calibrate", AssetSelection.assets("reward_calibration"),
                                 description="Score the calibration set under the current reward.")

def _train_running(instance) -> bool:
    fail_interrupted_runs(instance)  # a run whose process died is not running (the failure sensor records it)
    return bool(active_runs(instance, "train_cycle"))


@asset_sensor(asset_key=REVIEW, jobs=[publish_job, train_cycle_job], default_status=DefaultSensorStatus.RUNNING,
              description="Acts on reviews: publishes approved cycles; with auto_continue, starts the next cycle.")
def review_sensor(context: SensorEvaluationContext, asset_event: EventLogEntry):
    event = asset_event.dagster_event
    cycle = event.partition
    decision = decision_of(event.step_materialization_data.materialization)
    if decision != "approved":
        return SkipReason(f"{cycle} was rejected: it is never published and never a parent")
    requests = [RunRequest(run_key=f"publish-{cycle}-{asset_event.timestamp}", job_name="publish",
                           partition_key=cycle)]
    settings = load_settings()
    if settings.auto_continue and not _train_running(context.instance):
        manifest = add_next_cycle(context.instance, settings)
        requests.append(RunRequest(run_key=f"train-{manifest.cycle}", job_name="train_cycle",
                                   partition_key=manifest.cycle))
    return SensorResult(run_requests=requests)


@run_failure_sensor(monitored_jobs=[train_cycle_job], default_status=DefaultSensorStatus.RUNNING,
                    description="Records why a training cycle failed, beside its manifest.")
def cycle_failure_sensor(context: RunFailureSensorContext) -> None:
    record = record_run_failure(context.instance, load_settings().root, context.dagster_run)
    context.log.info(f"{record['cycle']} failed in {record['failed_steps']}: {record['message']}")


@schedule(cron_schedule="*/15 * * * *", job=train_cycle_job, default_status=DefaultScheduleStatus.STOPPED,
          description="Advances training one cycle at a time: never while a cycle runs or awaits review.")
def advance_training(context: ScheduleEvaluationContext):
    if _train_running(context.instance):
        return SkipReason("a training cycle is running")
    waiting = awaiting_review(context.instance)
    if waiting is not None:
        return SkipReason(f"{waiting} awaits review (paint-pipeline cycle approve/reject {waiting} --by NAME)")
    manifest = add_next_cycle(context.instance, load_settings())
    return RunRequest(run_key=f"train-{manifest.cycle}", partition_key=manifest.cycle)

