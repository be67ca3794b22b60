"""Asset metadata the UI shows.

Dagster plots every number of a partitioned asset's metadata across partitions, one chart per key. Only the
numbers a reviewer reads are numbers here (PLOTTED: each tier's mean, the total, render success, the update's
loss and KL, the held-out total against the parent: the columns of `cycle status`); every other figure is shown
as text, so it is listed but not plotted.

Galleries are Markdown tables with inline JPEG thumbnails (the UI draws images only from data URIs: it serves
no files), under a key that says what they hold: `renders` shows a painting of each prompt and every failure,
`scorecards` and `evaluation` the best and worst paintings with their totals.
"""

from __future__ import annotations

import base64
import hashlib
import io
from pathlib import Path
from typing import Any, Mapping

import pyarrow as pa
from dagster import FloatMetadataValue, IntMetadataValue, MetadataValue

from paint_pipeline.reward.config import TIERS

PLOTTED = frozenset({"render_success_rate", "mean_total", *(f"mean_{tier}" for tier in TIERS), "loss", "kl",
                     "eval_mean_total", "parent_mean_total", "eval_total_delta"})
THUMBNAIL_PX = 128


def file_fields(prefix: str, path: Path) -> dict[str, Any]:
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
    return {f"{prefix}_path": MetadataValue.path(str(path)), f"{prefix}_sha256": digest}


def numbers(values: dict[str, Any]) -> dict[str, Any]:
    return {k: float(v) for k, v in values.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def _as_text(value: float | int) -> str:
    return str(value) if isinstance(value, int) else f"{value:.4g}"


def reviewer_plots(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """The metadata with every number outside PLOTTED turned into text (listed, not plotted)."""
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        raw = value.value if isinstance(value, (FloatMetadataValue, IntMetadataValue)) else value
        if isinstance(raw, (int, float)) and not isinstance(raw, bool) and key not in PLOTTED:
            out[key] = MetadataValue.text(_as_text(raw))
        else:
            out[key] = value
    return out


def thumbnail(path: str | None, size: int = THUMBNAIL_PX) -> str:
    if not path or not Path(path).is_file():
        return "(no image)"
    from PIL import Image

    with Image.open(path) as image:
        image = image.convert("RGB")
        image.thumbnail((size, size))
        buffer = io.BytesIO()
        image.save(buffer, format="JPEG", quality=80)
    return f"![]({'data:image/jpeg;base64,' + base64.b64encode(buffer.getvalue()).decode()})"


def best_and_worst(scorecards: pa.Table, images: Mapping[str, str | None], count: int = 3) -> MetadataValue:
    """The `count` best and worst sketches: thumbnail, total, each tier, status; the worst one's explanations."""
    rows = sorted(scorecards.to_pylist(), key=lambda r: -r["total"])
    picked = rows[:count] + [r for r in rows[-count:] if r not in rows[:count]]
    lines = ["| | total | prompt | " + " | ".join(TIERS) + " | status | sample |",
             "|---|---|---|" + "---|" * len(TIERS) + "---|---|"]
    for r in picked:
        tiers = " | ".join(f"{r[f'{t}_score']:.2f}" for t in TIERS)
        prompt = (r["prompt"] or "").replace("|", "/")[:60]
        lines.append(f"| {thumbnail(images.get(r['sample_id']))} | **{r['total']:.3f}** | {prompt} | {tiers} | "
                     f"{r['status']} | `{r['sample_id']}` |")
    worst = rows[-1] if rows else None
    if worst is not None:
        lines += ["", f"Worst sample `{worst['sample_id']}`: " + "; ".join(
            f"{t}: {worst[f'{t}_explanation']}" for t in TIERS)]
    return MetadataValue.md("\n".join(lines))


def render_gallery(renders: pa.Table, count: int = 8) -> MetadataValue:
    """One painting per prompt (up to `count`), then every render that failed, with its status and first error.
    Renders come before scoring, so there are no totals yet: those are on `scorecards`."""
    rows = renders.to_pylist()
    shown, prompts = [], set()
    for r in rows:
        prompt = r["sample_id"].rsplit("/", 1)[0]
        if r["status"] == "SUCCESS" and prompt not in prompts and len(shown) < count:
            prompts.add(prompt)
            shown.append(r)
    failed = [r for r in rows if r["status"] != "SUCCESS"]
    lines = [f"{len(rows) - len(failed)} of {len(rows)} rendered.", "",
             "| | sample | status | ms | first error |", "|---|---|---|---|---|"]
    for r in shown + failed[:count]:
        error = ((r.get("errors") or [""])[0] or "").replace("|", "/").replace("\n", " ")[:100]
        lines.append(f"| {thumbnail(r['image_path'])} | `{r['sample_id']}` | {r['status']} | "
                     f"{r['render_ms']:.0f} | {error} |")
    if len(failed) > count:
        lines.append(f"\n{len(failed) - count} more failed renders: see the renders table's errors column.")
    return MetadataValue.md("\n".join(lines))
