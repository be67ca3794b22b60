"""Re-scoring cached held-out evaluations: the same paintings, read by today's reward, in the same order."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest
from reward_helpers import blank, png_of, result

from paint_pipeline.analysis import rescore_evaluations
from paint_pipeline.analysis.stored_rollouts import evaluation_named
from paint_pipeline.parquet_io import write_table
from paint_pipeline.pipeline.evaluation import evaluation_renders_path
from paint_pipeline.render import table as render_table
from paint_pipeline.reward import RewardScorer
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.scorecard import Sample
from paint_pipeline.reward.table import to_table

PALETTE = RewardConfig(alignment_backend="palette", text_detector=False)


def painting(seed: int) -> np.ndarray:
    im = blank((240, 236, 225))
    rng = np.random.default_rng(seed)
    for _ in range(6):
        y, x = rng.integers(0, im.shape[0] - 40, size=2)
        im[y : y + 40, x : x + 40] = rng.integers(30, 220, size=3)
    return im


def cache(artifacts, label: str, scorer) -> list[str]:
    """A cached evaluation as `cached_evaluation` writes one: scorecards, and the renders table beside them."""
    prompts = ["a red barn in a green field", "a blue lake under a grey sky", "a yellow sun over orange dunes"]
    ids = [f"eval-{label}/test-{i:04d}/0" for i in range(len(prompts))]
    renders = [result(png_of(painting(1)), brush_marks={"brush.rect": 3}), result(None, status="PARSE_ERROR"),
               result(png_of(painting(7)))]
    cards = scorer.score([Sample(p, "", r, sample_id=s) for p, r, s in zip(prompts, renders, ids)])
    path = artifacts / "evaluation_cache" / f"{label}-key.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_table(to_table(cards), path)
    write_table(render_table.to_table(renders, ids, artifacts / "evaluation_images" / label),
                evaluation_renders_path(path))
    return ids


def test_the_same_reward_reproduces_the_recorded_scorecards(tmp_path):
    scorer = RewardScorer(PALETTE)
    ids = cache(tmp_path, "cycle-test", scorer)
    cache(tmp_path, "cycle-0001-test", scorer)
    recorded, again = rescore_evaluations.rescore(evaluation_named(tmp_path, "cycle-test"), scorer)
    assert again.column("sample_id").to_pylist() == ids
    for column in ("status", "total", "alignment_score", "brush_score", "flags"):
        assert again.column(column).to_pylist() == recorded.column(column).to_pylist()


def test_another_reward_reads_the_same_paintings_differently(tmp_path):
    cache(tmp_path, "cycle-test", RewardScorer(PALETTE))
    heavier = RewardScorer(PALETTE.replace(w_alignment=0.45, w_richness=0.15))
    recorded, again = rescore_evaluations.rescore(evaluation_named(tmp_path, "cycle-test"), heavier)
    assert again.column("richness_score").to_pylist() == recorded.column("richness_score").to_pylist()
    assert again.column("total").to_pylist() != recorded.column("total").to_pylist()
    assert set(again.column("reward_version").to_pylist()) == {heavier.version}


def test_a_missing_label_or_renders_table_is_named(tmp_path, capsys):
    cache(tmp_path, "cycle-test", RewardScorer(PALETTE))
    with pytest.raises(FileNotFoundError, match=r"no cached evaluation 'cycle-0009-test'.*there: cycle-test"):
        evaluation_named(tmp_path, "cycle-0009-test")
    path = evaluation_named(tmp_path, "cycle-test")
    evaluation_renders_path(path).unlink()
    with pytest.raises(FileNotFoundError, match="renders table .* is missing"):
        rescore_evaluations.rescore(path, RewardScorer(PALETTE))
    code = rescore_evaluations.run(argparse.Namespace(artifacts=tmp_path, labels=["cycle-test"]))
    assert code == 2 and "is missing" in capsys.readouterr().err


def test_the_command_line_runs_it_and_the_matrix_takes_one_set_at_a_time(tmp_path, capsys):
    from paint_pipeline.cli import main

    assert main(["analyze", "rescore-evaluations", str(tmp_path), "cycle-test"]) == 2
    assert "no cached evaluation 'cycle-test'" in capsys.readouterr().err
    code = main(["calibrate", "--matrix", "--procedural-set", "validation", "--matrix-set", str(tmp_path / "x.jsonl")])
    assert code == 2 and "not both" in capsys.readouterr().err


def test_the_matrix_writes_a_temporary_set_only_for_a_procedural_set(monkeypatch, capsys):
    import contextlib
    import tempfile

    import paint_pipeline.cli.reward as cli_reward
    from paint_pipeline.cli import main
    from paint_pipeline.reward.calibration import judge_matrix

    folders, sets = [], []
    real_folder = tempfile.TemporaryDirectory
    monkeypatch.setattr(tempfile, "TemporaryDirectory", lambda **kw: folders.append(kw) or real_folder(**kw))
    monkeypatch.setattr(cli_reward, "RendererService", lambda *a, **kw: contextlib.nullcontext("client"))
    shares = []
    monkeypatch.setattr(judge_matrix, "run_matrix", lambda client, config, path, progress, class_names_shares: (
        sets.append((Path(path), Path(path).is_file())) or shares.append(class_names_shares)
        or {"set": str(path), "n": 0, "backends": {}}))
    assert main(["calibrate", "--matrix"]) == 0
    assert folders == [] and sets == [(judge_matrix.MATRIX_SET, True)] and shares == [()]
    assert main(["calibrate", "--matrix", "--procedural-set", "validation"]) == 0
    assert len(folders) == 1 and sets[1][0].name == "procedural_validation.jsonl" and sets[1][1]
    assert not sets[1][0].exists()  # the temporary set is gone once the matrix is printed
    assert main(["calibrate", "--matrix", "--class-names-shares", "0", "0.25"]) == 0 and shares[-1] == (0.0, 0.25)
    capsys.readouterr()
    assert main(["calibrate", "--matrix", "--class-names-shares", "1.5"]) == 2 and len(sets) == 3
    assert "must lie in [0, 1]" in capsys.readouterr().err
