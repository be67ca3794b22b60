"""The `paint-pipeline` command.

Each subcommand parses its arguments here and calls the package code that
does the work; nothing of substance lives in this file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from paint_pipeline.render import REWARD_RESOLUTION, RendererError, RendererService


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if not 0 <= value <= 0xFFFFFFFF:
        raise argparse.ArgumentTypeError(f"seed must be in [0, 4294967295], got {value}")
    return value


def _add_renderer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--renderer-url",
        default=None,
        help="use the renderer service at this URL (default: $PP_RENDERER_URL, else start one for this command)",
    )
    parser.add_argument("--pool-size", type=_positive_int, default=None, help="pages of a renderer started here")


def _add_reward_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reward-config", type=Path, default=None,
                        help="JSON file of reward config fields (see `paint-pipeline reward-config`)")
    parser.add_argument("--alignment-backend", choices=("auto", "clip", "offline"), default=None,
                        help="override the config's alignment backend")


def _reward_config(args: argparse.Namespace):
    from paint_pipeline.reward.config import RewardConfig

    config = RewardConfig.from_file(args.reward_config) if args.reward_config else RewardConfig()
    if args.alignment_backend:
        config = config.replace(alignment_backend=args.alignment_backend)
    return config


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paint-pipeline", description="Teach a small language model to paint with code.")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("reward-config", help="print every reward config field with its default and help text")

    render = sub.add_parser("render", help="render p5.js sketch files to PNG in one batch")
    render.add_argument("sketches", nargs="+", type=Path, metavar="SKETCH.js")
    render.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    render.add_argument("--size", type=_positive_int, default=REWARD_RESOLUTION, help="image side in pixels")
    render.add_argument("--seed", type=_seed, default=0, help="seed for random(), noise() and Math.random()")
    render.add_argument("--timeout-ms", type=_positive_int, default=10_000, help="wall-clock budget per sketch")
    _add_renderer_options(render)

    score = sub.add_parser("score", help="render one sketch and score it with the five-tier reward")
    score.add_argument("sketch", type=Path, metavar="SKETCH.js")
    score.add_argument("--prompt", required=True, help="the prompt the sketch answers")
    score.add_argument("--json", action="store_true", help="print one JSON object instead of the readable scorecard")
    score.add_argument("--size", type=_positive_int, default=REWARD_RESOLUTION, help="render side in pixels")
    score.add_argument("--seed", type=_seed, default=0, help="seed for random(), noise() and Math.random()")
    score.add_argument("--timeout-ms", type=_positive_int, default=20_000, help="wall-clock budget for the sketch")
    _add_reward_options(score)
    _add_renderer_options(score)

    calibrate = sub.add_parser("calibrate", help="score the labelled calibration set and check every ordering it pins")
    calibrate.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    _add_reward_options(calibrate)
    _add_renderer_options(calibrate)

    bench = sub.add_parser("bench", help="benchmarks that print figures side by side")
    bench_sub = bench.add_subparsers(dest="bench", required=True)
    bench_render = bench_sub.add_parser(
        "render", help="our renderer against the fresh-page-per-sketch baseline, on the benchmark corpus"
    )
    bench_render.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench_render.add_argument("--size", type=_positive_int, default=REWARD_RESOLUTION, help="our render resolution")
    bench_render.add_argument("--baseline-size", type=_positive_int, default=600, help="the baseline's resolution")
    bench_render.add_argument("--corpus", type=Path, default=None, help="folder of *.js sketches")
    bench_render.add_argument("--limit", type=_positive_int, default=None, help="use only the first N sketches")
    bench_render.add_argument("--pool-size", type=_positive_int, default=None, help="pages for both renderers")
    bench_score = bench_sub.add_parser("score", help="cost of each reward tier per image, CLIP against the rest")
    bench_score.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench_score.add_argument("--batch", type=_positive_int, default=64, help="images scored (at least 64 is the target)")
    bench_score.add_argument("--group", type=_positive_int, default=8, help="samples per prompt in the batch")
    bench_score.add_argument("--renderer-url", default=None, help="use the renderer service at this URL")
    _add_reward_options(bench_score)
    return parser


def cmd_render(args: argparse.Namespace) -> int:
    from paint_pipeline.render.files import read_sketch, render_files

    for path in args.sketches:  # fail on a bad path before starting a browser
        read_sketch(path)
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        for record in render_files(
            client, args.sketches, args.out, size=args.size, seed=args.seed, timeout_ms=args.timeout_ms
        ):
            print(json.dumps(record), flush=True)
    return 0


def cmd_bench_render(args: argparse.Namespace) -> int:
    from paint_pipeline.render.bench import format_table, run_render_benchmark

    report = run_render_benchmark(
        corpus=args.corpus,
        size=args.size,
        baseline_size=args.baseline_size,
        limit=args.limit,
        pool_size=args.pool_size,
        progress=not args.json,
    )
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from paint_pipeline.render.files import read_sketch
    from paint_pipeline.reward import RewardScorer, render_and_score

    code = read_sketch(args.sketch)
    scorer = RewardScorer(_reward_config(args))  # fails on a bad config before a browser starts
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        _, cards = render_and_score(client, scorer, [args.prompt], [code], seeds=[args.seed],
                                    ids=[args.sketch.name], size=args.size, timeout_ms=args.timeout_ms)
    card = cards[0]
    print(json.dumps(card.to_json()) if args.json else card.render_text())
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from paint_pipeline.reward import RewardScorer
    from paint_pipeline.reward.calibration import run_calibration

    scorer = RewardScorer(_reward_config(args))
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        report = run_calibration(client, scorer)
    if args.json:
        print(json.dumps({
            "reward_version": scorer.version, "alignment_backend": scorer.backend_name, "passed": report.passed,
            "scorecards": {k: c.to_json() for k, c in report.cards.items()},
            "checks": [{"name": c.name, "passed": c.passed, "detail": c.detail} for c in report.checks],
        }))
    else:
        print(f"reward {scorer.version}, alignment backend {scorer.backend_name}\n")
        print(report.table())
    return 0 if report.passed else 1


def cmd_reward_config(args: argparse.Namespace) -> int:
    from paint_pipeline.reward.config import RewardConfig

    print(RewardConfig.help())
    return 0


def cmd_bench_score(args: argparse.Namespace) -> int:
    from paint_pipeline.reward.bench import format_table, run_score_benchmark

    report = run_score_benchmark(batch=args.batch, group=args.group, renderer_url=args.renderer_url,
                                 config=_reward_config(args), progress=not args.json)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from paint_pipeline.reward.alignment_clip import ClipLoadError
    from paint_pipeline.reward.config import RewardConfigError

    args = build_parser().parse_args(argv)
    handlers = {
        "render": cmd_render, "score": cmd_score, "reward-config": cmd_reward_config, "calibrate": cmd_calibrate,
        ("bench", "render"): cmd_bench_render, ("bench", "score"): cmd_bench_score,
    }
    key = args.command if args.command != "bench" else ("bench", args.bench)
    try:
        return handlers[key](args)
    except (FileNotFoundError, IsADirectoryError) as exc:
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 2
    except (RendererError, RewardConfigError, ClipLoadError) as exc:
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("paint-pipeline: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
