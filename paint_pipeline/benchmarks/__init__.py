"""Benchmarks behind figures in docs/: each module is one `paint-pipeline bench <name>` subcommand, with
`add_arguments(parser)` (its options) and `run(args) -> int` (the measurement, printing its table).

`update_and_sampling.py` serves `bench update` (our GRPO update against TRL's) and `bench sample` (batched decoding
with finished rows leaving the batch, against fixed batches of 16); its top-level imports are heavier, so the CLI
imports it only in those two handlers.

The others' top-level imports stay light (the standard library, paint_pipeline.paths and the render client that the CLI
loads anyway): the CLI imports every one of them to build its parser, so torch, transformers and PIL are imported
inside the functions that use them.

    cpu_bf16.py             bench cpu-bf16: CPU training and sampling in fp32 against bf16, stage by stage
    update_micro_batch.py   bench update-micro-batch: the GRPO update, one rollout per forward pass against four
    warm_start_step.py      bench warm-start-step: one warm-start step, pairwise against padded
    decode_step.py          bench decode-step: a decoding step with transformers' DynamicCache against ours
    gpu.py                  bench gpu: generation and update tokens/s on a CUDA device, and the share of bf16 peak
    renderer_variants.py    bench renderer-variants versions|switches: the renderer against an earlier commit's,
                            or against candidate switches, interleaved
    render_phases.py        bench render-phases: where a render's time goes, stage by stage, at two resolutions
    canvas_ops.py           bench canvas-ops: the browser calls inside the `sketch` stage (render_canvas_ops.js)
    renderer_soak.py        bench soak: N honest, broken and hostile sketches through one renderer service
"""
