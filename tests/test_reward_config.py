"""The reward config (one typed, validated place), the reward version, advantages and the scorecard table."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pyarrow as pa
import pytest
from reward_helpers import painting, pixel_noise, png_of, result

from paint_pipeline.policy.advantages import group_advantages
from paint_pipeline.reward import RewardConfig, RewardConfigError, RewardScorer, Sample
from paint_pipeline.reward.config import TIERS
from paint_pipeline.reward.table import SCHEMA, ScorecardFileError, read_table, to_table, write_table
from paint_pipeline.reward.version import reward_version


def test_defaults_are_the_documented_weights():
    assert RewardConfig().weights() == {"compile": 0.10, "alignment": 0.35, "richness": 0.25, "brush": 0.15,
                                        "aesthetic": 0.15}


def test_every_field_has_help_text():
    for f in dataclasses.fields(RewardConfig):
        assert len(f.metadata.get("help", "")) > 10, f.name
    assert "w_alignment (default 0.35)" in RewardConfig.help()


@pytest.mark.parametrize("changes,message", [
    ({"w_compile": 0.5}, "must sum to 1"),
    ({"w_brush": -0.1, "w_aesthetic": 0.4}, "'w_brush'"),
    ({"noise_cap": 1.5}, "'noise_cap'"),
    ({"alignment_backend": "dall-e"}, "'alignment_backend'"),
    ({"clip_weights": "random-init"}, "tests only"),
    ({"analysis_size": 8}, "'analysis_size'"),
    ({"colourfulness_band": [90, 20]}, "'colourfulness_band'"),
    ({"richness_full": 0.0}, "'richness_full'"),
    ({"aesthetic_full": 1.5}, "'aesthetic_full'"),
    ({"brush_full": -0.2}, "'brush_full'"),
    ({"flat_cap": 1.5}, "'flat_cap'"),
])
def test_invalid_values_name_the_field(changes, message):
    with pytest.raises(RewardConfigError, match=message):
        RewardConfig().replace(**changes)


def test_config_files_round_trip_and_bad_files_are_named(tmp_path):
    good = tmp_path / "reward.json"
    good.write_text(json.dumps({"w_alignment": 0.30, "w_richness": 0.30, "stripe_words": ["zebra"]}))
    cfg = RewardConfig.from_file(good)
    assert cfg.w_alignment == 0.30 and cfg.stripe_words == ("zebra",)
    assert RewardConfig.from_dict(cfg.to_dict()) == cfg
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"w_alignmnet": 0.3}))
    with pytest.raises(RewardConfigError, match=r"unknown.json: unknown field\(s\) w_alignmnet"):
        RewardConfig.from_file(unknown)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(RewardConfigError, match="broken.json: cannot read reward config"):
        RewardConfig.from_file(broken)


def test_reward_version_changes_with_weights_thresholds_and_backend():
    base = RewardConfig(alignment_backend="palette")
    v = reward_version(base, "offline-palette-shape-v1")
    assert v == reward_version(RewardConfig(alignment_backend="palette"), "offline-palette-shape-v1")
    assert v != reward_version(base.replace(w_compile=0.05, w_alignment=0.40), "offline-palette-shape-v1")
    assert v != reward_version(base.replace(noise_cap=0.1), "offline-palette-shape-v1")
    assert v != reward_version(base, "clip:ViT-B-32:laion2b_s34b_b79k")


# --- advantages ----------------------------------------------------------------------------------
def test_group_advantages_match_the_grpo_and_dr_grpo_formulas():
    rewards = [0.1, 0.5, 0.9, 0.4, 0.4, 0.4, 0.2, 0.8]
    groups = ["a", "a", "a", "b", "b", "b", "c", "c"]
    adv, stats = group_advantages(rewards, groups)
    a = np.array([0.1, 0.5, 0.9])
    assert np.allclose(adv[:3], (a - a.mean()) / (a.std(ddof=1) + 1e-4))
    assert np.allclose(adv[3:6], 0.0)
    assert stats.groups == 3 and stats.frac_reward_zero_std == pytest.approx(1 / 3)
    dr, _ = group_advantages(rewards, groups, scale="none")
    assert np.allclose(dr[:3], a - a.mean()) and np.allclose(dr[6:], [-0.3, 0.3])


def test_group_advantages_match_trl_on_the_same_rewards():
    import torch
    rewards = torch.tensor([0.3, 0.7, 0.1, 0.9, 0.5, 0.5, 0.5, 0.5])
    g = 4
    # TRL's GRPOTrainer: mean and (unbiased) std per group of num_generations, then (r - mean) / (std + 1e-4).
    mean = rewards.view(-1, g).mean(dim=1).repeat_interleave(g)
    std = rewards.view(-1, g).std(dim=1).repeat_interleave(g)
    expected = ((rewards - mean) / (std + 1e-4)).numpy()
    adv, stats = group_advantages(rewards.tolist(), [0] * g + [1] * g)
    assert np.allclose(adv, expected, atol=1e-6) and stats.frac_reward_zero_std == 0.5


def test_non_finite_rewards_are_refused():
    with pytest.raises(ValueError, match="non-finite rewards at positions \\[1\\]"):
        group_advantages([0.1, float("nan")], [0, 0])


# --- the Parquet table ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cards():
    scorer = RewardScorer(RewardConfig(alignment_backend="palette"))
    return scorer.score([
        Sample("a red and blue painting", "x", result(png_of(painting())), sample_id="c1-p1-s0"),
        Sample("a red and blue painting", "x", result(png_of(pixel_noise())), sample_id="c1-p1-s1"),
        Sample("a red and blue painting", "x", result(None, "PARSE_ERROR", errors=["line 1: SyntaxError"]),
               sample_id="c1-p1-s2"),
    ])


def test_scorecards_round_trip_through_parquet(tmp_path, cards):
    adv, _ = group_advantages([c.total for c in cards], [0, 0, 0])
    path = write_table(to_table(cards, adv), tmp_path / "scorecards" / "cycle-0001.parquet")
    table = read_table(path)
    assert table.schema.equals(SCHEMA) and table.num_rows == 3
    rows = table.to_pylist()
    assert [r["sample_id"] for r in rows] == ["c1-p1-s0", "c1-p1-s1", "c1-p1-s2"]
    assert rows[1]["flags"] == ["noise"] and rows[2]["status"] == "PARSE_ERROR"
    for r, c in zip(rows, cards):
        assert r["total"] == pytest.approx(c.total)
        for t in TIERS:
            assert r[f"{t}_weighted"] == pytest.approx(c.tiers[t].weighted)
    assert json.loads(rows[0]["details"])["laplacian_var"] > 0
    assert not list(path.parent.glob(".*.tmp"))


def test_a_corrupt_or_foreign_table_is_named(tmp_path):
    corrupt = tmp_path / "c.parquet"
    corrupt.write_bytes(b"PAR1 garbage")
    with pytest.raises(ScorecardFileError, match="c.parquet: not a readable Parquet file"):
        read_table(corrupt)
    foreign = tmp_path / "f.parquet"
    write_table(pa.table({"x": [1]}), foreign)
    with pytest.raises(ScorecardFileError, match="missing columns sample_id"):
        read_table(foreign)


def test_a_failed_write_leaves_the_old_file(tmp_path, cards, monkeypatch):
    path = write_table(to_table(cards), tmp_path / "s.parquet")
    before = path.read_bytes()
    import pyarrow.parquet as pq

    def explode(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(pq, "write_table", explode)
    with pytest.raises(OSError, match="disk full"):
        write_table(to_table(cards[:1]), path)
    assert path.read_bytes() == before and not list(tmp_path.glob(".*.tmp"))


def test_the_version_follows_scoring_code_not_the_reports(tmp_path, monkeypatch):
    import shutil

    from paint_pipeline.reward import version

    package = tmp_path / "reward"
    shutil.copytree(version.PACKAGE_DIR, package, ignore=shutil.ignore_patterns("__pycache__"))
    assert version.NOT_SCORING <= {p.name for p in package.iterdir()}
    colour = tmp_path / "colour.py"
    shutil.copy(version.SHARED_SCORING[0], colour)
    monkeypatch.setattr(version, "PACKAGE_DIR", package)
    monkeypatch.setattr(version, "SHARED_SCORING", (colour,))

    def digest() -> str:
        version.code_digest.cache_clear()
        return version.code_digest()

    try:
        before = digest()
        (package / "calibration" / "hack_report.py").write_text("# a report changed\n")
        (package / "bench.py").write_text("# a benchmark changed\n")
        assert digest() == before
        richness = package / "tiers" / "richness.py"
        richness.write_text(richness.read_text() + "\n# a tier changed\n")
        after_tier = digest()
        assert after_tier != before
        colour.write_text(colour.read_text() + "\n# the shared colour science changed\n")
        assert digest() != after_tier
    finally:
        version.code_digest.cache_clear()
