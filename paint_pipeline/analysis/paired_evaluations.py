"""Two evaluations of the same held-out samples side by side, sample by sample.

    paint-pipeline analyze paired-evaluations BEFORE.parquet AFTER.parquet [--all]

BEFORE and AFTER are evaluation scorecards (`<artifacts>/evaluation_cache/<key>.parquet`, the file
`paint-pipeline evaluate` logs for each policy) made with the same prompts and seeds: the same checkpoint
under two decoding rules, or two checkpoints. Pairing removes the prompt-to-prompt spread, so what is left
is the change itself: which samples changed status, which successes were lost or gained, and the mean change
of the total with a paired 95% bootstrap interval. `--all` also lists samples whose status did not change
but whose total moved.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--all", action="store_true", help="also list samples whose total moved by > 0.001")


def cards_by_sample(table) -> dict[str, dict]:
    """The scorecards of one evaluation keyed by stats.sample_key (`<prompt_id>/<k>`), as
    stats.paired_total_deltas pairs them."""
    from paint_pipeline.pipeline.stats import sample_key

    rows = table.select(["sample_id", "status", "total", "compile_explanation"]).to_pylist()
    return {sample_key(r["sample_id"]): r for r in rows}


def compare(before_table, after_table) -> dict:
    """Status changes and paired total deltas; raises ValueError when the samples do not pair."""
    from paint_pipeline.pipeline.stats import paired_total_deltas

    deltas = paired_total_deltas(after_table, before_table)  # checks the pairing; in sorted-key order
    before, after = cards_by_sample(before_table), cards_by_sample(after_table)
    keys = sorted(before)
    ok = lambda r: r["status"] == "SUCCESS"  # noqa: E731
    return {
        "before": before, "after": after, "keys": keys, "deltas": [float(d) for d in deltas],
        "kept": sum(ok(before[k]) and ok(after[k]) for k in keys),
        "gained": [k for k in keys if ok(after[k]) and not ok(before[k])],
        "lost": [k for k in keys if ok(before[k]) and not ok(after[k])],
        "changed": [k for k in keys if before[k]["status"] != after[k]["status"]],
    }


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.stats import bootstrap_ci
    from paint_pipeline.render.outcomes import outcome
    from paint_pipeline.reward.table import read_table

    try:
        result = compare(read_table(args.before), read_table(args.after))
    except (OSError, ValueError) as exc:
        print(f"paired_evaluations: {exc}", file=sys.stderr)
        return 2

    moved = [k for k, d in zip(result["keys"], result["deltas"]) if abs(d) > 1e-3]
    listed = sorted(set(result["changed"]) | (set(moved) if args.all else set()))
    for k in listed:
        b, a = result["before"][k], result["after"][k]
        print(f"{k:<14} {b['total']:.3f} -> {a['total']:.3f}  "
              f"{outcome(b['status'], b['compile_explanation'])[:60]}  ->  "
              f"{outcome(a['status'], a['compile_explanation'])[:60]}")
    deltas = result["deltas"]
    lo, hi = bootstrap_ci(deltas)
    print(f"{len(result['keys'])} paired samples: {result['kept']} successes kept, {len(result['gained'])} gained, "
          f"{len(result['lost'])} lost; {len(result['changed'])} changed status, {len(moved)} moved their total")
    print(f"mean total change {sum(deltas) / len(deltas):+.4f} [95% paired CI {lo:+.4f}, {hi:+.4f}]")
    return 0
