"""`paint-pipeline demo`, `learning-curve` and `evaluate`: cycles run end to end, and policies measured on held-out
prompts.

Handlers import their work when they run (curve_runs.py loads Dagster; the evaluation loads torch), so `--help`
and the light commands never pay for it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from paint_pipeline.cli.options import add_profile_option, add_renderer_options, command, positive_int


def register(sub) -> None:
    demo = command(sub, "demo", cmd_demo, help="make demo: warm start if needed, then N self-approved, published "
                                               "cycles")
    demo.add_argument("--cycles", type=positive_int, default=1)
    add_profile_option(demo)

    curve = command(sub, "learning-curve", cmd_learning_curve,
                    help="cycle 0 and N approved cycles (run if missing) on held-out prompts: a table, a chart and "
                         "the verdict against the targets")
    curve.add_argument("--cycles", type=positive_int, default=3)
    curve.add_argument("--split", default="test", choices=("validation", "test"))
    curve.add_argument("--prompts", type=positive_int, default=None,
                       help="first N prompts of the split (default: all of them; the test split has 48)")
    curve.add_argument("--samples", type=positive_int, default=None,
                       help="samples per prompt (default: the profile's eval_samples_per_prompt)")
    curve.add_argument("--out", type=Path, default=None, help="default: <artifacts>/learning_curve")
    add_profile_option(curve)
    add_renderer_options(curve)

    evaluate = command(sub, "evaluate", cmd_evaluate, help="checkpoints on held-out prompts with fixed seeds and "
                                                           "95%% intervals")
    evaluate.add_argument("--cycles", default="all", help="comma-separated cycles, or 'all' (every checkpoint)")
    evaluate.add_argument("--split", default="test", choices=("validation", "test"))
    evaluate.add_argument("--prompts", type=positive_int, default=None, help="first N prompts (default: all)")
    evaluate.add_argument("--samples", type=positive_int, default=None,
                          help="samples per prompt (default: the profile's eval_samples_per_prompt)")
    evaluate.add_argument("--no-start", action="store_true", help="skip cycle 0 (the policy before any update)")
    add_profile_option(evaluate)
    evaluate.add_argument("--json", action="store_true")
    add_renderer_options(evaluate)


def cmd_demo(args: argparse.Namespace) -> int:
    from paint_pipeline.cli import curve_runs

    return curve_runs.demo(args.profile, args.cycles)


def cmd_learning_curve(args: argparse.Namespace) -> int:
    from paint_pipeline.cli import curve_runs

    return curve_runs.learning_curve(args.profile, args.cycles, split=args.split, prompts=args.prompts,
                                     samples=args.samples, out=args.out, renderer_url=args.renderer_url,
                                     pool_size=args.pool_size)


def cmd_evaluate(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from paint_pipeline.pipeline.evaluation import evaluate_cycles, format_rows, parse_cycles
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import renderer_for
    from paint_pipeline.prompts import load_split
    from paint_pipeline.reward import RewardScorer

    settings = load_settings(args.profile)
    settings = settings.replace(eval_split=args.split, eval_prompts=args.prompts or len(load_split(args.split)),
                                eval_samples_per_prompt=args.samples or settings.eval_samples_per_prompt)
    cycles = parse_cycles(settings, args.cycles)  # every named cycle checked before any work
    scorer = RewardScorer(settings.reward_config())
    with renderer_for(settings, args.renderer_url, args.pool_size) as client:
        rows = evaluate_cycles(settings, cycles, client, scorer, include_start=not args.no_start,
                               log=lambda m: print(m, file=sys.stderr))
    print(json.dumps([asdict(r) for r in rows]) if args.json else format_rows(rows))
    return 0
