"""The README's held-out gallery reads a learning curve's evaluation cache, renders tables beside it included."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from paint_pipeline.analysis.contact_sheet import contact_sheet, heldout_renders
from paint_pipeline.prompts import load_split


def _cache(artifacts, label, statuses):
    prompts = load_split("test")[: len(statuses)]
    ids = [f"eval-{label}/{p.prompt_id}/0" for p in prompts]
    cache = artifacts / "evaluation_cache"
    cache.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table({"sample_id": ids, "prompt": [p.prompt for p in prompts], "status": statuses,
                             "total": [0.5] * len(ids)}), cache / f"{label}.parquet")
    # the evaluation keeps its renders table beside the scorecards, without the scorecards' columns
    pq.write_table(pa.table({"sample_id": ids, "image_sha256": ["0" * 64] * len(ids)}),
                   cache / f"{label}.renders.parquet")
    images = artifacts / "evaluation_images" / label
    images.mkdir(parents=True, exist_ok=True)
    for sid, status in zip(ids, statuses):
        if status == "SUCCESS":
            Image.new("RGB", (32, 32), "red").save(images / (sid.replace("/", "__") + ".png"))
    return prompts


def test_heldout_gallery_reads_the_cache_beside_its_renders_tables(tmp_path):
    prompts = _cache(tmp_path, "cycle-test", ["SUCCESS", "PARSE_ERROR", "SUCCESS"])
    _cache(tmp_path, "cycle-0004-test", ["SUCCESS", "SUCCESS", "TIMEOUT"])
    shown = heldout_renders(tmp_path, ["cycle-test", "cycle-0004-test"], 3)
    assert [label for *_, label in shown] == ["cycle-test"] * 3 + ["cycle-0004-test"] * 3
    assert [prompt for _, prompt, _, _ in shown[:3]] == [p.prompt for p in prompts]
    kinds = [image if isinstance(image, str) else "image" for image, *_ in shown]
    assert kinds == ["image", "PARSE_ERROR", "image", "image", "image", "TIMEOUT"]
    sheet = contact_sheet([image for image, *_ in shown], columns=3, thumb=16)
    assert sheet.size == (3 * 20 + 4, 2 * 20 + 4)
    assert sheet.getpixel((4 + 8, 4 + 8)) == (255, 0, 0)  # a render; a failure is a grey tile


def test_heldout_gallery_names_a_missing_evaluation(tmp_path):
    _cache(tmp_path, "cycle-test", ["SUCCESS"])
    with pytest.raises(SystemExit, match="no evaluation of eval-cycle-0004-test/"):
        heldout_renders(tmp_path, ["cycle-0004-test"], 1)
