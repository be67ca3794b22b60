"""Cached held-out evaluations scored again under today's reward: a reward change read on paintings already made.

    paint-pipeline analyze rescore-evaluations ARTIFACTS LABEL [LABEL ...]

LABEL is an evaluation's label as its sample ids carry it (`eval-<label>/<prompt_id>/<k>`): `learning-curve`'s
held-out rows are `cycle-test`, `cycle-0001-test`, ...; a label evaluated under several settings is named
`label@key` (the command lists the names where one is ambiguous). Each evaluation's paintings (the renders table
kept beside its scorecards in `<ARTIFACTS>/evaluation_cache/`) are scored under the current reward, and the
held-out table is printed as recorded and as re-scored, with the paired change of the total per checkpoint and
from the first label to the last under each reward. Nothing is sampled or rendered: the same paintings, read by
another reward.
It shows how a new reward ranks the checkpoints that an older one trained, not what a policy trained under the
new one would paint.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("artifacts", type=Path, help="the artifacts folder the evaluations were cached in")
    parser.add_argument("labels", nargs="+", help="evaluation labels, first the reference (e.g. cycle-test)")


def rescore(path: Path, scorer):
    """The evaluation's paintings scored by `scorer`, as a scorecards table in the same sample order."""
    from paint_pipeline.pipeline.evaluation import evaluation_renders_path
    from paint_pipeline.render.table import load_results, read_renders
    from paint_pipeline.reward.scorecard import Sample
    from paint_pipeline.reward.table import read_table, to_table

    recorded = read_table(path)
    renders_path = evaluation_renders_path(path)
    if not renders_path.is_file():
        raise FileNotFoundError(f"{path}: its renders table {renders_path.name} is missing (evaluations made "
                                "before renders were kept cannot be re-scored)")
    results = {r.id: r for r in load_results(read_renders(renders_path))}
    rows = recorded.select(["sample_id", "prompt"]).to_pylist()
    missing = [r["sample_id"] for r in rows if r["sample_id"] not in results]
    if missing:
        raise ValueError(f"{renders_path}: no render for {len(missing)} samples (first: {missing[0]})")
    samples = [Sample(prompt=r["prompt"], code="", render=results[r["sample_id"]], sample_id=r["sample_id"])
               for r in rows]
    return recorded, to_table(scorer.score(samples, progress=True))


def paired_line(what: str, after, before) -> str:
    from paint_pipeline.pipeline.stats import bootstrap_ci, paired_total_deltas

    deltas = paired_total_deltas(after, before)
    lo, hi = bootstrap_ci(deltas)
    return f"  {what:<44} {deltas.mean():+.3f} [95% CI {lo:+.3f}, {hi:+.3f}] over {len(deltas)} samples"


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.analysis.stored_rollouts import evaluation_named
    from paint_pipeline.pipeline.evaluation import format_rows, summarize
    from paint_pipeline.reward import RewardScorer

    scorer = RewardScorer()
    try:
        pairs = {label: rescore(evaluation_named(args.artifacts, label), scorer) for label in args.labels}
    except (OSError, ValueError) as exc:
        print(f"rescore_evaluations: {exc}", file=sys.stderr)
        return 2
    old_versions = sorted({v for recorded, _ in pairs.values() for v in recorded.column("reward_version").to_pylist()})
    print(f"as recorded (reward {', '.join(old_versions)}):")
    print(format_rows([summarize(label, recorded) for label, (recorded, _) in pairs.items()]))
    print(f"\nre-scored (reward {scorer.version}, alignment backend {scorer.backend_name}):")
    print(format_rows([summarize(label, new) for label, (_, new) in pairs.items()]))
    print("\npaired change of the total:")
    for label, (recorded, new) in pairs.items():
        print(paired_line(f"{label}: re-scored - recorded", new, recorded))
    first, last = args.labels[0], args.labels[-1]
    if first != last:
        print(paired_line(f"{last} - {first}, as recorded", pairs[last][0], pairs[first][0]))
        print(paired_line(f"{last} - {first}, re-scored", pairs[last][1], pairs[first][1]))
    return 0
