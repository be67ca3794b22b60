"""The offline judge's prompt side: each prompt's score read against the procedural map's reference paintings.

Real pretrained weights, a map fitted here on random features (right shapes, no meaning) and reference paintings
drawn here, so the tests need no renderer and no fitted cache."""

from __future__ import annotations

import copy
import math
from dataclasses import replace

import numpy as np
import pytest
from PIL import Image, ImageDraw
from reward_helpers import png_of, result

from paint_pipeline.reward.calibration.judge_matrix import IMAGE_SIDE, backend_matrices
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import analyse
from paint_pipeline.reward.judges import prompt_side
from paint_pipeline.reward.judges.pretrained import SQUASH, JudgeAlignment, combine, load_judge, load_reference_prompts
from paint_pipeline.reward.judges.procedural_map import ReferencePaintings, fit_map
from paint_pipeline.reward.version import reward_version

CFG = RewardConfig(alignment_backend="offline", text_detector=False)
COLOURS = [(200, 40, 40), (40, 70, 210), (40, 160, 60), (230, 210, 40), (120, 60, 160), (240, 140, 40),
           (90, 90, 90), (20, 120, 140)]
PROMPTS = ["a red poppy field at noon", "a calm blue sea under a pale sky", "a green forest in the rain"]


def painting(colour, shape: int) -> Image.Image:
    im = Image.new("RGB", (128, 128), (245, 240, 228))
    draw = ImageDraw.Draw(im)
    box = (12 + 4 * shape, 20, 116 - 3 * shape, 108)
    (draw.ellipse if shape % 2 else draw.rectangle)(box, fill=colour)
    return im


def with_reference(images: list[Image.Image]):
    """A copy of the shared judge whose map keeps `images` as its reference paintings."""
    judge = copy.copy(load_judge())
    prompts = load_reference_prompts()[:60]
    feats = np.abs(np.random.default_rng(0).normal(size=(len(prompts), sum(judge.feature_segments))))
    _, features = judge.encode_images(images)
    reference = ReferencePaintings(features=features, pngs=tuple(png_of(np.asarray(im)) for im in images),
                                   marks=tuple({} for _ in images))
    judge.procedural = replace(fit_map(feats, judge.text.encode(prompts), key="0123456789abcdef",
                                       segments=judge.feature_segments), reference=reference)
    judge.name = f"test-judge+{judge.procedural.name}"
    return judge


@pytest.fixture(scope="module")
def references():
    return [painting(c, i) for i, c in enumerate(COLOURS)]


@pytest.fixture(scope="module")
def alignment(references):
    return JudgeAlignment(CFG, with_reference(references))


def score(alignment, prompt, images):
    renders = [result(png_of(np.asarray(im))) for im in images]
    features = [analyse(im, CFG.analysis_size, CFG.background_delta_e) for im in images]
    return [s for s, _, _ in alignment.score([prompt] * len(images), renders, features, images)]


def test_a_typical_painting_scores_a_half_under_every_prompt(alignment, references):
    # The reference paintings themselves, scored under any prompt: standardised against themselves, their
    # scores centre on 0 (a logistic's 0.5) with the reference spread, whatever the prompt's own level.
    for prompt in PROMPTS:
        z = np.array([math.log(s / (1 - s)) / SQUASH for s in score(alignment, prompt, references)])
        _, spread = alignment.prompt_side.stats([prompt], alignment.combined)[prompt]
        assert z.mean() == pytest.approx(0.0, abs=1e-6)
        if spread > prompt_side.SPREAD_FLOOR:
            assert z.std() == pytest.approx(prompt_side.REFERENCE_SPREAD, rel=1e-6)
        else:
            assert z.std() < prompt_side.REFERENCE_SPREAD


