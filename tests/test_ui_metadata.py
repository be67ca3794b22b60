"""What the Dagster UI shows of a cycle: only the reviewer's numbers as numbers (plotted), galleries with the
paintings themselves (pure functions; the assets' use of them is in test_orchestration.py)."""

from __future__ import annotations

import base64
import io
import re

import pyarrow as pa
from dagster import FloatMetadataValue, IntMetadataValue, MetadataValue, TextMetadataValue
from PIL import Image

from paint_pipeline.orchestration.metadata import PLOTTED, best_and_worst, render_gallery, reviewer_plots
from paint_pipeline.reward.config import TIERS


def painting(path, colour) -> str:
    Image.new("RGB", (512, 512), colour).save(path)
    return str(path)


def test_numbers_outside_the_reviewers_set_become_text():
    shown = reviewer_plots({"mean_total": 0.61, "groups": 6, "tokens_per_s": 123.456, "processes": IntMetadataValue(2),
                            "grad_norm": FloatMetadataValue(0.25), "render_success_rate": 1, "note": "x",
                            "flag": True, "path": MetadataValue.path("/a")})
    assert shown["mean_total"] == 0.61 and shown["render_success_rate"] == 1  # plotted
    assert {k: v.value for k, v in shown.items() if isinstance(v, TextMetadataValue)} == {
        "groups": "6", "tokens_per_s": "123.5", "processes": "2", "grad_norm": "0.25"}
    assert shown["note"] == "x" and shown["flag"] is True and shown["path"] == MetadataValue.path("/a")
    assert {"mean_total", "eval_mean_total", "parent_mean_total", "render_success_rate", "loss", "kl"} <= PLOTTED
    assert all(f"mean_{tier}" in PLOTTED for tier in TIERS)


def _thumbnails(markdown: str) -> list[Image.Image]:
    return [Image.open(io.BytesIO(base64.b64decode(b64)))
            for b64 in re.findall(r"\]\(data:image/jpeg;base64,([A-Za-z0-9+/=]+)\)", markdown)]


def test_the_best_and_worst_gallery_shows_each_painting_with_its_total(tmp_path):
    colours = {"a/p1/0": (250, 0, 0), "a/p1/1": (0, 250, 0), "a/p2/0": (0, 0, 250), "a/p2/1": (250, 250, 0)}
    images = {sid: painting(tmp_path / f"{i}.png", c) for i, (sid, c) in enumerate(colours.items())}
    totals = [0.9, 0.2, 0.5, 0.7]
    cards = {"sample_id": list(colours), "prompt": ["red", "green", "blue", "yellow"], "status": ["SUCCESS"] * 4,
             "total": totals}
    cards.update({f"{t}_score": totals for t in TIERS})
    cards.update({f"{t}_explanation": [f"{t} says why"] * 4 for t in TIERS})
    markdown = best_and_worst(pa.table(cards), images, count=1).value
    thumbs = _thumbnails(markdown)
    assert [t.size for t in thumbs] == [(128, 128), (128, 128)]
    assert [t.getpixel((64, 64))[0] > 200 for t in thumbs] == [True, False]  # the red best, then the green worst
    assert markdown.index("**0.900**") < markdown.index("**0.200**") and "**0.700**" not in markdown
    assert "Worst sample `a/p1/1`" in markdown


def test_the_render_gallery_shows_one_painting_per_prompt_and_every_failure(tmp_path):
    rows = {"sample_id": ["c/p1/0", "c/p1/1", "c/p2/0", "c/p3/0"],
            "status": ["SUCCESS", "SUCCESS", "SUCCESS", "RUNTIME_ERROR"],
            "image_path": [painting(tmp_path / "1.png", (9, 9, 9)), painting(tmp_path / "2.png", (9, 9, 9)),
                           painting(tmp_path / "3.png", (9, 9, 9)), None],
            "render_ms": [10.0, 11.0, 12.0, 13.0], "errors": [[], [], [], ["ReferenceError: x | is not defined"]]}
    markdown = render_gallery(pa.table(rows)).value
    assert markdown.startswith("3 of 4 rendered.")
    assert len(_thumbnails(markdown)) == 2  # p1 once, p2
    assert "`c/p1/1`" not in markdown
    assert "| (no image) | `c/p3/0` | RUNTIME_ERROR | 13 | ReferenceError: x / is not defined |" in markdown
