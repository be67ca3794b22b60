"""The `paint-pipeline` command.

Each subcommand parses its arguments here and calls the package code that
does the work; nothing of substance lives in this file.
"""

from __future__ import annotations

import argparse
import errno
import json
import sys
from pathlib import Path
from typing import Sequence

from paint_pipeline.render import REWARD_RESOLUTION, RendererService


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
    parser.add_argument("--alignment-backend", choices=("auto", "clip", "offline", "palette"), default=None,
                        help="override the config's alignment backend")


def _add_policy_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy-config", type=Path, default=None,
                        help="JSON file of policy config fields (see `paint-pipeline policy-config`)")
    parser.add_argument("--base-model", default=None, help="override the config's base model")


def _policy_config(args: argparse.Namespace):
    from paint_pipeline.policy.config import PolicyConfig

    config = PolicyConfig.from_file(args.policy_config) if args.policy_config else PolicyConfig()
    if args.base_model:
        config = config.replace(base_model=args.base_model)
    return config


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
    sub.add_parser("policy-config", help="print every policy config field with its default and help text")

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

    sample = sub.add_parser("sample", help="sample a prompt split with a policy; optionally render and score it")
    sample.add_argument("--split", default="validation", choices=("train", "validation", "test"))
    sample.add_argument("--limit", type=_positive_int, default=None, help="first N prompts of the split")
    sample.add_argument("--group", type=_positive_int, default=1, help="completions per prompt")
    sample.add_argument("--temperature", type=float, default=0.7)
    sample.add_argument("--checkpoint", type=Path, default=None, help="a checkpoint folder (default: the base)")
    sample.add_argument("--out", type=Path, default=None, help="write the rollouts table (Parquet) here")
    sample.add_argument("--score", action="store_true", help="render and score: print compile-success and reward")
    sample.add_argument("--guards", default=None,
                        help="decoding guards, comma-separated (api, brackets, stroke), or 'none' (default: the policy "
                             "config's decoding_guards)")
    _add_policy_options(sample)
    _add_renderer_options(sample)

    from paint_pipeline.policy.config import MAX_CUT_SHARE

    warm = sub.add_parser("warm-start", help="supervised warm start on procedurally generated sketches")
    warm.add_argument("--out", type=Path, default=Path("artifacts/checkpoints/warm-start"))
    warm.add_argument("--steps", type=_positive_int, default=200, help="optimizer steps")
    warm.add_argument("--per-prompt", type=_positive_int, default=2, help="sketches per training prompt")
    warm.add_argument("--batch-size", type=_positive_int, default=4)
    warm.add_argument("--learning-rate", type=float, default=2e-4)
    warm.add_argument("--max-len", type=_positive_int, default=1024,
                      help="tokens a (prompt, sketch) pair is cut to; refused if it cuts more than "
                           f"{MAX_CUT_SHARE * 100:.0f}%% of the sketches")
    warm.add_argument("--resume", type=Path, default=None,
                      help="continue this warm-start checkpoint for --steps more steps instead of starting afresh")
    warm.add_argument("--system-prompt", choices=("api", "compact", "full"), default="api",
                      help="the system prompt the pairs are formatted with (use the same when sampling)")
    _add_policy_options(warm)

    online = sub.add_parser("train-online", help="TRL's GRPOTrainer loop with our renderer and reward functions")
    online.add_argument("--steps", type=_positive_int, default=10)
    online.add_argument("--out", type=Path, default=Path("artifacts/online"))
    online.add_argument("--limit", type=_positive_int, default=None, help="first N training prompts")
    _add_policy_options(online)
    _add_reward_options(online)
    _add_renderer_options(online)

    calibrate = sub.add_parser("calibrate", help="score the labelled calibration set and check every ordering it pins")
    calibrate.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    calibrate.add_argument("--matrix", action="store_true",
                           help="instead: score every painting of a labelled set under every prompt with each "
                                "alignment backend available, and print how often the right pairs win, both ways")
    calibrate.add_argument("--hacks", action="store_true",
                           help="instead: score every bench painting under its prompt against the hack corpus "
                                "under the same prompt, and print who wins")
    calibrate.add_argument("--matrix-set", type=Path, default=None,
                           help="JSONL of {id, sketch, prompt} for --matrix (default: data/judge/bench_prompts.jsonl)")
    _add_reward_options(calibrate)
    _add_renderer_options(calibrate)

    cycle = sub.add_parser("cycle", help="training cycles on the Dagster instance: next, resume, status, approve, "
                                         "reject")
    cycle.add_argument("--profile", default=None, help="run profile: default, tiny, or a JSON file "
                                                       "(default: $PAINT_PROFILE, else default)")
    # `--profile` also after the verb (`cycle next --profile tiny`), where every other command takes it.
    after_verb = argparse.ArgumentParser(add_help=False)
    after_verb.add_argument("--profile", dest="verb_profile", default=None, help="the same as `cycle --profile`")
    cycle_sub = cycle.add_subparsers(dest="cycle_command", required=True)
    cycle_next = cycle_sub.add_parser("next", parents=[after_verb],
                                      help="add the next cycle (parent: the latest approved) and run it")
    cycle_next.add_argument("--no-run", action="store_true", help="only add the partition and its manifest")
    cycle_next.add_argument("--sibling", action="store_true",
                            help="start a cycle although the last one awaits review (both from the same parent)")
    cycle_resume = cycle_sub.add_parser("resume", parents=[after_verb], help="finish an unreviewed cycle that did not complete (its process "
                                                       "was killed): its missing assets, from the same manifest")
    cycle_resume.add_argument("cycle", metavar="CYCLE")
    cycle_status = cycle_sub.add_parser("status", parents=[after_verb], help="a table of cycles with their metrics and review state")
    cycle_status.add_argument("--json", action="store_true")
    for verb in ("approve", "reject"):
        review = cycle_sub.add_parser(verb, parents=[after_verb], help=f"{verb} a cycle (the human gate)")
        review.add_argument("cycle", metavar="CYCLE")
        review.add_argument("--by", required=True, help="who reviewed it")
        review.add_argument("--note", default="", help="why")
        review.add_argument("--override", action="store_true",
                            help="reverse an earlier decision on this cycle (recorded as an override)")
        if verb == "approve":
            review.add_argument("--publish", action="store_true", help="publish now, without waiting for the sensor")
            review.add_argument("--override-checks", action="store_true",
                                help="approve although a blocking check failed (recorded as an override)")

    demo = sub.add_parser("demo", help="make demo: warm start if needed, then N self-approved, published cycles")
    demo.add_argument("--cycles", type=_positive_int, default=1)
    demo.add_argument("--profile", default=None)

    curve = sub.add_parser("learning-curve", help="cycle 0 and N approved cycles (run if missing) on held-out "
                                                  "prompts: a table, a chart and the verdict against the targets")
    curve.add_argument("--cycles", type=_positive_int, default=3)
    curve.add_argument("--split", default="test", choices=("validation", "test"))
    curve.add_argument("--prompts", type=_positive_int, default=None,
                       help="first N prompts of the split (default: all of them; the test split has 48)")
    curve.add_argument("--samples", type=_positive_int, default=1, help="samples per prompt")
    curve.add_argument("--out", type=Path, default=None, help="default: <artifacts>/learning_curve")
    curve.add_argument("--profile", default=None)
    _add_renderer_options(curve)

    lineage = sub.add_parser("lineage", help="checkpoint -> scorecards -> renders -> rollouts -> prompts, to the base")
    lineage.add_argument("target", metavar="CHECKPOINT_OR_CYCLE")
    lineage.add_argument("--profile", default=None)
    lineage.add_argument("--json", action="store_true")

    evaluate = sub.add_parser("evaluate", help="checkpoints on held-out prompts with fixed seeds and 95%% intervals")
    evaluate.add_argument("--cycles", default="all", help="comma-separated cycles, or 'all' (every checkpoint)")
    evaluate.add_argument("--split", default="test", choices=("validation", "test"))
    evaluate.add_argument("--prompts", type=_positive_int, default=None, help="first N prompts (default: all)")
    evaluate.add_argument("--samples", type=_positive_int, default=None, help="samples per prompt (default: profile)")
    evaluate.add_argument("--no-start", action="store_true", help="skip cycle 0 (the policy before any update)")
    evaluate.add_argument("--profile", default=None)
    evaluate.add_argument("--json", action="store_true")
    _add_renderer_options(evaluate)

    dashboard = sub.add_parser("dashboard", help="regenerate <artifacts>/dashboard.html (charts and galleries)")
    dashboard.add_argument("--profile", default=None)

    publish = sub.add_parser("publish", help="publish an approved cycle (registry, and hubs when configured)")
    publish.add_argument("cycle", metavar="CYCLE")
    publish.add_argument("--profile", default=None)
    publish.add_argument("--dry-run", action="store_true", help="list what would be uploaded, write nothing")
    publish.add_argument("--move-latest-back", action="store_true",
                         help="point latest.json at this cycle even when a newer one is published")

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
    bench_render.add_argument("--chunk", type=_positive_int, default=None,
                              help="sketches per interleaved chunk (default: twice the pool)")
    bench_score = bench_sub.add_parser("score", help="cost of each reward tier per image, CLIP against the rest")
    bench_score.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench_score.add_argument("--batch", type=_positive_int, default=64, help="images scored (at least 64 is the target)")
    bench_score.add_argument("--group", type=_positive_int, default=8, help="samples per prompt in the batch")
    bench_score.add_argument("--renderer-url", default=None, help="use the renderer service at this URL")
    _add_reward_options(bench_score)
    bench_update = bench_sub.add_parser("update", help="our GRPO update against TRL's, and generation speed")
    bench_update.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench_update.add_argument("--steps", type=_positive_int, default=5)
    bench_update.add_argument("--no-generation", action="store_true", help="skip the SmolLM2 generation figures")
    bench_sample = bench_sub.add_parser(
        "sample", help="a cycle's rollouts decoded in one batch with finished rows leaving it, against the earlier "
                       "batches of 16")
    bench_sample.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench_sample.add_argument("--profile", default=None, help="pipeline profile (default: the default profile)")
    bench_sample.add_argument("--checkpoint", type=Path, default=None,
                              help="policy checkpoint (default: the artifacts' warm start if there is one, else the base)")
    bench_sample.add_argument("--prompts", type=_positive_int, default=6, help="first N validation prompts")
    bench_sample.add_argument("--group", type=_positive_int, default=4, help="completions per prompt")
    bench_sample.add_argument("--max-new-tokens", type=_positive_int, default=None,
                              help="token budget (default: the hardware profile's)")
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
        chunk=args.chunk,
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
    from paint_pipeline.reward.calibration.labelled import run_calibration

    if args.matrix:
        return _calibrate_matrix(args)
    if args.hacks:
        return _calibrate_hacks(args)
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


