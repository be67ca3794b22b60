"""`paint-pipeline render`, `score`, `calibrate`, `judge-map` and `reward-config`: sketches rendered and scored
outside a cycle, and the offline judge's procedural map fitted."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
from pathlib import Path

from paint_pipeline.cli.options import (
    add_renderer_options,
    add_reward_options,
    command,
    config_help,
    positive_int,
    reward_config,
    seed,
)
from paint_pipeline.render import REWARD_RESOLUTION, RendererService


def register(sub) -> None:
    render = command(sub, "render", cmd_render, help="render p5.js sketch files to PNG in one batch")
    render.add_argument("sketches", nargs="+", type=Path, metavar="SKETCH.js")
    render.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    render.add_argument("--size", type=positive_int, default=REWARD_RESOLUTION, help="image side in pixels")
    render.add_argument("--seed", type=seed, default=0, help="seed for random(), noise() and Math.random()")
    render.add_argument("--timeout-ms", type=positive_int, default=10_000, help="wall-clock budget per sketch")
    add_renderer_options(render)

    score = command(sub, "score", cmd_score, help="render one sketch and score it with the five-tier reward")
    score.add_argument("sketch", type=Path, metavar="SKETCH.js")
    score.add_argument("--prompt", required=True, help="the prompt the sketch answers")
    score.add_argument("--json", action="store_true", help="print one JSON object instead of the readable scorecard")
    score.add_argument("--size", type=positive_int, default=REWARD_RESOLUTION, help="render side in pixels")
    score.add_argument("--seed", type=seed, default=0, help="seed for random(), noise() and Math.random()")
    score.add_argument("--timeout-ms", type=positive_int, default=20_000, help="wall-clock budget for the sketch")
    add_reward_options(score)
    add_renderer_options(score)

    calibrate = command(sub, "calibrate", cmd_calibrate,
                        help="score the labelled calibration set and check every ordering it pins")
    calibrate.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    calibrate.add_argument("--matrix", action="store_true",
                           help="instead: score every painting of a labelled set under every prompt with each "
                                "alignment backend available, and print how often the right pairs win, both ways")
    calibrate.add_argument("--hacks", action="store_true",
                           help="instead: score every bench painting under its prompt against the hack corpus "
                                "under the same prompt, and print who wins")
    calibrate.add_argument("--wins", action="store_true",
                           help="with --hacks: also list, for each fixed hack below target, the prompts it wins")
    calibrate.add_argument("--hacks-dir", type=Path, default=None, metavar="DIR",
                           help="with --hacks: the fixed hacks are the *.js files of DIR (first line '// hack class: "
                                "<letter> <name>') instead of data/calibration/hacks and the copied bench paintings")
    calibrate.add_argument("--copy-every-painting", action="store_true",
                           help="with --hacks: the fixed hacks are every bench painting copied for every other "
                                "prompt (class j at full size) instead of data/calibration/hacks")
    calibrate.add_argument("--matrix-set", type=Path, default=None,
                           help="JSONL of {id, sketch, prompt} for --matrix (default: data/judge/bench_prompts.jsonl)")
    calibrate.add_argument("--procedural-set", choices=("train", "validation", "test"), default=None,
                           help="for --matrix: the procedural generator's painting of every prompt of this split "
                                "instead of the bench (validation: prompts neither the map nor the bench saw)")
    calibrate.add_argument("--class-names-shares", type=float, nargs="+", default=(), metavar="W",
                           help="for --matrix: also the offline default with each of these weights (0 to 1) on "
                                "the judge's class-name parts beside its procedural map")
    add_reward_options(calibrate)
    add_renderer_options(calibrate)

    judge_map = command(sub, "judge-map", cmd_judge_map,
                        help="fit the offline judge's procedural map (renders the generator's paintings of the train "
                             "prompts; a no-op when the map for the current code and models exists)")
    judge_map.add_argument("--force", action="store_true", help="fit again even if an up-to-date map exists")
    add_renderer_options(judge_map)

    config_help(sub, "reward-config", "paint_pipeline.reward.config.RewardConfig", "reward")


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


def cmd_score(args: argparse.Namespace) -> int:
    from paint_pipeline.render.files import read_sketch
    from paint_pipeline.reward import RewardScorer, render_and_score

    code = read_sketch(args.sketch)
    scorer = RewardScorer(reward_config(args))  # fails on a bad config before a browser starts
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
    if args.wins or args.hacks_dir or args.copy_every_painting:
        raise SystemExit("paint-pipeline calibrate: --wins, --hacks-dir and --copy-every-painting go with --hacks")
    scorer = RewardScorer(reward_config(args))
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


def cmd_judge_map(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.judge_map import ensure_procedural_map

    ensure_procedural_map(lambda: RendererService(args.renderer_url, pool_size=args.pool_size), force=args.force)
    return 0


def _calibrate_matrix(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET, format_report, run_matrix

    if args.procedural_set and args.matrix_set:
        print("calibrate --matrix: give --matrix-set or --procedural-set, not both", file=sys.stderr)
        return 2
    bad = [w for w in args.class_names_shares if not 0.0 <= w <= 1.0]
    if bad:
        print(f"calibrate --matrix: --class-names-shares must lie in [0, 1], got {bad}", file=sys.stderr)
        return 2
    # A procedural set's sketches are written to a temporary folder, kept while the matrix renders them.
    with contextlib.ExitStack() as stack:
        matrix_set = args.matrix_set or MATRIX_SET
        if args.procedural_set:
            from paint_pipeline.paths import PROMPTS_DIR
            from paint_pipeline.pipeline.judge_map import procedural_matrix_set

            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="pp-matrix-"))
            matrix_set = procedural_matrix_set(PROMPTS_DIR / f"{args.procedural_set}.jsonl", Path(tmp))
        with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
            report = run_matrix(client, reward_config(args), matrix_set, progress=lambda m: print(m, file=sys.stderr),
                                class_names_shares=tuple(args.class_names_shares))
    if args.json:
        print(json.dumps({**report, "backends": {name: {way: asdict(m) for way, m in ways.items()}
                                                  for name, ways in report["backends"].items()}}))
    else:
        print(format_report(report))
    return 0


def _calibrate_hacks(args: argparse.Namespace) -> int:
    from paint_pipeline.paths import REPO_ROOT
    from paint_pipeline.reward import RewardScorer
    from paint_pipeline.reward.calibration.hack_corpus import copied_paintings, fixed_hacks
    from paint_pipeline.reward.calibration.hack_report import run_hack_report
    from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET, load_matrix_set

    if args.hacks_dir and args.copy_every_painting:
        raise SystemExit("paint-pipeline calibrate: --hacks-dir or --copy-every-painting, not both")
    matrix_set = args.matrix_set or MATRIX_SET
    if args.copy_every_painting:
        fixed = copied_paintings({f"j_copied_{p.id}": REPO_ROOT / p.sketch for p in load_matrix_set(matrix_set)})
    else:
        fixed = fixed_hacks(folder=args.hacks_dir)  # a bad folder or file fails here, before the renderer starts
    scorer = RewardScorer(reward_config(args))
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        report = run_hack_report(client, scorer, matrix_set, fixed=fixed,
                                 progress=lambda m: print(m, file=sys.stderr))
    print(report.table(wins=args.wins))
    return 0 if all(ok for _, ok, _ in report.verdicts()) else 1
