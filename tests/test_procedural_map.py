"""The offline judge's procedural map: its fit, its file, its place in the judge, and the fitting set's renders.

No renderer: the fitting set's renders come from a fake client that draws each prompt's colour, so the whole
fit runs in seconds; the real renderer's fit is `paint-pipeline judge-map` (make setup)."""

from __future__ import annotations

import contextlib
import copy
from dataclasses import replace

import numpy as np
import pytest
from PIL import Image
from reward_helpers import png_of, result

from paint_pipeline.pipeline import judge_map
from paint_pipeline.reward.calibration.judge_matrix import way_metrics
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import decode_png
from paint_pipeline.reward.judges import procedural_map
from paint_pipeline.reward.judges.pretrained import (
    CLASS_NAMES_SHARE,
    JUDGE_NAME,
    JudgeAlignment,
    load_judge,
    load_reference_prompts,
)
from paint_pipeline.reward.judges.procedural_map import (
    ProceduralMapError,
    ReferencePaintings,
    fit_map,
    load_map,
    save_map,
)
from paint_pipeline.reward.version import reward_version


def planted(n_prompts=40, per=3, text_dim=16, feature_dim=64, noise=0.3, seed=0):
    """Embeddings and features with a hidden linear link: the map should find it."""
    rng = np.random.default_rng(seed)
    prompts = rng.normal(size=(n_prompts, text_dim))
    prompts /= np.linalg.norm(prompts, axis=1, keepdims=True)
    link = rng.normal(size=(text_dim, feature_dim))
    base = rng.normal(size=feature_dim) * 3  # every painting shares a large common part, as real features do
    emb = np.repeat(prompts, per, axis=0)
    feats = base + emb @ link + noise * rng.normal(size=(len(emb), feature_dim))
    return prompts, link, base, emb, feats


def test_the_fit_finds_a_planted_link_and_ranks_the_right_prompt_first():
    prompts, link, base, emb, feats = planted()
    fitted = fit_map(feats, emb, ridge=0.1)
    rng = np.random.default_rng(1)
    fresh = base + prompts @ link + 0.3 * rng.normal(size=(len(prompts), len(base)))  # new paintings, same prompts
    metrics = way_metrics(fitted.scores(fresh, prompts))
    assert metrics.pairwise[0] > 0.95 and metrics.rank1[0] > 0.8


def test_the_average_painting_scores_next_to_nothing_under_any_prompt():
    prompts, link, base, emb, feats = planted()
    fitted = fit_map(feats, emb)
    right = np.diag(fitted.scores(base + prompts @ link, prompts))  # a painting of each prompt, noise-free
    average = fitted.scores(fitted.mean[None, :], prompts)  # the mean painting: what every prompt shares
    assert np.abs(average).max() < 0.05 * np.abs(right).mean()


def test_a_fit_needs_one_embedding_per_painting():
    _, _, _, emb, feats = planted()
    with pytest.raises(ValueError, match="one prompt embedding per painting"):
        fit_map(feats, emb[:-1])


def test_the_file_round_trips_whole_and_its_digest_names_it(tmp_path):
    _, _, _, emb, feats = planted()
    fitted = fit_map(feats, emb)
    path = save_map(fitted, tmp_path / "m.npz")
    again = load_map(path, text_dim=emb.shape[1], segments=())
    assert again.name == fitted.name and again.paintings == len(feats)
    assert np.array_equal(again.to_features, fitted.to_features)
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind
    other = fit_map(feats, emb, ridge=10.0)
    assert other.name != fitted.name  # another map of other data, another name


def test_the_reference_paintings_round_trip_with_the_map(tmp_path):
    _, _, _, emb, feats = planted()
    pngs = (png_of(np.full((8, 8, 3), 10, dtype=np.uint8)), b"", png_of(np.full((4, 4, 3), 200, dtype=np.uint8)))
    reference = ReferencePaintings(features=feats[:3], pngs=pngs,
                                   marks=({"brush.circle": 3}, {}, {"brush.line": 1, "brush.rect": 2}))
    path = save_map(replace(fit_map(feats, emb), reference=reference), tmp_path / "m.npz")
    again = load_map(path).reference
    assert again.pngs == pngs and again.marks == reference.marks
    assert np.allclose(again.features, feats[:3])
    with pytest.raises(ValueError, match="reference paintings need features, a PNG and marks each"):
        ReferencePaintings(features=feats[:3], pngs=pngs[:2], marks=reference.marks)


