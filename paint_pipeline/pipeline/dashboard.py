"""`<artifacts>/dashboard.html`: charts across cycles and a gallery per cycle, in one offline file.

Charts are inline SVG drawn here (no chart library, no CDN); gallery images are the renders' own PNG
files, linked relative to the dashboard so the folder can be copied or served as is. The page reloads
itself every minute, so it follows a run in progress. Everything is read from files (cycle manifests,
checkpoint manifests, scorecard and evaluation tables), never from the Dagster instance.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from paint_pipeline.fileio import atomic_write_bytes, read_json_object
from paint_pipeline.pipeline.cycles import CYCLE_RE, cycle_index
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.reward.config import TIERS

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b"]


def cycle_metrics(settings: PipelineSettings) -> list[dict[str, Any]]:
    """One row per cycle that has scorecards: reward means per tier, success rate, loss, KL, temperature."""
    from paint_pipeline.pipeline.stats import summarize_scorecards

    root = settings.root
    cycles = sorted((p.stem for p in (root / "scorecards").glob("cycle-*.parquet") if CYCLE_RE.match(p.stem)),
                    key=cycle_index)
    rows = []
    for cycle in cycles:
        row: dict[str, Any] = {"cycle": cycle}
        # A corrupt file costs its own numbers (and is named in `problems`), never the other cycles' rows.
        problems = []
        try:
            row |= summarize_scorecards(pq.read_table(root / "scorecards" / f"{cycle}.parquet"))
        except (OSError, ValueError, KeyError) as exc:
            problems.append(f"{root / 'scorecards' / f'{cycle}.parquet'}: {exc}")
        row["temperature"] = _json_field(root / "cycles" / f"{cycle}.json", problems).get("temperature")
        metrics = _json_field(root / "checkpoints" / cycle / "manifest.json", problems).get("metrics") or {}
        row.update(loss=metrics.get("loss"), kl=metrics.get("kl"))
        evaluation = root / "evaluation" / f"{cycle}.parquet"
        if evaluation.is_file():
            try:
                row["held_out_total"] = summarize_scorecards(pq.read_table(evaluation))["mean_total"]
            except (OSError, ValueError, KeyError) as exc:
                problems.append(f"{evaluation}: {exc}")
        if problems:
            row["problems"] = problems
        rows.append(row)
    return rows


def _json_field(path: Path, problems: list[str]) -> dict[str, Any]:
    """The JSON object in `path`; {} when absent, or when unreadable (noted in `problems`)."""
    if not path.is_file():
        return {}
    try:
        return read_json_object(path)
    except (OSError, ValueError) as exc:
        problems.append(f"{path}: unreadable ({exc})")
        return {}


def line_chart(title: str, xs: list[str], series: dict[str, list[float | None]], *, width: int = 420,
               height: int = 220) -> str:
    """An SVG line chart; missing values leave gaps."""
    left, right, top, bottom = 44, 12, 28, 34
    values = [v for vs in series.values() for v in vs if v is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    if hi - lo < 1e-9:
        lo, hi = lo - 0.5, hi + 0.5
    n = max(1, len(xs) - 1)

    def px(i: int) -> float:
        return left + (width - left - right) * (i / n if len(xs) > 1 else 0.5)

    def py(v: float) -> float:
        return top + (height - top - bottom) * (1 - (v - lo) / (hi - lo))

    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
             f'aria-label="{html.escape(title)}"><text x="{left}" y="16" class="title">{html.escape(title)}</text>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" class="axis"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" class="axis"/>']
    for v in (lo, (lo + hi) / 2, hi):
        parts.append(f'<text x="{left - 4}" y="{py(v) + 4:.1f}" class="tick" text-anchor="end">{v:.3g}</text>')
    step = max(1, len(xs) // 6)
    for i in range(0, len(xs), step):
        anchor = "end" if i == len(xs) - 1 and len(xs) > 1 else "middle"
        parts.append(f'<text x="{px(i):.1f}" y="{height - bottom + 14}" class="tick" text-anchor="{anchor}">'
                     f'{html.escape(xs[i].replace("cycle-", "#"))}</text>')
    for k, (name, vs) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        points = [(px(i), py(v)) for i, v in enumerate(vs) if v is not None]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
        spacing = (width - left - 8) / max(1, len(series))
        parts.append(f'<text x="{left + 8 + spacing * k:.0f}" y="{height - 6}" class="legend" fill="{colour}">'
                     f'{html.escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def gallery(settings: PipelineSettings, cycle: str, out_dir: Path, limit: int = 24) -> str:
    root = settings.root
    try:
        cards = pq.read_table(root / "scorecards" / f"{cycle}.parquet").to_pylist()
    except (OSError, ValueError) as exc:  # named in the table above; the other galleries still show
        return f'<h2>{cycle}</h2><p class="problem">{html.escape(f"no gallery: {exc}")}</p>'
    renders_path = root / "renders" / f"{cycle}.parquet"
    images = {}
    try:
        table = pq.read_table(renders_path, columns=["sample_id", "image_path"]) if renders_path.is_file() else None
    except (OSError, ValueError):
        table = None
    if table is not None:
        images = dict(zip(table.column("sample_id").to_pylist(), table.column("image_path").to_pylist()))
    tiles = []
    for card in sorted(cards, key=lambda c: -c["total"])[:limit]:
        path = images.get(card["sample_id"])
        img = (f'<img loading="lazy" src="{html.escape(os.path.relpath(path, out_dir))}" alt="render">' if path
               else '<div class="noimg">no image</div>')
        tiers = "".join(f"<li>{t}: {card[f'{t}_score']:.2f} <span>{html.escape(card[f'{t}_explanation'] or '')}"
                        f"</span></li>" for t in TIERS)
        tiles.append(f'<figure class="tile">{img}<figcaption><b>{card["total"]:.3f}</b> {card["status"]} '
                     f'<code>{html.escape(card["sample_id"])}</code><p>{html.escape(card["prompt"] or "")}</p>'
                     f'<ul>{tiers}</ul></figcaption></figure>')
    return f'<h2>{cycle}</h2><section class="gallery" id="gallery-{cycle}">{"".join(tiles)}</section>'


STYLE = """body{font:14px system-ui,sans-serif;margin:20px;color:#222;background:#fafafa}
h1{font-size:20px}h2{font-size:16px;margin:18px 0 8px}.charts{display:flex;flex-wrap:wrap;gap:12px}
.chart{background:#fff;border:1px solid #ddd}.title{font-size:13px;font-weight:600}.tick{font-size:10px;fill:#555}
.legend{font-size:11px}.axis{stroke:#999}.gallery{display:flex;flex-wrap:wrap;gap:10px}
.tile{width:220px;margin:0;background:#fff;border:1px solid #ddd;padding:6px}.tile img{width:208px;height:208px}
.tile ul{padding-left:14px;margin:4px 0;font-size:11px}.tile li span{color:#666}.tile p{margin:4px 0}
.problem{color:#a00}.noimg{width:208px;height:208px;background:#eee;display:flex;align-items:center;justify-content:center}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}"""


def build_dashboard(settings: PipelineSettings, out: Path | None = None) -> Path:
    out = out or settings.root / "dashboard.html"
    rows = cycle_metrics(settings)
    xs = [r["cycle"] for r in rows]

    def col(name: str) -> list:
        return [r.get(name) for r in rows]

    charts = [
        line_chart("mean reward per tier", xs, {t: col(f"mean_{t}") for t in TIERS}),
        line_chart("total reward (training, held-out)", xs, {"training": col("mean_total"),
                                                              "held-out": col("held_out_total")}),
        line_chart("render success rate", xs, {"success": col("render_success_rate")}),
        line_chart("loss", xs, {"loss": col("loss")}),
        line_chart("KL to the base (measured when beta > 0)", xs, {"kl": col("kl")}),
        line_chart("sampling temperature", xs, {"T": col("temperature")}),
    ]
    header = "".join(f"<th>{h}</th>" for h in ["cycle", "T", "render ok", "total", *TIERS, "held-out", "loss", "kl"])

    def fmt(v, spec=".3f"):
        return "-" if v is None else format(v, spec)

    body = "".join(
        f"<tr><td>{r['cycle']}</td><td>{fmt(r.get('temperature'), '.2f')}</td>"
        f"<td>{fmt(r.get('render_success_rate'), '.0%')}</td><td>{fmt(r.get('mean_total'))}</td>"
        + "".join(f"<td>{fmt(r.get(f'mean_{t}'))}</td>" for t in TIERS) +
        f"<td>{fmt(r.get('held_out_total'))}</td><td>{fmt(r.get('loss'), '.4f')}</td>"
        f"<td>{fmt(r.get('kl'), '.4f')}</td></tr>"
        + "".join(f'<tr><td colspan="{len(TIERS) + 7}" class="problem">{html.escape(p)}</td></tr>'
                  for p in r.get("problems", []))
        for r in rows)
    galleries = "".join(gallery(settings, c, out.parent) for c in reversed(xs))
    curve = settings.root / "learning_curve" / "learning_curve.svg"  # from `paint-pipeline learning-curve`
    if curve.is_file():
        galleries = (f'<h2>Learning curve (held-out)</h2><img src="{html.escape(os.path.relpath(curve, out.parent))}" '
                     f'alt="learning curve">') + galleries
    page = (f'<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">'
            f"<title>paint-pipeline dashboard</title><style>{STYLE}</style></head><body>"
            f"<h1>paint-pipeline: {len(rows)} cycle(s), profile {html.escape(settings.profile)}</h1>"
            f'<div class="charts">{"".join(charts)}</div><h2>Cycles</h2><table id="cycles"><tr>{header}</tr>{body}'
            f"</table>{galleries or '<p>No cycles yet: paint-pipeline cycle next</p>'}</body></html>")
    return atomic_write_bytes(out, page.encode())
