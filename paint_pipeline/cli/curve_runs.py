"""What `paint-pipeline demo` and `learning-curve` do: cycles run end to end, self-approved, then the policies
measured on held-out prompts (pipeline/evaluation.py measures; pipeline/learning_curve.py draws and judges the
curve). Their parsers are in demo.py."""

from __future__ import annotations

import os
from pathlib import Path

from dagster import DagsterInstance

from paint_pipeline.cli.cycle_runs import check_failure, cycle_next, cycle_resume, cycle_review, interrupted_cycle
from paint_pipeline.cli.jobs import Print, drives_cycles
from paint_pipeline.orchestration.instance import instance, use_profile
from paint_pipeline.orchestration.reviews import cycles_in_order, decisions
from paint_pipeline.orchestration.status import format_status, status_rows
from paint_pipeline.pipeline import learning_curve as lc
from paint_pipeline.pipeline.cycles import checkpoint_dir
from paint_pipeline.pipeline.dashboard import build_dashboard
from paint_pipeline.pipeline.evaluation import evaluate_cycles, format_rows
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.pipeline.steps import renderer_for
from paint_pipeline.prompts import load_split
from paint_pipeline.reward import RewardScorer


@drives_cycles
def demo(profile: str | None, cycles: int, *, say: Print = print) -> int:
    """`make demo`: the warm start if needed, then `cycles` cycles, each approved by the demo itself and
    published; a second run continues from the last approved cycle.

    A cycle stopped by one of its blocking checks (too few renders, no reward variance, worse than its parent on
    held-out prompts) is rejected by the demo with the check's message and the next cycle starts again from the
    last approved one; the demo gives up after two such cycles in a row or on any other failure. A cycle whose
    process was killed (the last run of the demo died) is resumed from its manifest, not started over.
    """
    settings = use_profile(profile)
    inst = instance(settings, say)
    approved, stopped_in_a_row = 0, 0
    while approved < cycles:
        interrupted = interrupted_cycle(inst, settings)
        if interrupted:
            say(f"{interrupted} was interrupted before it finished: resuming it")
            code, added = cycle_resume(profile, interrupted, say=say), [interrupted]
        else:
            before = set(cycles_in_order(inst))
            code = cycle_next(profile, say=say)
            added = [c for c in cycles_in_order(inst) if c not in before]
        if code != 0:
            failure = check_failure(settings, added[0]) if added else None
            if failure is None or stopped_in_a_row >= 1:
                say("the demo stopped: " + ("two cycles in a row failed their checks" if failure else
                                            "see the message above"))
                return 1
            stopped_in_a_row += 1
            cycle_review(profile, added[0], "rejected", by="make-demo", note=f"self-rejected by the demo: {failure}",
                         say=say)
            continue
        stopped_in_a_row = 0
        if cycle_review(profile, added[0], "approved", by="make-demo",
                        note="self-approved by the demo (no human review)", publish=True, say=say) != 0:
            return 1
        approved += 1
    rows = status_rows(inst, settings)
    say(format_status(rows))
    dashboard = build_dashboard(settings)
    last = rows[-1]["cycle"] if rows else None
    say("\nWhere to look:")
    say(f"  dashboard    {dashboard}  (charts across cycles, a gallery per cycle; reloads itself)")
    if last:
        say(f"  gallery      {settings.root / 'renders' / last}/  (this cycle's renders)")
        say(f"  scorecards   {settings.root / 'scorecards' / (last + '.parquet')}")
        say(f"  registry     {settings.root / 'registry' / settings.registry_name / last}/")
        say(f"  lineage      .venv/bin/paint-pipeline lineage {last}")
    say(f"  the UI       DAGSTER_HOME={os.environ['DAGSTER_HOME']} .venv/bin/dg dev")
    return 0


def _trained_cycles(inst: DagsterInstance, settings: PipelineSettings) -> list[str]:
    """The cycles, in order, that have a complete checkpoint (whatever their review)."""
    return [c for c in cycles_in_order(inst) if (checkpoint_dir(settings, c) / "manifest.json").is_file()]


def _say_how_to_evaluate_unapproved(inst: DagsterInstance, settings: PipelineSettings, profile: str | None,
                                    approved: list[str], split: str, prompts: int | None, samples: int | None,
                                    say: Print) -> None:
    """After the cycles stopped: the curve is not drawn, but the trained cycles the checks kept out can still be
    compared with cycle 0 on the same held-out prompts (how a harmful update shows up)."""
    trained = [c for c in _trained_cycles(inst, settings) if c not in approved]
    if not trained:
        say("no learning curve: too few approved cycles, and the stopped ones have no checkpoint to evaluate")
        return
    options = f" --split {split}" + (f" --prompts {prompts}" if prompts else "") + \
        (f" --samples {samples}" if samples else "")
    chosen = f" --profile {profile}" if profile else ""
    verb = "was" if len(trained) == 1 else "were"
    say(f"no learning curve: too few approved cycles. {', '.join(trained)} trained but {verb} not approved; "
        f"to compare them with cycle 0: paint-pipeline evaluate{chosen} --cycles {','.join(trained)}{options}")


def learning_curve(profile: str | None, cycles: int, *, split: str, prompts: int | None, samples: int | None,
                   out: Path | None, renderer_url: str | None = None, pool_size: int | None = None,
                   say: Print = print) -> int:
    """`paint-pipeline learning-curve`: makes sure `cycles` approved cycles exist (running the missing ones the
    way `make demo` does), then evaluates cycle 0 and each of them on held-out prompts with fixed seeds and
    writes a table, a chart and the verdict against the targets to `out`."""
    settings = use_profile(profile)
    inst = instance(settings, say)

    def approved() -> list[str]:
        decided = decisions(inst)
        return [c for c in _trained_cycles(inst, settings) if decided.get(c) == "approved"]

    have = len(approved())
    if have < cycles:
        say(f"{have} approved cycles; running {cycles - have} more (self-approved, as in make demo)")
        if demo(profile, cycles - have, say=say) != 0:
            _say_how_to_evaluate_unapproved(inst, settings, profile, approved(), split, prompts, samples, say)
            return 1
    chosen = approved()[:cycles]
    settings = settings.replace(eval_split=split, eval_prompts=prompts or len(load_split(split)),
                                eval_samples_per_prompt=samples or settings.eval_samples_per_prompt)
    scorer = RewardScorer(settings.reward_config())
    with renderer_for(settings, renderer_url, pool_size) as client:
        rows = evaluate_cycles(settings, chosen, client, scorer, include_start=True, log=say)
    check = lc.verdict(rows)
    paths = lc.write_learning_curve(out or settings.root / "learning_curve", rows, settings, check, cycles=chosen)
    say(format_rows(rows))
    for line in check.lines():
        say(line)
    say(f"written: {', '.join(str(p) for p in paths)}")
    return 0