def test_reference_paintings_of_another_feature_width_are_refused(tmp_path):
    _, _, _, emb, feats = planted()
    reference = ReferencePaintings(features=np.zeros((2, 7)), pngs=(b"a", b"b"), marks=({}, {}))
    path = save_map(replace(fit_map(feats, emb), reference=reference), tmp_path / "m.npz")
    with pytest.raises(ProceduralMapError, match="does not fit this judge"):
        load_map(path)


def test_a_map_of_the_pipeline_is_named_by_its_inputs_not_by_its_render_noise():
    _, _, _, emb, feats = planted()
    jittered = feats * (1 + 1e-4 * np.random.default_rng(3).normal(size=feats.shape))  # a second run's renders
    first, second = fit_map(feats, emb, key="abc123def4567890"), fit_map(jittered, emb, key="abc123def4567890")
    assert first.digest != second.digest and first.name == second.name == "procmap-abc123def4"


def test_a_missing_map_is_none_and_a_damaged_one_is_named_with_the_fix(tmp_path):
    assert load_map(tmp_path / "absent.npz") is None
    _, _, _, emb, feats = planted()
    path = save_map(fit_map(feats, emb), tmp_path / "m.npz")
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(ProceduralMapError, match=r"m\.npz: not a readable procedural map.*paint-pipeline judge-map"):
        load_map(path)


def test_a_map_of_other_models_is_refused(tmp_path):
    _, _, _, emb, feats = planted()
    path = save_map(fit_map(feats, emb), tmp_path / "m.npz")
    with pytest.raises(ProceduralMapError, match="does not fit this judge"):
        load_map(path, text_dim=384, segments=(1280, 80, 112, 192))


def test_a_map_of_other_feature_segments_is_refused(tmp_path):
    # A map of the pre-logits alone (a format-3 file has no segments) must not read pooled-block features.
    _, _, _, emb, feats = planted(feature_dim=64)
    path = save_map(fit_map(feats, emb, segments=(40, 24)), tmp_path / "m.npz")
    assert load_map(path, segments=(40, 24)).segments == (40, 24)
    for other in ((), (64,), (24, 40)):
        with pytest.raises(ProceduralMapError, match=r"feature segments \(40, 24\) does not fit this judge"):
            load_map(path, segments=other)


def test_each_segment_weighs_alike_whatever_its_scale_or_width():
    rng = np.random.default_rng(4)
    wide, narrow = rng.normal(size=(5, 60)) * 100.0, rng.normal(size=(5, 4)) * 0.01
    read = procedural_map.map_input(np.concatenate([wide, narrow], axis=1), (60, 4))
    assert np.allclose(np.linalg.norm(read, axis=1), 1.0)
    assert np.allclose(np.linalg.norm(read[:, :60], axis=1), np.linalg.norm(read[:, 60:], axis=1))
    # Without segments the wide, large part would drown the narrow one.
    plain = procedural_map.map_input(np.concatenate([wide, narrow], axis=1))
    assert np.linalg.norm(plain[:, 60:], axis=1).max() < 1e-4
    with pytest.raises(ValueError, match=r"do not split into segments \(60, 5\)"):
        procedural_map.map_input(np.concatenate([wide, narrow], axis=1), (60, 5))


def test_the_map_file_is_keyed_by_what_it_depends_on(monkeypatch, tmp_path):
    monkeypatch.setenv("PP_CACHE_DIR", str(tmp_path))
    first = procedural_map.map_path()
    assert first.parent == tmp_path and first.name.startswith("judge-procmap-")
    monkeypatch.setattr(procedural_map, "PER_PROMPT", procedural_map.PER_PROMPT + 1)
    assert procedural_map.map_path() != first


# --- in the judge (real pretrained weights) ---------------------------------------------------------
@pytest.fixture(scope="module")
def judge_and_map():
    """The judge with a map fitted here on random paintings of the reference prompts: right shapes, no meaning."""
    judge = copy.copy(load_judge())
    prompts = load_reference_prompts()[:60]
    rng = np.random.default_rng(0)
    feats = np.abs(rng.normal(size=(len(prompts), sum(judge.feature_segments))))
    judge.procedural = fit_map(feats, judge.text.encode(prompts), segments=judge.feature_segments)
    judge.name = f"{JUDGE_NAME}+{judge.procedural.name}"
    return judge


def images():
    return [Image.fromarray(np.full((64, 64, 3), c, dtype=np.uint8)) for c in ((200, 40, 40), (40, 60, 200))]


