"""`paint-pipeline bench ...`: benchmarks that print ours against a baseline, interleaved in one run, and the
measurements behind figures in docs/ (the modules of paint_pipeline/benchmarks/, one subcommand each)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from paint_pipeline.cli.options import (
    add_profile_option,
    add_reward_options,
    command,
    positive_int,
    reward_config,
    tool_group,
)
from paint_pipeline.render import REWARD_RESOLUTION

# (subcommand, module of paint_pipeline/benchmarks/, help): each module has add_arguments(parser) and run(args).
BENCHMARKS = (
    ("cpu-bf16", "cpu_bf16", "CPU training and sampling in fp32 against bf16, stage by stage"),
    ("update-micro-batch", "update_micro_batch", "the GRPO update on a CPU: one rollout per forward pass against "
                                                 "four"),
    ("warm-start-step", "warm_start_step", "one warm-start step, pairwise against padded, on the same batches"),
    ("decode-step", "decode_step", "a decoding step with transformers' DynamicCache against ours grown in place"),
    ("gpu", "gpu", "generation and GRPO-update tokens/s on a CUDA device, and the share of bf16 peak"),
    ("renderer-variants", "renderer_variants", "the renderer against an earlier commit's, or against candidate "
                                               "switches, interleaved"),
    ("render-phases", "render_phases", "where a render's time goes, stage by stage, at two resolutions"),
    ("canvas-ops", "canvas_ops", "what the sketch stage of a render is made of: the browser calls p5.brush makes"),
    ("judge-map-variants", "judge_map_variants", "the judge's procedural map on other image features and ridge "
                                                 "strengths, on the validation and bench matrices"),
    ("pen-visibility", "pen_visibility", "how far from its paper a pen's colour must be for the reward to see its "
                                         "marks, per paper, direction and brush"),
    ("soak", "renderer_soak", "soak the renderer: N honest, broken and hostile sketches through one service"),
)


def register(sub) -> None:
    bench_sub = tool_group(sub, "bench", "benchmarks", BENCHMARKS,
                           help="benchmarks that print figures side by side")

    render = command(bench_sub, "render", cmd_bench_render,
                     help="our renderer against the fresh-page-per-sketch baseline, on the benchmark corpus")
    render.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    render.add_argument("--size", type=positive_int, default=REWARD_RESOLUTION, help="our render resolution")
    render.add_argument("--baseline-size", type=positive_int, default=600, help="the baseline's resolution")
    render.add_argument("--corpus", type=Path, default=None, help="folder of *.js sketches")
    render.add_argument("--limit", type=positive_int, default=None, help="use only the first N sketches")
    render.add_argument("--pool-size", type=positive_int, default=None, help="pages for both renderers")
    render.add_argument("--chunk", type=positive_int, default=None,
                        help="sketches per interleaved chunk (default: twice the pool)")

    score = command(bench_sub, "score", cmd_bench_score, help="cost of each reward tier per image, CLIP against the "
                                                              "rest")
    score.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    score.add_argument("--batch", type=positive_int, default=64, help="images scored (at least 64 is the target)")
    score.add_argument("--group", type=positive_int, default=8, help="samples per prompt in the batch")
    score.add_argument("--renderer-url", default=None, help="use the renderer service at this URL")
    add_reward_options(score)

    update = command(bench_sub, "update", cmd_bench_update, help="our GRPO update against TRL's, and generation "
                                                                 "speed")
    update.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    update.add_argument("--steps", type=positive_int, default=5)
    update.add_argument("--no-generation", action="store_true", help="skip the SmolLM2 generation figures")

    sample = command(bench_sub, "sample", cmd_bench_sample,
                     help="a cycle's rollouts decoded in one batch with finished rows leaving it, against the earlier "
                          "batches of 16")
    sample.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_profile_option(sample)
    sample.add_argument("--checkpoint", type=Path, default=None,
                        help="policy checkpoint (default: the artifacts' warm start if there is one, else the base)")
    sample.add_argument("--prompts", type=positive_int, default=6, help="first N validation prompts")
    sample.add_argument("--group", type=positive_int, default=4, help="completions per prompt")
    sample.add_argument("--max-new-tokens", type=positive_int, default=None,
                        help="token budget (default: the hardware profile's)")


def cmd_bench_render(args: argparse.Namespace) -> int:
    from paint_pipeline.render.bench import format_table, run_render_benchmark

    report = run_render_benchmark(corpus=args.corpus, size=args.size, baseline_size=args.baseline_size,
                                  limit=args.limit, pool_size=args.pool_size, chunk=args.chunk,
                                  progress=not args.json)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def cmd_bench_score(args: argparse.Namespace) -> int:
    from paint_pipeline.reward.bench import format_table, run_score_benchmark

    report = run_score_benchmark(batch=args.batch, group=args.group, renderer_url=args.renderer_url,
                                 config=reward_config(args), progress=not args.json)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def cmd_bench_update(args: argparse.Namespace) -> int:
    from paint_pipeline.benchmarks.update_and_sampling import format_table, run_update_benchmark

    report = run_update_benchmark(steps=args.steps, generation=not args.no_generation)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def cmd_bench_sample(args: argparse.Namespace) -> int:
    from paint_pipeline.benchmarks.update_and_sampling import format_sampling_table, run_sampling_benchmark
    from paint_pipeline.pipeline.cycles import WARM_START, checkpoint_dir
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import ensure_base_model

    settings = load_settings(args.profile)
    checkpoint = args.checkpoint
    if checkpoint is None and (checkpoint_dir(settings, WARM_START) / "manifest.json").is_file():
        checkpoint = checkpoint_dir(settings, WARM_START)
    ensure_base_model(settings)
    config = settings.policy_config()
    report = run_sampling_benchmark(config, checkpoint=checkpoint, prompts=args.prompts, group=args.group,
                                    temperature=config.temperature_max, max_new_tokens=args.max_new_tokens,
                                    progress=not args.json)
    print(json.dumps(report) if args.json else format_sampling_table(report))
    return 0
