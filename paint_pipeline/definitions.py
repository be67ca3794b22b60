"""Dagster definitions: the assets, checks, jobs, sensors, schedule and resources users drive.

    dagster dev -w workspace.yaml                      the UI (set DAGSTER_HOME to keep runs and cycles)
    paint-pipeline cycle next                          add the next cycle and run it
    dagster job execute -m paint_pipeline.definitions -j train_cycle --tags '{"dagster/partition": "cycle-0001"}'

The same definitions run on a CPU and on GPUs; the profile (PAINT_PROFILE: default, tiny or a JSON file)
and the resources' configuration are all that differ.
"""

from dagster import Definitions, in_process_executor

from paint_pipeline.orchestration.assets import (
    cycle_review,
    evaluation,
    policy_checkpoint,
    policy_warm_start,
    prompts,
    published_model,
    renders,
    rescored_scorecards,
    reward_calibration,
    rollouts,
    scorecards,
)
from paint_pipeline.orchestration.automation import JOBS, SCHEDULES, SENSORS
from paint_pipeline.orchestration.resources import (
    CheckpointStore,
    ParquetIOManager,
    PipelineResource,
    PublisherResource,
    RendererResource,
    ScorerResource,
)

defs = Definitions(
    assets=[prompts, policy_warm_start, rollouts, renders, scorecards, policy_checkpoint, evaluation, cycle_review,
            published_model, reward_calibration, rescored_scorecards],
    jobs=JOBS,
    sensors=SENSORS,
    schedules=SCHEDULES,
    # One process per run, whatever launched it (the CLI, the UI, `dagster job execute`): the steps of a cycle
    # are a chain anyway, the heavy update has its own subprocess, and the owner tags of a run then name the
    # process whose death means the run died (orchestration/interrupted.py).
    executor=in_process_executor,
    resources={
        "pipeline": PipelineResource(),
        "renderer": RendererResource(),
        "scorer": ScorerResource(),
        "checkpoints": CheckpointStore(),
        "publisher": PublisherResource(),
        "parquet": ParquetIOManager(),
    },
)