def test_with_a_map_the_judge_has_three_parts_and_stays_a_z_score(judge_and_map):
    judge = judge_and_map
    vectors = judge.encode_images(images())
    reference = load_reference_prompts()
    parts = judge.score_parts(reference, vectors)
    assert set(parts) == {"classes", "procedural map", "judge"}
    # Standardised against the reference prompts: over them, each image's judge score has mean 0 and spread 1.
    assert np.allclose(parts["judge"].mean(axis=1), 0.0, atol=1e-6)
    assert np.allclose(parts["judge"].std(axis=1), 1.0, atol=1e-3)
    assert not np.allclose(parts["judge"], parts["classes"])


def test_the_class_names_share_weighs_the_parts(judge_and_map):
    import pytest

    vectors = judge_and_map.encode_images(images())
    prompts = load_reference_prompts()[:5]
    assert judge_and_map.class_names_share == CLASS_NAMES_SHARE
    map_only = judge_and_map.with_class_names_share(0.0).score_parts(prompts, vectors)
    # Weight 0: the judge is the map's z-score (already standardised against the reference prompts).
    assert np.allclose(map_only["judge"], map_only["procedural map"], atol=1e-6)
    default, heavier = (judge_and_map.with_class_names_share(w).score_parts(prompts, vectors)["judge"]
                        for w in (CLASS_NAMES_SHARE, 0.75))
    assert np.allclose(default, judge_and_map.score_parts(prompts, vectors)["judge"])
    assert not np.allclose(default, heavier)
    assert judge_and_map.class_names_share == CLASS_NAMES_SHARE  # the copies leave the judge as it was
    with pytest.raises(ValueError, match="class-names share"):
        judge_and_map.with_class_names_share(1.5)


def test_without_a_map_the_judge_is_its_class_name_parts_and_says_so(judge_and_map):
    plain = copy.copy(judge_and_map)
    plain.procedural, plain.name = None, JUDGE_NAME
    vectors = plain.encode_images(images())
    parts = plain.score_parts(["a red square"], vectors)
    assert set(parts) == {"classes", "judge"} and np.array_equal(parts["judge"], parts["classes"])
    config = RewardConfig(alignment_backend="offline", text_detector=False)
    with_map, without = JudgeAlignment(config, judge_and_map), JudgeAlignment(config, plain)
    assert judge_and_map.procedural.name in with_map.name and "procmap" not in without.name
    assert reward_version(config, with_map.name) != reward_version(config, without.name)


# --- fitting: the generator's paintings through a renderer ------------------------------------------
COLOURS = {"red": (210, 40, 40), "blue": (40, 70, 210), "green": (40, 160, 60), "yellow": (230, 210, 40)}


class ColourClient:
    """Renders a sketch as a flat field of the colour its hex literals are closest to; can fail one item."""

    def __init__(self, fail_id: str | None = None):
        self.fail_id, self.calls = fail_id, 0

    def render_batch(self, items, timeout_ms):
        self.calls += 1
        out = []
        for item in items:
            colour = next((c for name, c in COLOURS.items() if name in item.code.lower()), (128, 128, 128))
            if item.id == self.fail_id:
                out.append(result(None, status="TIMEOUT", id=item.id, errors=["the sketch did not finish"]))
            else:
                out.append(result(png_of(np.full((32, 32, 3), colour, dtype=np.uint8)), id=item.id))
        return out


def pairs():
    return [(f"a {name} painting", f"// {name}\nfunction setup() {{}}") for name in COLOURS for _ in range(2)]


def test_the_fitting_set_is_rendered_encoded_and_fitted():
    client = ColourClient()
    fitted = judge_map.fit_procedural_map(client, load_judge(), pairs(), progress=False, log=lambda m: None)
    width = sum(load_judge().feature_segments)  # the pre-logits and the pooled blocks
    assert fitted.paintings == len(pairs()) and fitted.to_features.shape == (384, width)
    assert fitted.segments == load_judge().feature_segments
    assert client.calls == 1  # 8 paintings fit in one batch
    # One reference painting per prompt, its first: here each prompt's colour, in the prompts' order.
    reference = fitted.reference
    assert len(reference.pngs) == len(COLOURS) and reference.features.shape == (len(COLOURS), width)
    firsts = [decode_png(png).getpixel((5, 5)) for png in reference.pngs]
    assert firsts == list(COLOURS.values())


def test_a_painting_that_does_not_render_stops_the_fit_naming_it():
    client = ColourClient(fail_id="procmap-3")
    with pytest.raises(judge_map.FittingRenderError, match=r"1 of 8 .*'a blue painting' \(TIMEOUT: the sketch"):
        judge_map.fit_procedural_map(client, load_judge(), pairs(), progress=False, log=lambda m: None)


