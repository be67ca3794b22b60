"""Asset metadata the UI shows: numbers with stable names (plotted across cycles), lineage fields, and
a Markdown table of the best and worst sketches with small inline thumbnails."""

from __future__ import annotations

import base64
import hashlib
import io
from pathlib import Path
from typing import Any

import pyarrow as pa
from dagster import MetadataValue

from paint_pipeline.reward.config import TIERS


def file_fields(prefix: str, path: Path) -> dict[str, Any]:
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
    return {f"{prefix}_path": MetadataValue.path(str(path)), f"{prefix}_sha256": digest}


def numbers(values: dict[str, Any]) -> dict[str, Any]:
    return {k: float(v) for k, v in values.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def thumbnail(path: str | None, size: int = 64) -> str:
    if not path or not Path(path).is_file():
        return "(no image)"
    from PIL import Image

    with Image.open(path) as image:
        image = image.convert("RGB")
        image.thumbnail((size, size))
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
    return f"![]({'data:image/png;base64,' + base64.b64encode(buffer.getvalue()).decode()})"


def best_and_worst(scorecards: pa.Table, renders: pa.Table, count: int = 3) -> MetadataValue:
    images = dict(zip(renders.column("sample_id").to_pylist(), renders.column("image_path").to_pylist()))
    rows = sorted(scorecards.to_pylist(), key=lambda r: -r["total"])
    picked = rows[:count] + [r for r in rows[-count:] if r not in rows[:count]]
    lines = ["| | sample | prompt | total | " + " | ".join(TIERS) + " | status |",
             "|---|---|---|---|" + "---|" * len(TIERS) + "---|"]
    for r in picked:
        tiers = " | ".join(f"{r[f'{t}_score']:.2f}" for t in TIERS)
        prompt = (r["prompt"] or "").replace("|", "/")[:60]
        lines.append(f"| {thumbnail(images.get(r['sample_id']))} | `{r['sample_id']}` | {prompt} | {r['total']:.3f} | "
                     f"{tiers} | {r['status']} |")
    worst = rows[-1] if rows else None
    if worst is not None:
        lines += ["", f"Worst sample `{worst['sample_id']}`: " + "; ".join(
            f"{t}: {worst[f'{t}_explanation']}" for t in TIERS)]
    return MetadataValue.md("\n".join(lines))
