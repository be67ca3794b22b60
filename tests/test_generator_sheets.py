"""`analyze generator-sheets`: the fitted map's reference paintings laid out per category, captioned."""

from __future__ import annotations

import argparse
import io
from dataclasses import replace

import numpy as np
import pytest
from PIL import Image

from paint_pipeline.analysis import generator_sheets
from paint_pipeline.prompts import load_split
from paint_pipeline.reward.judges import procedural_map

TRAIN = load_split("train")


def _png(i: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (i % 256, 80, 160)).save(buf, format="PNG")
    return buf.getvalue()


def _map_file(tmp_path, paintings: int):
    rng = np.random.default_rng(0)
    fitted = procedural_map.fit_map(rng.normal(size=(paintings, 8)), rng.normal(size=(paintings, 4)))
    reference = procedural_map.ReferencePaintings(features=np.zeros((paintings, 8)),
                                                  pngs=tuple(_png(i) for i in range(paintings)),
                                                  marks=tuple({} for _ in range(paintings)))
    return procedural_map.save_map(replace(fitted, reference=reference), tmp_path / "map.npz")


def test_sheets_pair_every_train_prompt_with_its_painting_by_category(tmp_path):
    path = _map_file(tmp_path, len(TRAIN))
    by_category = generator_sheets.paintings_by_category(path)
    assert sorted(by_category) == sorted({p.category for p in TRAIN})
    flowers = [p.prompt for p in TRAIN if p.category == "flower"]
    assert [prompt for prompt, _ in by_category["flower"]] == flowers
    first = next(i for i, p in enumerate(TRAIN) if p.category == "flower")
    assert by_category["flower"][0][1] == _png(first)  # the painting kept for that prompt, not a neighbour's

    out = tmp_path / "sheets"
    args = argparse.Namespace(out=out, category=["flower"], map=path, columns=5, thumb=40)
    assert generator_sheets.run(args) == 0
    assert [f.name for f in out.iterdir()] == ["flower.jpg"]
    with Image.open(out / "flower.jpg") as sheet:
        rows = -(-len(flowers) // 5)
        assert sheet.size == (5 * (40 + 6) + 6, rows * (40 + 3 * 12 + 6) + 6)


def test_a_map_fitted_on_other_prompts_or_an_unknown_category_is_refused(tmp_path):
    with pytest.raises(generator_sheets.GeneratorSheetsError, match=f"keeps 5 paintings for {len(TRAIN)} train"):
        generator_sheets.paintings_by_category(_map_file(tmp_path, 5))
    path = _map_file(tmp_path, len(TRAIN))
    with pytest.raises(SystemExit, match="no train prompt of category dragons"):
        generator_sheets.run(argparse.Namespace(out=tmp_path, category=["dragons"], map=path, columns=5, thumb=40))