def test_the_prompt_side_never_reorders_one_prompts_paintings(alignment):
    images = [painting(c, 3) for c in ((210, 30, 30), (30, 30, 200), (250, 250, 250), (100, 160, 60))]
    judge = alignment.judge
    parts = judge.score_parts([PROMPTS[0]], judge.encode_images(images))["judge"][:, 0]
    renders = [result(png_of(np.asarray(im))) for im in images]
    features = [analyse(im, CFG.analysis_size, CFG.background_delta_e) for im in images]
    image_side = [combine(float(z), *alignment._palette(PROMPTS[0], r, f)[::2]) for z, r, f in
                  zip(parts, renders, features)]
    both = score(alignment, PROMPTS[0], images)
    assert np.argsort(image_side).tolist() == np.argsort(both).tolist()
    assert not np.allclose(image_side, both)


def test_each_prompts_reference_scores_are_computed_once(alignment, monkeypatch):
    calls = []
    original = alignment.judge.score_parts
    monkeypatch.setattr(alignment.judge, "score_parts", lambda p, v: calls.append(list(p)) or original(p, v))
    prompt = "a purple iris in a tall glass vase"
    alignment.prompt_side.stats([prompt, PROMPTS[1]], alignment.combined)
    alignment.prompt_side.stats([prompt], alignment.combined)
    assert [prompt] in calls and calls.count([prompt]) == 1 and all(PROMPTS[1] not in c for c in calls[1:])


def test_a_prompt_every_reference_fits_alike_does_not_divide_by_zero(references):
    same = [references[0]] * 4
    alignment = JudgeAlignment(CFG, with_reference(same))
    mean, spread = alignment.prompt_side.stats([PROMPTS[1]], alignment.combined)[PROMPTS[1]]
    assert spread == prompt_side.SPREAD_FLOOR
    scores = score(alignment, PROMPTS[1], [painting((40, 70, 210), 2), references[0]])
    assert all(0.0 < s < 1.0 for s in scores) and scores[1] == pytest.approx(0.5)


def test_the_backend_name_says_how_many_reference_paintings_and_the_version_follows(alignment):
    plain = copy.copy(alignment.judge)
    plain.procedural = replace(plain.procedural, reference=None)
    without = JudgeAlignment(CFG, plain)
    assert without.prompt_side is None and "+refs" not in without.name
    assert f"+refs{len(COLOURS)}+" in alignment.name
    assert reward_version(CFG, alignment.name) != reward_version(CFG, without.name)
    explanation = alignment.score([PROMPTS[0]], [result(png_of(np.asarray(painting(COLOURS[0], 1))))],
                                  [analyse(painting(COLOURS[0], 1), CFG.analysis_size, CFG.background_delta_e)],
                                  [painting(COLOURS[0], 1)])[0][1]
    assert f"against this prompt's {len(COLOURS)} reference paintings" in explanation


def test_the_matrix_reports_both_sides_and_the_image_side_alone(alignment, monkeypatch, references):
    import paint_pipeline.reward.judges.pretrained as pretrained

    monkeypatch.setattr(pretrained, "PretrainedJudge", lambda: alignment.judge)
    images = [painting(c, i) for i, c in enumerate(COLOURS[:3])]
    renders = [result(png_of(np.asarray(im))) for im in images]
    matrices = backend_matrices(CFG, PROMPTS, renders, images, progress=lambda m: None)
    assert IMAGE_SIDE in matrices and "judge+palette" in matrices
    both, image_side = matrices["judge+palette"], matrices[IMAGE_SIDE]
    # Per prompt (column) an increasing map: the same order of paintings, different values.
    for j in range(len(PROMPTS)):
        assert np.argsort(both[:, j]).tolist() == np.argsort(image_side[:, j]).tolist()
    assert not np.allclose(both, image_side)
    # A class-names share sweep adds one row per share; the default share's row is the default's matrix.
    share = pretrained.CLASS_NAMES_SHARE
    swept = backend_matrices(CFG, PROMPTS, renders, images, progress=lambda m: None, class_names_shares=(share, 1.0))
    assert np.allclose(swept[f"judge+palette, class names {share:g}"], both)
    assert not np.allclose(swept["judge+palette, class names 1"], both)
