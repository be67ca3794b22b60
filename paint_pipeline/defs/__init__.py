"""The Dagster definitions, one module per kind, loaded as a folder (`dg` project layout):

    assets.py      the asset chain: prompts, warm start, per-cycle rollouts -> renders -> scorecards ->
                   policy_checkpoint -> evaluation -> cycle_review -> published_model, calibration, re-scoring
    automation.py  the asset jobs, the review and run-failure sensors, the training schedule
    review.py      the human gate as a launchable job (decision, reviewer, note)
    resources.py   the resources and the executor

The modules stay thin: what the definitions do lives in `paint_pipeline.orchestration` (and below it in
`pipeline`, `policy`, `reward`, `render`, `publish`).
"""