def test_an_up_to_date_map_starts_no_renderer(monkeypatch, tmp_path):
    monkeypatch.setenv("PP_CACHE_DIR", str(tmp_path))
    _, _, _, emb, feats = planted(text_dim=384, feature_dim=1280)
    save_map(fit_map(feats, emb, key=procedural_map.inputs_key()), procedural_map.map_path())

    def no_renderer():
        raise AssertionError("a renderer was started for an up-to-date map")
    fitted = judge_map.ensure_procedural_map(no_renderer, progress=False, log=lambda m: None)
    assert fitted.paintings == len(feats)


def test_a_missing_map_is_fitted_and_saved(monkeypatch, tmp_path):
    monkeypatch.setenv("PP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(judge_map, "fitting_pairs", pairs)
    client = ColourClient()
    fitted = judge_map.ensure_procedural_map(lambda: contextlib.nullcontext(client), progress=False,
                                             log=lambda m: None)
    assert load_map().name == fitted.name == f"procmap-{procedural_map.inputs_key()[:10]}"


def test_a_map_fitted_for_other_inputs_is_refused_under_this_key(monkeypatch, tmp_path):
    monkeypatch.setenv("PP_CACHE_DIR", str(tmp_path))
    _, _, _, emb, feats = planted()
    save_map(fit_map(feats, emb, key="0123456789abcdef"), procedural_map.map_path())
    with pytest.raises(ProceduralMapError, match="fitted for inputs 0123456789abcdef, not this code's"):
        load_map()


def test_a_prompt_split_becomes_a_labelled_set_for_the_matrix(tmp_path):
    from paint_pipeline.paths import PROMPTS_DIR
    from paint_pipeline.prompts import load_prompts
    from paint_pipeline.reward.calibration.judge_matrix import load_matrix_set

    split = PROMPTS_DIR / "validation.jsonl"
    paintings = load_matrix_set(judge_map.procedural_matrix_set(split, tmp_path))
    assert [p.prompt for p in paintings] == [p.prompt for p in load_prompts(split)]
    assert len({p.id for p in paintings}) == len(paintings)
    assert all("function setup" in open(p.sketch, encoding="utf-8").read() for p in paintings)


def test_the_variant_benchmarks_default_row_reads_the_features_as_the_judges_map_does():
    # `bench judge-map-variants` builds its variants' features itself; its default row must be today's map.
    from paint_pipeline.benchmarks.judge_map_variants import VARIANTS, map_features

    segments = (1280, 80, 112, 192)
    features = np.abs(np.random.default_rng(5).normal(size=(6, sum(segments)))) * np.repeat([9.0, 0.2, 1.0, 3.0],
                                                                                              segments)
    default = next(v for v in VARIANTS if v.name == "+blocks3-5")
    assert np.allclose(procedural_map.map_input(map_features(features, segments, default)),
                       procedural_map.map_input(features, segments))
    pre_logits = next(v for v in VARIANTS if v.name == "pre-logits")
    assert np.allclose(procedural_map.map_input(map_features(features, segments, pre_logits)),
                       procedural_map.map_input(features[:, :1280]))


def test_the_variant_benchmarks_whitening_weighs_down_what_varies_within_a_prompt():
    # Two prompts differ along feature 0; feature 1 is seed noise, large within each prompt. Ridge leaks some
    # of that noise into the prompts' directions; the within-prompt whitening must shrink the leak, and at full
    # shrinkage (a scaled identity) only rescale the map.
    from paint_pipeline.benchmarks.judge_map_variants import whiten

    rng = np.random.default_rng(3)
    embeddings = np.repeat(np.eye(2), 20, axis=0)
    features = np.column_stack([np.repeat([3.0, 1.0], 20) + 0.1 * rng.normal(size=40),
                                2.0 + 2.0 * rng.normal(size=40), np.full(40, 5.0)])
    plain = procedural_map.fit_map(features, embeddings, ridge=0.1)
    whitened = whiten(plain, features, embeddings, shrink=0.1)
    leak = lambda m: np.abs(m.to_features[:, 1]).sum() / np.abs(m.to_features[:, 0]).sum()  # noqa: E731
    assert leak(whitened) < 0.5 * leak(plain)
    identity = whiten(plain, features, embeddings, shrink=1.0)
    ratio = identity.to_features / plain.to_features
    assert np.allclose(ratio, ratio.flat[0]) and ratio.flat[0] > 0
