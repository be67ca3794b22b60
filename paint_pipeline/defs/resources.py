"""The resources every asset and job uses, the executor (one process per run) and the console log.

One process per run, whatever launched it (the CLI, the UI, `dg launch`): the steps of a cycle are a chain
anyway, the heavy update has its own subprocess, and the owner tags of a run then name the process whose
death means the run died (orchestration/interrupted.py).
"""

from dagster import Definitions, definitions, in_process_executor

from paint_pipeline.orchestration.console_log import console
from paint_pipeline.orchestration.resources import (
    CheckpointStore,
    ParquetIOManager,
    PipelineResource,
    PublisherResource,
    RendererResource,
    ScorerResource,
)


@definitions
def resources() -> Definitions:
    return Definitions(
        executor=in_process_executor,
        loggers={"console": console},  # Dagster's console format, written above progress bars
        resources={
            "pipeline": PipelineResource(),
            "renderer": RendererResource(),
            "scorer": ScorerResource(),
            "checkpoints": CheckpointStore(),
            "publisher": PublisherResource(),
            "parquet": ParquetIOManager(),
        },
    )
