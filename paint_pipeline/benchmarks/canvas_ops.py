"""What the `sketch` stage of a render is made of: render_canvas_ops.js, beside this module, run by Node.

    .venv/bin/paint-pipeline bench canvas-ops [--limit 16] [--sizes 256,600]

It runs the first N benchmark-corpus sketches on a fresh page each, in the renderer's own browser, at each size, and
times the browser calls p5.brush makes from inside the sketch (mask flush, mask paths, upload, the other JavaScript;
the script's header says what each is). `paint-pipeline bench render-phases` measures the stages of a render on the
service's own page.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

from paint_pipeline.paths import REPO_ROOT

SCRIPT = Path(__file__).with_name("render_canvas_ops.js")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=16, help="first N sketches of the corpus")
    parser.add_argument("--sizes", default="256,600", help="comma-separated resolutions")


def run(args: argparse.Namespace) -> int:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is not installed: install Node 20 (Debian: apt-get install nodejs)")
    command = [node, str(SCRIPT), "--limit", str(args.limit), "--sizes", args.sizes]
    return subprocess.run(command, cwd=REPO_ROOT, check=False).returncode
