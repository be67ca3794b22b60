"""`paint-pipeline cycle next|resume|status|approve|reject`, `publish`, `lineage` and `dashboard`.

Handlers import their work when they run (cycle_runs.py, which loads Dagster), so `--help` and the light
commands never pay for it.
"""

from __future__ import annotations

import argparse
import json

from paint_pipeline.cli.options import add_profile_option, command


def register(sub) -> None:
    cycle = command(sub, "cycle", cmd_cycle, help="training cycles on the Dagster instance: next, resume, status, "
                                                  "approve, reject")
    add_profile_option(cycle)
    # `--profile` also after the verb (`cycle next --profile tiny`), where every other command takes it.
    after_verb = argparse.ArgumentParser(add_help=False)
    add_profile_option(after_verb, dest="verb_profile", help="the same as `cycle --profile`")
    verbs = cycle.add_subparsers(dest="cycle_command", required=True)
    cycle_next = verbs.add_parser("next", parents=[after_verb],
                                  help="add the next cycle (parent: the latest approved) and run it")
    cycle_next.add_argument("--no-run", action="store_true", help="only add the partition and its manifest")
    cycle_next.add_argument("--sibling", action="store_true",
                            help="start a cycle although the last one awaits review (both from the same parent)")
    resume = verbs.add_parser("resume", parents=[after_verb],
                              help="finish an unreviewed cycle that did not complete (its process was killed): "
                                   "its missing assets, from the same manifest")
    resume.add_argument("cycle", metavar="CYCLE")
    status = verbs.add_parser("status", parents=[after_verb],
                              help="a table of cycles with their metrics and review state")
    status.add_argument("--json", action="store_true")
    for verb in ("approve", "reject"):
        review = verbs.add_parser(verb, parents=[after_verb], help=f"{verb} a cycle (the human gate)")
        review.add_argument("cycle", metavar="CYCLE")
        review.add_argument("--by", required=True, help="who reviewed it")
        review.add_argument("--note", default="", help="why")
        review.add_argument("--override", action="store_true",
                            help="reverse an earlier decision on this cycle (recorded as an override)")
        if verb == "approve":
            review.add_argument("--publish", action="store_true", help="publish now, without waiting for the sensor")
            review.add_argument("--override-checks", action="store_true",
                                help="approve although a blocking check failed (recorded as an override)")

    lineage = command(sub, "lineage", cmd_lineage, help="checkpoint -> scorecards -> renders -> rollouts -> prompts, "
                                                        "to the base")
    lineage.add_argument("target", metavar="CHECKPOINT_OR_CYCLE")
    add_profile_option(lineage)
    lineage.add_argument("--json", action="store_true")

    dashboard = command(sub, "dashboard", cmd_dashboard, help="regenerate <artifacts>/dashboard.html (charts and "
                                                              "galleries)")
    add_profile_option(dashboard)

    publish = command(sub, "publish", cmd_publish, help="publish an approved cycle (registry, and hubs when "
                                                        "configured)")
    publish.add_argument("cycle", metavar="CYCLE")
    add_profile_option(publish)
    publish.add_argument("--dry-run", action="store_true", help="list what would be uploaded, write nothing")
    publish.add_argument("--move-latest-back", action="store_true",
                         help="point latest.json at this cycle even when a newer one is published")


def cmd_cycle(args: argparse.Namespace) -> int:
    from paint_pipeline.cli import cycle_runs
    from paint_pipeline.pipeline.settings import SettingsError

    if args.profile and args.verb_profile and args.profile != args.verb_profile:
        raise SettingsError(f"two profiles given: --profile {args.profile} and --profile {args.verb_profile}")
    profile = args.profile or args.verb_profile
    if args.cycle_command == "next":
        return cycle_runs.cycle_next(profile, run=not args.no_run, sibling=args.sibling)
    if args.cycle_command == "resume":
        return cycle_runs.cycle_resume(profile, args.cycle)
    if args.cycle_command == "status":
        return cycle_runs.cycle_status(profile, as_json=args.json)
    decision = "approved" if args.cycle_command == "approve" else "rejected"
    return cycle_runs.cycle_review(profile, args.cycle, decision, by=args.by, note=args.note,
                                   publish=getattr(args, "publish", False), override=args.override,
                                   override_checks=getattr(args, "override_checks", False))


def cmd_publish(args: argparse.Namespace) -> int:
    from paint_pipeline.cli import cycle_runs

    return cycle_runs.publish(args.profile, args.cycle, dry_run=args.dry_run, move_latest_back=args.move_latest_back)


def cmd_lineage(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.lineage import format_lineage, lineage
    from paint_pipeline.pipeline.settings import load_settings

    chain = lineage(load_settings(args.profile), args.target)
    print(json.dumps(chain, indent=2) if args.json else format_lineage(chain))
    return 0


def cmd_dashboard(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.dashboard import build_dashboard
    from paint_pipeline.pipeline.settings import load_settings

    print(f"dashboard written to {build_dashboard(load_settings(args.profile))}")
    return 0
