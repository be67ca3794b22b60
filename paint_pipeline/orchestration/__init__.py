"""Dagster: the assets users materialize, their blocking checks, resources, the review gate, sensors and the
schedule, and the commands behind `paint-pipeline cycle ...`. Thin: the work is in `paint_pipeline.pipeline`."""
