"""The README's held-out gallery reads a learning curve's evaluation cache, renders tables beside it included."""

from __future__ import annotations

import hashlib

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from paint_pipeline.analysis.contact_sheet import contact_sheet, heldout_renders
from paint_pipeline.pipeline.evaluation import evaluation_images_dir, evaluation_renders_path
from paint_pipeline.prompts import load_split


def _cache(artifacts, label, statuses, key=None, colour="red"):
    """A cached evaluation as `cached_evaluation` keeps one: scorecards, the renders table beside them, and the
    paintings in the evaluation's own folder."""
    prompts = load_split("test")[: len(statuses)]
    ids = [f"eval-{label}/{p.prompt_id}/0" for p in prompts]
    cache = artifacts / "evaluation_cache"
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"{key or label}.parquet"
    pq.write_table(pa.table({"sample_id": ids, "prompt": [p.prompt for p in prompts], "status": statuses,
                             "total": [0.5] * len(ids)}), path)
    images = evaluation_images_dir(path)
    images.mkdir(parents=True, exist_ok=True)
    paths, digests = [], []
    for sid, status in zip(ids, statuses):
        image = images / (sid.replace("/", "__") + ".png")
        if status == "SUCCESS":
            Image.new("RGB", (32, 32), colour).save(image)
        paths.append(str(image) if status == "SUCCESS" else None)
        digests.append(hashlib.sha256(image.read_bytes()).hexdigest() if status == "SUCCESS" else None)
    pq.write_table(pa.table({"sample_id": ids, "image_path": pa.array(paths, pa.string()),
                             "image_sha256": pa.array(digests, pa.string())}), evaluation_renders_path(path))
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
    with pytest.raises(SystemExit, match="no cached evaluation 'cycle-0004-test'.*there: cycle-test"):
        heldout_renders(tmp_path, ["cycle-0004-test"], 1)


def test_a_label_evaluated_twice_is_named_by_its_key_and_each_shows_its_own_paintings(tmp_path):
    """Two evaluations of one label (another temperature, another guard) keep their paintings apart; a bare label
    is refused with both names, and `label@key` shows that evaluation's paintings."""
    _cache(tmp_path, "cycle-test", ["SUCCESS"], key="aaaaaaaa11", colour="red")
    _cache(tmp_path, "cycle-test", ["SUCCESS"], key="bbbbbbbb22", colour="blue")
    with pytest.raises(SystemExit, match="evaluated 2 times.*cycle-test@aaaaaaaa, cycle-test@bbbbbbbb"):
        heldout_renders(tmp_path, ["cycle-test"], 1)
    shown = heldout_renders(tmp_path, ["cycle-test@aaaaaaaa", "cycle-test@bbbbbbbb"], 1)
    assert [Image.open(image).getpixel((0, 0)) for image, *_ in shown] == [(255, 0, 0), (0, 0, 255)]
    assert shown[0][0].parent != shown[1][0].parent


def test_a_painting_another_evaluation_wrote_over_is_refused(tmp_path):
    """Before each evaluation had its own folder, a later evaluation of the same label wrote over the earlier one's
    paintings; the renders table's sha256 tells, and the gallery refuses to show another evaluation's picture."""
    _cache(tmp_path, "cycle-test", ["SUCCESS"])
    shown = heldout_renders(tmp_path, ["cycle-test"], 1)
    Image.new("RGB", (32, 32), "green").save(shown[0][0])
    with pytest.raises(SystemExit, match="is not the painting cycle-test.parquet rendered"):
        heldout_renders(tmp_path, ["cycle-test"], 1)


def test_each_evaluation_of_a_label_paints_into_a_folder_of_its_own(tmp_path, monkeypatch):
    """The writer's side: two evaluations of one label under other settings (here the temperature) are rendered
    into two folders, each the one `evaluation_images_dir` names beside its cache entry."""
    from paint_pipeline.pipeline import evaluation
    from paint_pipeline.pipeline.settings import load_settings

    folders = []

    def fake_evaluate(settings, checkpoint, client, scorer, *, label, images_dir, **paths):
        folders.append(images_dir)
        return pa.table({"sample_id": [f"eval-{label}/test-0000/0"]})

    monkeypatch.setattr(evaluation, "evaluate_policy", fake_evaluate)
    monkeypatch.delenv("PAINT_ARTIFACTS", raising=False)
    scorer = type("Scorer", (), {"version": "r1"})()
    settings = load_settings("default").replace(artifacts_dir=str(tmp_path / "artifacts"))
    for temperature in (0.3, 0.6):
        at = settings.replace(eval_temperature=temperature)
        evaluation.cached_evaluation(at, None, None, scorer, label="cycle-test", log=lambda _: None)
        assert folders[-1] == evaluation_images_dir(evaluation.evaluation_cache_path(at, None, "r1"))
    assert len(set(folders)) == 2 and folders[0].parent == folders[1].parent == settings.root / "evaluation_images"
