"""Two ways of rendering the benchmark corpus, compared in one interleaved run (paint_pipeline/render/bench.py).

    # what this checkout's renderer costs against an earlier commit's, same resolution; also whether the honest
    # corpus renders with the same statuses and the same images (SSIM at 224 px) as before
    .venv/bin/paint-pipeline bench renderer-variants versions --before 17ce54c

    # switches measured against today's default, each candidate interleaved with the default in its own run
    .venv/bin/paint-pipeline bench renderer-variants switches

The earlier commit's renderer is checked out into a temporary git worktree and run with this checkout's
node_modules (the pinned packages; the benchmark refuses when the two package-lock.json files differ).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render import REWARD_RESOLUTION

# Candidates for `switches`: (label, renderer arguments). The GL modes are renderer/src/config.js GL_MODES.
SWITCHES = [
    ("software 2D canvas, no GPU raster",
     ["--chromium-args", "--disable-accelerated-2d-canvas --disable-gpu-rasterization"]),
    ("brush masks willReadFrequently", ["--brush-mask-read-frequently"]),
    ("GL angle-swiftshader-no-gpu", ["--gl-mode", "angle-swiftshader-no-gpu"]),
    ("GL swiftshader-gpu-process", ["--gl-mode", "swiftshader-gpu-process"]),
]


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO_ROOT), *args], check=True, capture_output=True, text=True).stdout


def worktree_renderer(ref: str, into: Path) -> Path:
    """The renderer folder of `ref`, in a detached worktree under `into`, using this checkout's node_modules."""
    git("worktree", "add", "--detach", str(into), ref)
    renderer = into / "renderer"
    ours = REPO_ROOT / "renderer"
    if (renderer / "package-lock.json").read_bytes() != (ours / "package-lock.json").read_bytes():
        raise SystemExit(f"the renderer at {ref} pins other npm packages than this checkout: install them there "
                         f"(npm ci in {renderer}) and compare by hand")
    (renderer / "node_modules").symlink_to(ours / "node_modules")
    return renderer


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="comparison", required=True)
    for name, help in (("versions", "this checkout's renderer against an earlier commit's"),
                       ("switches", "candidate switches, each against today's default")):
        p = sub.add_parser(name, help=help)
        p.add_argument("--size", type=int, default=REWARD_RESOLUTION)
        p.add_argument("--limit", type=int, default=None, help="first N sketches of the corpus")
        p.add_argument("--corpus", type=Path, default=None)
        p.add_argument("--pool-size", type=int, default=None)
        p.add_argument("--chunk", type=int, default=None, help="sketches per interleaved chunk (default: 2 x pool)")
        p.add_argument("--json", action="store_true")
        if name == "versions":
            p.add_argument("--before", required=True, help="git commit (or tag) of the earlier renderer")
        else:
            p.add_argument("--only", default=None, help="only the candidates whose label contains this text")


def versions(args: argparse.Namespace) -> dict:
    from paint_pipeline.render.bench import Side, load_corpus, run_interleaved

    sketches = load_corpus(args.corpus, args.limit)
    with tempfile.TemporaryDirectory(prefix="pp-bench-") as tmp:
        tree = Path(tmp) / "before"
        try:
            before = worktree_renderer(args.before, tree)
            report = run_interleaved(sketches, Side(f"before ({args.before})", args.size, renderer_dir=before),
                                     Side("now", args.size), pool_size=args.pool_size, chunk=args.chunk,
                                     progress=lambda line: print(line, file=sys.stderr, flush=True))
        finally:
            git("worktree", "remove", "--force", str(tree))
    return report


def switches(args: argparse.Namespace) -> list[dict]:
    from paint_pipeline.render.bench import Side, format_comparison, load_corpus, run_interleaved

    sketches = load_corpus(args.corpus, args.limit)
    reports = []
    for label, extra in SWITCHES:
        if args.only and args.only not in label:
            continue
        print(f"--- {label}", file=sys.stderr, flush=True)
        report = run_interleaved(sketches, Side("default", args.size), Side(label, args.size, extra),
                                 pool_size=args.pool_size, chunk=args.chunk,
                                 progress=lambda line: print(line, file=sys.stderr, flush=True))
        reports.append(report)
        if not args.json:
            print(format_comparison(report), flush=True)
            print(flush=True)
    return reports


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.render.bench import format_comparison

    if args.comparison == "versions":
        report = versions(args)
        print(json.dumps(report) if args.json else format_comparison(report))
    else:
        reports = switches(args)
        if args.json:
            print(json.dumps(reports))
    return 0
