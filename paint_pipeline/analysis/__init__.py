"""Analysis tools behind figures in docs/: each module is one `paint-pipeline analyze <name>` subcommand, with
`add_arguments(parser)` (its options) and `run(args) -> int` (the analysis, printing its table).

Their top-level imports stay light (the standard library, paint_pipeline.paths and the render client that the CLI
loads anyway): the CLI imports every one of them to build its parser, so torch, numpy and PIL are imported inside
the functions that use them.

    adapter_change.py              analyze adapter-change: how far each checkpoint's LoRA adapter moved
    paired_evaluations.py          analyze paired-evaluations: two evaluations of the same samples, sample by sample
    guard_replay.py                analyze guard-replay: past completions replayed through a decoding guard
    ending_replay.py               analyze ending-replay: unfinished samples ended at their last statement
    stored_rollouts.py             (no command) the cycles' and evaluations' rollouts the replays read
    sampler_update_gap.py          analyze sampler-update-gap: the sampler's log-probs against the update's, per dtype
    text_detector_calibration.py   analyze text-detector: the reward's text detector calibrated on real renders
    contact_sheet.py               analyze contact-sheet: PNG renders laid out as one contact sheet
"""
