"""Soak the renderer: N sketches (honest, broken, hostile) through one service; prints the report.

    .venv/bin/paint-pipeline bench soak [--n 1000] [--json]
"""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.settings import PipelineSettings
    from paint_pipeline.render.service import RendererService
    from paint_pipeline.render.soak import format_report, run_soak

    with RendererService() as client:
        report = run_soak(client, args.n, timeout_ms=PipelineSettings().render_timeout_ms, progress=not args.json)
    print(json.dumps(report) if args.json else format_report(report))
    return 0 if not report["misclassified"] and report["healthy_after"] else 1
