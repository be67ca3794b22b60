"""The `paint-pipeline` command: one module per group of subcommands, each registering its own parsers and
handlers (`register(sub)`), and one place that turns our errors into a one-line message and an exit status.

    reward.py   render, score, calibrate, reward-config
    policy.py   sample, warm-start, train-online, policy-config
    cycles.py   cycle next|resume|status|approve|reject, publish, lineage, dashboard
    demo.py     demo, learning-curve, evaluate
    bench.py    bench render|score|update|sample, and the benchmarks of paint_pipeline/benchmarks/ (cpu-bf16, gpu,
                soak, ...)
    analyze.py  analyze adapter-change|paired-evaluations|guard-replay|ending-replay|sampler-update-gap|
                text-detector|contact-sheet|rescore-evaluations|generator-sheets|generator-health
    options.py  what they share (argument types, --profile, renderer/reward/policy options)
    jobs.py     running Dagster jobs in this process; the lock on an artifacts folder's cycles
"""

from __future__ import annotations

import argparse
import errno
import sys
from typing import Sequence

from paint_pipeline.cli import analyze, bench, cycles, demo, policy, reward

GROUPS = (reward, policy, cycles, demo, bench, analyze)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paint-pipeline",
                                     description="Teach a small language model to paint with code.")
    sub = parser.add_subparsers(dest="command", required=True)
    for group in GROUPS:
        group.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from paint_pipeline.errors import PaintPipelineError

    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except (FileNotFoundError, IsADirectoryError) as exc:
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 2
    except PermissionError as exc:
        print(f"paint-pipeline: cannot write {exc.filename or 'a file'}: permission denied (is the artifacts folder "
              "read-only? PAINT_ARTIFACTS names another)", file=sys.stderr)
        return 1
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise
        print(f"paint-pipeline: the disk is full writing {exc.filename or 'a file'}: nothing half-written was kept; "
              "free space and run the command again", file=sys.stderr)
        return 1
    except PaintPipelineError as exc:  # every error of ours names what is wrong: one line, no traceback
        print(f"paint-pipeline: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("paint-pipeline: interrupted", file=sys.stderr)
        return 130