def _calibrate_matrix(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET, format_report, run_matrix

    log = (lambda m: print(m, file=sys.stderr))
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        report = run_matrix(client, _reward_config(args), args.matrix_set or MATRIX_SET, progress=log)
    if args.json:
        print(json.dumps({**report, "backends": {name: {way: asdict(m) for way, m in ways.items()}
                                                  for name, ways in report["backends"].items()}}))
    else:
        print(format_report(report))
    return 0


def _calibrate_hacks(args: argparse.Namespace) -> int:
    from paint_pipeline.reward import RewardScorer
    from paint_pipeline.reward.calibration.hack_report import run_hack_report
    from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET

    scorer = RewardScorer(_reward_config(args))
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        report = run_hack_report(client, scorer, args.matrix_set or MATRIX_SET,
                                 progress=lambda m: print(m, file=sys.stderr))
    print(report.table())
    return 0 if all(ok for _, ok, _ in report.verdicts()) else 1


def cmd_sample(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.evaluation import sample_split, score_rollouts
    from paint_pipeline.policy.rollouts import to_table, write_rollouts

    config = _policy_config(args)
    if args.guards is not None:
        config = config.replace(decoding_guards=tuple(g for g in args.guards.split(",") if g and g != "none"))
    rollouts = sample_split(config, split=args.split, limit=args.limit, group=args.group,
                            temperature=args.temperature, checkpoint=args.checkpoint)
    if args.out:
        write_rollouts(to_table(rollouts, cycle=args.split, policy_checkpoint=str(args.checkpoint or "base")), args.out)
        print(f"rollouts written to {args.out}", file=sys.stderr)
    if args.score:
        from paint_pipeline.reward import RewardConfig, RewardScorer

        scorer = RewardScorer(RewardConfig())
        with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
            _, _, report = score_rollouts(rollouts, client, scorer)
        print(f"{args.split} ({'checkpoint ' + str(args.checkpoint) if args.checkpoint else 'base policy'}, "
              f"T={args.temperature}, guards {','.join(config.decoding_guards) or 'none'}): {report.line()}")
        if report.failures:
            print("most common failures:\n" + "\n".join(report.failure_lines()))
    return 0


def cmd_train_online(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.online import train_online
    from paint_pipeline.prompts import load_split
    from paint_pipeline.reward import RewardScorer

    config = _policy_config(args)
    scorer = RewardScorer(_reward_config(args))
    prompts = [p.prompt for p in load_split("train")][: args.limit]
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        out = train_online(config, scorer=scorer, client=client, steps=args.steps, out_dir=args.out, prompts=prompts)
    print(f"adapter written to {out / 'adapter'}")
    return 0


def cmd_warm_start(args: argparse.Namespace) -> int:
    from paint_pipeline.prompts import load_split
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import warm_start

    config = _policy_config(args).replace(system_prompt=args.system_prompt)
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")], per_prompt=args.per_prompt, seed=config.seed)
    warm_start(config, pairs, args.out, steps=args.steps, batch_size=args.batch_size, learning_rate=args.learning_rate,
               max_len=args.max_len, resume=args.resume)
    return 0


def cmd_cycle(args: argparse.Namespace) -> int:
    from paint_pipeline.orchestration import commands
    from paint_pipeline.pipeline.settings import SettingsError

    if args.profile and args.verb_profile and args.profile != args.verb_profile:
        raise SettingsError(f"two profiles given: --profile {args.profile} and --profile {args.verb_profile}")
    args.profile = args.profile or args.verb_profile

    if args.cycle_command == "next":
        return commands.cycle_next(args.profile, run=not args.no_run, sibling=args.sibling)
    if args.cycle_command == "resume":
        return commands.cycle_resume(args.profile, args.cycle)
    if args.cycle_command == "status":
        return commands.cycle_status(args.profile, as_json=args.json)
    decision = "approved" if args.cycle_command == "approve" else "rejected"
    return commands.cycle_review(args.profile, args.cycle, decision, by=args.by, note=args.note,
                                 publish=getattr(args, "publish", False), override=args.override,
                                 override_checks=getattr(args, "override_checks", False))


def cmd_demo(args: argparse.Namespace) -> int:
    from paint_pipeline.orchestration import commands

    return commands.demo(args.profile, args.cycles)


def cmd_lineage(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.lineage import format_lineage, lineage
    from paint_pipeline.pipeline.settings import load_settings

    chain = lineage(load_settings(args.profile), args.target)
    print(json.dumps(chain, indent=2) if args.json else format_lineage(chain))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from paint_pipeline.pipeline.cycles import CYCLE_RE, CycleError, cycle_index
    from paint_pipeline.pipeline.heldout import evaluate_cycles, format_rows
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.prompts import load_split
    from paint_pipeline.reward import RewardScorer

    settings = load_settings(args.profile)
    settings = settings.replace(eval_split=args.split, eval_prompts=args.prompts or len(load_split(args.split)),
                                eval_samples_per_prompt=args.samples or settings.eval_samples_per_prompt)
    if args.cycles == "all":
        found = (settings.root / "checkpoints").glob("cycle-*/manifest.json")
        cycles = sorted((p.parent.name for p in found if CYCLE_RE.match(p.parent.name)), key=cycle_index)
    else:
        cycles = [c.strip() for c in args.cycles.split(",") if c.strip()]
        # Every named cycle checked before any work: a typo fails now, not after cycle 0 was evaluated.
        bad = [c for c in cycles if not CYCLE_RE.match(c)]
        if bad or not cycles:
            raise CycleError(f"--cycles {args.cycles!r}: " + (f"{', '.join(map(repr, bad))} is not a cycle key "
                             "(cycle-0001, ...)" if bad else "names no cycle") + "; or use --cycles all")
        missing = [c for c in cycles if not (settings.root / "checkpoints" / c / "manifest.json").is_file()]
        if missing:
            raise CycleError(f"--cycles: no checkpoint for {', '.join(missing)} under {settings.root / 'checkpoints'}")
    scorer = RewardScorer(settings.reward_config())
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        rows = evaluate_cycles(settings, cycles, client, scorer, include_start=not args.no_start,
                               log=lambda m: print(m, file=sys.stderr))
    print(json.dumps([asdict(r) for r in rows]) if args.json else format_rows(rows))
    return 0


def cmd_learning_curve(args: argparse.Namespace) -> int:
    from paint_pipeline.orchestration import commands

    return commands.learning_curve(args.profile, args.cycles, split=args.split, prompts=args.prompts,
                                   samples=args.samples, out=args.out, renderer_url=args.renderer_url,
                                   pool_size=args.pool_size)


def cmd_dashboard(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.dashboard import build_dashboard
    from paint_pipeline.pipeline.settings import load_settings

    print(f"dashboard written to {build_dashboard(load_settings(args.profile))}")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from paint_pipeline.orchestration import commands

    return commands.publish(args.profile, args.cycle, dry_run=args.dry_run, move_latest_back=args.move_latest_back)


def cmd_policy_config(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.config import PolicyConfig

    print(PolicyConfig.help())
    return 0


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


def cmd_bench_update(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.bench import format_table, run_update_benchmark

    report = run_update_benchmark(steps=args.steps, generation=not args.no_generation)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def cmd_bench_sample(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.cycles import WARM_START, checkpoint_dir
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import ensure_base_model
    from paint_pipeline.policy.bench import format_sampling_table, run_sampling_benchmark

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


def main(argv: Sequence[str] | None = None) -> int:
    from paint_pipeline.errors import PaintPipelineError

    args = build_parser().parse_args(argv)
    handlers = {
        "render": cmd_render, "score": cmd_score, "reward-config": cmd_reward_config, "calibrate": cmd_calibrate,
        "sample": cmd_sample, "warm-start": cmd_warm_start, "policy-config": cmd_policy_config,
        "train-online": cmd_train_online, "cycle": cmd_cycle, "lineage": cmd_lineage, "publish": cmd_publish,
        "dashboard": cmd_dashboard, "evaluate": cmd_evaluate, "demo": cmd_demo, "learning-curve": cmd_learning_curve,
        ("bench", "render"): cmd_bench_render, ("bench", "score"): cmd_bench_score,
        ("bench", "update"): cmd_bench_update, ("bench", "sample"): cmd_bench_sample,
    }
    key = args.command if args.command != "bench" else ("bench", args.bench)
    try:
        return handlers[key](args)
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


if __name__ == "__main__":
    sys.exit(main())
