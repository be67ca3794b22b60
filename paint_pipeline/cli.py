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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paint-pipeline", description="Teach a small language model to paint with code.")
    sub = parser.add_subparsers(dest="command", required=True)

    render = sub.add_parser("render", help="render p5.js sketch files to PNG in one batch")
    render.add_argument("sketches", nargs="+", type=Path, metavar="SKETCH.js")
    render.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    render.add_argument("--size", type=_positive_int, default=REWARD_RESOLUTION, help="image side in pixels")
    render.add_argument("--seed", type=_seed, default=0, help="seed for random(), noise() and Math.random()")
    render.add_argument("--timeout-ms", type=_positive_int, default=10_000, help="wall-clock budget per sketch")
    _add_renderer_options(render)

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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handlers = {"render": cmd_render, ("bench", "render"): cmd_bench_render}
    key = args.command if args.command != "bench" else ("bench", args.bench)
    try:
        return handlers[key](args)
    except (FileNotFoundError, IsADirectoryError) as exc:
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 2
    except RendererError as exc:
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("paint-pipeline: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
