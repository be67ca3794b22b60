"""Each reward tier on synthetic images and render results (no renderer, no CLIP)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from reward_helpers import blank, block_noise, dot, painting, pixel_noise, png_of, result, stripes

from paint_pipeline.colour import hex_to_lab, hex_to_rgb8, srgb8_to_lab, srgb8_to_lab_fast
from paint_pipeline.reward import RewardConfig, RewardScorer, Sample
from paint_pipeline.reward.features import ImageDecodeError, analyse, decode_png
from paint_pipeline.reward.tiers.aesthetic import band_score, colourfulness, harmony
from paint_pipeline.reward.tiers.brush import score_brush
from paint_pipeline.reward.tiers.compile_gate import TRUNCATION_REPAIR_PREFIX, score_compile
from paint_pipeline.reward.tiers.richness import score_richness

CFG = RewardConfig(alignment_backend="palette")
FULL_BRUSH = {"set": 4, "line": 14, "circle": 12, "spline": 15, "fill": 2, "hatch": 1}
FULL_MARKS = {"brush_calls": FULL_BRUSH, "brush_marks": {"line": 14, "circle": 12, "spline": 15},
              "brush_mark_kinds": {"stroke": 41, "fill": 2, "hatch": 1}}


def features_of(array):
    return analyse(decode_png(png_of(array)), CFG.analysis_size, CFG.background_delta_e)


@pytest.fixture(scope="module")
def scorer():
    return RewardScorer(CFG)


# --- colour --------------------------------------------------------------------------------------
def test_lab_conversion_matches_reference_values():
    assert np.allclose(hex_to_lab("#ffffff"), [100, 0, 0], atol=0.05)
    assert np.allclose(hex_to_lab("#ff0000"), [53.24, 80.09, 67.20], atol=0.05)
    rgb = np.random.default_rng(1).integers(0, 256, (500, 3), dtype=np.uint8)
    assert np.abs(srgb8_to_lab_fast(rgb) - srgb8_to_lab(rgb)).max() < 1.5  # the table's error bound


def test_hex_colours_of_every_css_form_parse_and_malformed_ones_are_named():
    for form in ("#1a2b3c", "1a2b3c", "#1A2B3Cff"):
        assert hex_to_rgb8(form) == (0x1A, 0x2B, 0x3C)
    assert hex_to_rgb8("#abc") == hex_to_rgb8("#abcd") == (0xAA, 0xBB, 0xCC)
    for bad in ("#12345", "#ggg", ""):
        with pytest.raises(ValueError, match="not a hex colour"):
            hex_to_rgb8(bad)


# --- tier 1: compile gate ------------------------------------------------------------------------
@pytest.mark.parametrize("status", ["PARSE_ERROR", "RUNTIME_ERROR", "NO_CANVAS", "TIMEOUT", "BLOCKED", "CRASHED",
                                    "RENDERER_ERROR"])
def test_every_failure_scores_zero_and_names_status_and_first_error(status):
    tier, flags = score_compile(result(None, status, errors=["line 3: TypeError: boom", "second"]), CFG)
    assert tier.score == 0.0 and status in tier.explanation and "line 3: TypeError: boom" in tier.explanation
    assert flags == ["render_failed"]


def test_the_explanation_says_when_a_sketch_was_rendered_twice_after_a_timeout():
    tier, _ = score_compile(result(None, "TIMEOUT", attempts=2), CFG)
    assert tier.score == 0.0 and tier.explanation.startswith("TIMEOUT (in both of 2 renders): ")
    tier, _ = score_compile(result(png_of(blank()), attempts=2), CFG)
    assert tier.score == 1.0 and tier.explanation == ("SUCCESS in 100 ms on render 2, alone on a fresh browser "
                                                      "(the first timed out or failed in the renderer)")
    assert score_compile(result(png_of(blank())), CFG)[0].explanation == "SUCCESS in 100 ms"


def test_truncation_repair_earns_partial_credit_other_repairs_do_not_cost():
    truncated = result(png_of(blank()), repairs=[f"{TRUNCATION_REPAIR_PREFIX} (truncation): appended \"}}\""])
    tier, flags = score_compile(truncated, CFG)
    assert tier.score == CFG.truncation_credit and flags == ["truncation_repaired"]
    fenced = result(png_of(blank()), repairs=["extracted the code from a ```js fence"])
    assert score_compile(fenced, CFG)[0].score == 1.0
    assert score_compile(truncated, CFG.replace(truncation_credit=0.2))[0].score == 0.2


def test_a_failed_render_zeroes_every_image_tier(scorer):
    card = scorer.score([Sample("a red poppy field", "x", result(None, "RUNTIME_ERROR", errors=["boom"]))])[0]
    assert card.total == 0.0 and all(t.score == 0.0 for t in card.tiers.values())
    assert "RUNTIME_ERROR" in card.tiers["richness"].explanation


def test_a_corrupt_png_is_a_clear_error(scorer):
    with pytest.raises(ImageDecodeError, match="sample bad: cannot decode"):
        scorer.score([Sample("p", "x", result(b"\x89PNG\r\n\x1a\nnot really"), sample_id="bad")])


# --- tier 3: richness ----------------------------------------------------------------------------
def test_blank_and_dot_have_no_richness():
    assert score_richness(features_of(blank()), "a painting", CFG)[0].score == 0.0
    dot_tier = score_richness(features_of(dot()), "a painting", CFG)[0]
    assert dot_tier.details["richness_raw"] < 0.15 and dot_tier.score < 0.15 / CFG.richness_full


@pytest.mark.parametrize("image", [pixel_noise(), block_noise(4), block_noise(10)], ids=["pixel", "block4", "block10"])
def test_noise_is_flagged_and_capped(image):
    tier, flags = score_richness(features_of(image), "a painting", CFG)
    assert "noise" in flags and tier.score <= CFG.noise_cap and "NOISE" in tier.explanation


def test_a_painting_is_rich_and_not_flagged():
    tier, flags = score_richness(features_of(painting()), "a painting", CFG)
    assert flags == [] and tier.score > 0.6


@pytest.mark.parametrize("vertical", [True, False])
def test_stripes_are_capped_unless_the_prompt_asks_for_them(vertical):
    f = features_of(stripes(vertical=vertical))
    capped, flags = score_richness(f, "a quiet harbour at dawn", CFG)
    assert "barcode" in flags and capped.score <= CFG.barcode_cap
    asked, flags = score_richness(f, "bold black and white stripes", CFG)
    assert flags == ["flat_fills"]  # digital stripes are perfectly flat: flagged, and capped as flat fills
    # Allowed as stripes, capped as flat fills (p5.brush paint is never that even).
    assert asked.score > capped.score + 0.2 and "allowed" in asked.explanation
    assert asked.score <= CFG.flat_cap and "FLAT FILLS" in asked.explanation


def test_flat_fills_earn_no_texture_and_paint_does():
    poster = blank((235, 230, 220))
    for i, colour in enumerate([(200, 40, 40), (40, 80, 170), (240, 200, 50), (60, 140, 70)]):
        poster[16 + 56 * i : 64 + 56 * i, 16:240] = colour  # flat bands, like a colour chart
    flat_tier = score_richness(features_of(poster), "a harbour at dawn", CFG)[0]
    assert flat_tier.details["flat_share"] > 0.9 and flat_tier.details["richness_texture"] == 0.0
    assert "flat_fills" in score_richness(features_of(poster), "a harbour at dawn", CFG)[1]
    # Paint has grain: the same picture with a few grey levels of it everywhere is textured throughout.
    grain = np.random.default_rng(3).integers(-6, 7, painting().shape)
    grainy = np.clip(painting().astype(int) + grain, 0, 255).astype(np.uint8)
    painted = score_richness(features_of(grainy), "a harbour at dawn", CFG)[0]
    assert painted.details["richness_texture"] == 1.0 and "texture 1.00" in painted.explanation


def test_a_field_of_dots_is_noise_unless_the_prompt_asks_for_dots():
    f = features_of(block_noise(4))
    assert score_richness(f, "a harbour at dawn", CFG)[1] == ["noise"]
    asked, flags = score_richness(f, "a mandala of rings of dots", CFG)
    assert flags == [] and "allowed: the prompt asks for dots" in asked.explanation


def test_coverage_uses_the_border_not_one_pixel():
    img = blank((20, 30, 90))
    img[0, 0] = (255, 255, 255)  # one odd corner pixel must not become "the background"
    img[80:180, 80:180] = (240, 200, 60)
    f = features_of(img)
    assert f.background_lab is not None and abs(f.coverage - (100 * 100) / 256**2) < 0.03


# --- full credit: the craft tiers are floors, not maximisers --------------------------------------
def test_craft_tiers_earn_full_credit_from_their_level():
    from paint_pipeline.reward.tiers.aesthetic import score_aesthetic

    f = features_of(painting())
    render = result(b"", **FULL_MARKS, brushes_marked=["2B"])
    tiers = {"richness": lambda c: score_richness(f, "a painting", c)[0],
             "brush": lambda c: score_brush(render, f, c)[0],
             "aesthetic": lambda c: score_aesthetic(f, "a painting", c)[0]}
    unscaled = CFG.replace(richness_full=1.0, brush_full=1.0, aesthetic_full=1.0)
    for name, tier in tiers.items():
        raw = tier(unscaled).score
        assert 0.3 < raw < 1.0, name  # the painting sits between the levels tried below
        for level in (raw / 2, raw, (1 + raw) / 2):
            scaled = tier(CFG.replace(**{f"{name}_full": level}))
            assert scaled.details[f"{name}_raw"] == pytest.approx(raw)
            assert scaled.score == pytest.approx(min(1.0, raw / level)), (name, level)
            assert "full-credit level" in scaled.explanation


def test_the_detectors_caps_hold_whatever_the_full_credit_level():
    f = features_of(stripes())
    low = CFG.replace(richness_full=0.05, aesthetic_full=0.05)
    tier, flags = score_richness(f, "a quiet harbour at dawn", low)
    assert "barcode" in flags and tier.score <= CFG.barcode_cap
    # Flat fills: a poster of flat blocks in many colours, no stripes, no noise.
    poster = blank()
    poster[16:120, 16:120], poster[16:120, 136:240] = (200, 40, 40), (30, 70, 150)
    poster[136:240, 16:120], poster[136:240, 136:240] = (240, 190, 40), (90, 160, 90)
    flat, flags = score_richness(features_of(poster), "a quiet harbour at dawn", low)
    assert flags == ["flat_fills"] and flat.score == CFG.flat_cap and flat.details["richness_raw"] > 0.05
    noise, flags = score_richness(features_of(pixel_noise()), "a painting", low)
    assert "noise" in flags and noise.score <= CFG.noise_cap


# --- tier 4: brush ------------------------------------------------------------------------------
def test_brush_credit_needs_primitives_fills_and_brushes():
    f = features_of(painting())
    full = score_brush(result(b"", **FULL_MARKS, brushes_marked=["2B", "charcoal", "pen"]), f, CFG)[0]
    assert full.details["brush_raw"] > 0.95 and full.score == 1.0
    # The raw score ranks them; the tier's credit is full from `brush_full` (tiers/full_credit.py).
    one_brush = score_brush(result(b"", **FULL_MARKS, brushes_marked=["2B"]), f, CFG)[0]
    assert one_brush.details["brush_raw"] < full.details["brush_raw"]
    no_fill = score_brush(result(b"", **{**FULL_MARKS, "brush_mark_kinds": {"stroke": 41}},
                                 brushes_marked=["2B", "charcoal", "pen"]), f, CFG)[0]
    assert no_fill.details["brush_fills"] == 0.0 and no_fill.details["brush_raw"] < full.details["brush_raw"]


def test_repeating_one_call_has_diminishing_returns():
    f = features_of(painting())
    spam = score_brush(result(b"", brush_calls={"set": 1, "line": 1000}, brush_marks={"line": 1000},
                              brush_mark_kinds={"stroke": 1000}, brushes_marked=["2B"]), f, CFG)[0]
    varied = score_brush(result(b"", brush_calls={"set": 1, "line": 10, "circle": 10, "spline": 10},
                                brush_marks={"line": 10, "circle": 10, "spline": 10}, brush_mark_kinds={"stroke": 30},
                                brushes_marked=["2B"]), f, CFG)[0]
    assert varied.score > spam.score
    # One kind saturated: the variety half earns 1/target; a thousand marks fill the quantity half.
    assert spam.details["brush_primitives"] == pytest.approx(0.5 / CFG.brush_target_primitives + 0.5, abs=1e-3)


def test_one_mark_of_every_primitive_is_a_checklist_not_a_painting():
    f = features_of(painting())
    kinds = ("line", "rect", "circle", "arc", "spline", "flowLine", "endShape", "endStroke")
    checklist = score_brush(result(b"", brush_marks=dict.fromkeys(kinds, 1), brush_mark_kinds={"stroke": 8},
                                   brushes_marked=["2B"]), f, CFG)[0]
    painted = score_brush(result(b"", brush_marks={"line": 30, "circle": 12}, brush_mark_kinds={"stroke": 42},
                                 brushes_marked=["2B"]), f, CFG)[0]
    assert checklist.details["brush_primitives"] < 0.75 < painted.details["brush_primitives"]


def test_calls_that_leave_nothing_visible_earn_nothing():
    tier, flags = score_brush(result(b"", brush_calls={"set": 1, "circle": 300, "line": 300, "rect": 100},
                                     brushes_used=["2B", "HB", "pen"]), features_of(blank()), CFG)
    assert tier.score == 0.0 and flags == ["invisible_brush_calls"]
    assert "700 of 700 painting calls left no mark" in tier.explanation


def test_calls_without_marks_earn_nothing_on_a_canvas_that_plain_p5_painted():
    # The hack: a colourful plain-p5 poster for coverage, and every p5.brush primitive called where it leaves no
    # paint (off the canvas, zero size, painted over). The calls ran; no mark survived; no credit.
    calls = {"set": 4, "line": 5, "rect": 5, "circle": 5, "spline": 5, "flowLine": 5, "fill": 2, "hatch": 2}
    tier, flags = score_brush(result(b"", brush_calls=calls, brushes_used=["2B", "HB", "pen"]),
                              features_of(painting()), CFG)
    assert tier.score == 0.0 and flags == ["invisible_brush_calls"]
    assert tier.details["brush_marked_calls"] == 0.0 and tier.details["brush_total_calls"] == 25.0


def test_brush_credit_is_scaled_by_how_much_of_the_picture_is_brush_paint():
    f = features_of(painting())
    marks = dict(**FULL_MARKS, brushes_marked=["2B", "charcoal", "pen"])
    brushed = score_brush(result(b"", **marks, brush_paint_share=0.9 * f.coverage), f, CFG)[0]
    assert brushed.score > 0.95 and brushed.details["brush_visibility"] == 1.0
    # The same marks, kept by a sliver a plain p5 picture left uncovered: little of the credit.
    sliver, _ = score_brush(result(b"", **marks, brush_paint_share=0.01), f, CFG)
    assert sliver.details["brush_visibility"] == pytest.approx(
        min(0.01 / CFG.brush_full_coverage, 0.01 / (CFG.brush_full_paint_share * f.coverage)))
    assert sliver.score < 0.25 * brushed.score
    assert "p5.brush paint holds 1.0% of the canvas" in sliver.explanation
    # Brush paint on 6% of a fully painted canvas: enough of the canvas, too little of the painting.
    fully_painted = features_of(block_noise(16))
    assert fully_painted.coverage > 0.9
    hairlines = score_brush(result(b"", **marks, brush_paint_share=0.06), fully_painted, CFG)[0]
    assert hairlines.details["brush_visibility"] == pytest.approx(
        0.06 / (CFG.brush_full_paint_share * fully_painted.coverage))
    # A render from before the renderer measured the share: scaled by the painted fraction, as then.
    older = score_brush(result(b"", **marks, brush_paint_share=None), f, CFG)[0]
    assert older.score == pytest.approx(brushed.score) and "brush_paint_share" not in older.details


def test_a_render_whose_marks_were_not_measured_says_so_instead_of_guessing():
    tier, flags = score_brush(result(b"", brush_calls=FULL_BRUSH, brush_marks=None), features_of(painting()), CFG)
    assert tier.score == 0.0 and flags == ["brush_marks_unmeasured"] and "render it again" in tier.explanation


# --- tier 5: aesthetic ---------------------------------------------------------------------------
def test_colourfulness_is_scored_in_a_band():
    grey = colourfulness(blank((128, 128, 128)))
    noisy = colourfulness(pixel_noise())
    assert grey == pytest.approx(0.0, abs=1e-6) and noisy > 100
    assert band_score(50, (20, 90)) == 1.0 and band_score(10, (20, 90)) == 0.5
    assert band_score(noisy, (20, 90)) < 1.0


def test_harmony_prefers_a_template_fit():
    lab = lambda img: srgb8_to_lab(img)  # noqa: E731
    complementary = blank((230, 90, 30))
    complementary[:, 128:] = (30, 110, 230)
    rainbow = np.zeros((64, 64, 3), dtype=np.uint8)
    from colorsys import hsv_to_rgb

    for i in range(64):
        rainbow[:, i] = [int(255 * c) for c in hsv_to_rgb(i / 64, 0.9, 0.9)]
    assert harmony(lab(complementary))[0] > harmony(lab(rainbow))[0] + 0.2
    assert harmony(lab(blank((128, 128, 128))))[1] == "achromatic"


def test_a_grey_picture_is_harmonious_only_when_monochrome_was_asked_for():
    from paint_pipeline.reward.tiers.aesthetic import ACHROMATIC_HARMONY, score_aesthetic

    grey = painting(palette=((90, 90, 90), (150, 150, 150), (40, 40, 40), (200, 200, 200)))
    grey = np.repeat(grey.mean(axis=2, keepdims=True), 3, axis=2).astype(np.uint8)
    f = features_of(grey)
    colour = score_aesthetic(f, "a sunny harbour with red boats", CFG)[0]
    mono = score_aesthetic(f, "a harbour, charcoal", CFG)[0]
    assert colour.details["harmony"] == ACHROMATIC_HARMONY and mono.details["harmony"] == 1.0


def test_no_colourfulness_is_full_marks_in_both_bands():
    from paint_pipeline.reward.tiers.aesthetic import band_score

    for m in np.linspace(0, 120, 241):
        assert not (band_score(m, CFG.colourfulness_band) == 1.0 and band_score(m, CFG.monochrome_band) == 1.0
                    and CFG.monochrome_band[1] != m)


def test_blank_canvas_has_no_aesthetic(scorer):
    card = scorer.score([Sample("a red poppy field", "x", result(png_of(blank())))])[0]
    assert card.tiers["aesthetic"].score == 0.0 and card.tiers["alignment"].score == 0.0
    assert "blank_canvas" in card.flags and card.total == pytest.approx(CFG.w_compile)


# --- tier 2: alignment (offline backend) and the text shortcut -----------------------------------
def test_offline_alignment_follows_colour_words(scorer):
    red = blank((250, 245, 235))
    red[60:200, 60:200] = (200, 30, 30)
    cards = scorer.score([Sample("a red square", "x", result(png_of(red))),
                          Sample("a blue square", "x", result(png_of(red)))])
    assert cards[0].tiers["alignment"].score > cards[1].tiers["alignment"].score + 0.4
    assert cards[0].alignment_backend == "offline-palette-shape-v1"


def test_unknown_words_get_a_neutral_offline_score(scorer):
    card = scorer.score([Sample("an abstract idea of justice", "x", result(png_of(painting())))])[0]
    assert card.tiers["alignment"].score == 0.5 and "neutral" in card.tiers["alignment"].explanation


@pytest.mark.parametrize("fields,flag", [({"text_calls": 3}, "text_on_canvas"), ({"dom_text_chars": 40}, "dom_text")])
def test_text_earns_no_alignment(scorer, fields, flag):
    red = blank((250, 245, 235))
    red[60:200, 60:200] = (200, 30, 30)
    card = scorer.score([Sample("a red square", "x", result(png_of(red), **fields))])[0]
    assert card.tiers["alignment"].score == 0.0 and flag in card.flags and "TEXT" in card.tiers["alignment"].explanation


def test_noise_earns_no_alignment_and_a_capped_aesthetic(scorer):
    card = scorer.score([Sample("a colourful abstract painting", "x", result(png_of(pixel_noise())))])[0]
    assert card.tiers["alignment"].score == 0.0 and card.tiers["aesthetic"].score <= CFG.noise_cap


# --- the composite -------------------------------------------------------------------------------
def test_total_is_the_weighted_sum_and_in_range(scorer):
    cards = scorer.score([Sample("a field of red and yellow flowers", "x",
                                 result(png_of(painting(s)), **FULL_MARKS, brushes_marked=["2B", "HB"]))
                          for s in range(3)])
    for card in cards:
        assert card.total == pytest.approx(sum(t.score * t.weight for t in card.tiers.values()))
        assert 0.0 <= card.total <= 1.0 and math.isfinite(card.total)
        assert all(t.explanation for t in card.tiers.values())
        assert card.reward_version == scorer.version


def test_scorecard_text_and_json_forms(scorer):
    card = scorer.score([Sample("a red poppy field", "x", result(png_of(pixel_noise())), sample_id="n1")])[0]
    text = card.render_text()
    for word in ("compile", "alignment", "richness", "brush", "aesthetic", "noise:", card.reward_version):
        assert word in text
    obj = card.to_json()
    assert set(obj) >= {"status", "total", "tiers", "flags", "alignment_backend", "reward_version"}
    assert set(obj["tiers"]["richness"]) == {"score", "weight", "weighted", "explanation"}


def test_scorecards_of_real_paintings_go_to_json_and_parquet(scorer):
    """Every tier's details are plain numbers (the tiny profile never renders, so only real images reach this)."""
    import json

    from paint_pipeline.reward.table import to_table

    framed = painting(seed=3).copy()
    framed[24:-24, 24:-24] = 255  # paint only a frame: mass crammed against the edges (a float32 path before)
    images = [painting(seed=0), painting(seed=1), framed]
    cards = scorer.score([Sample(f"a painting {i}", "x", result(png_of(im)), sample_id=f"s{i}")
                          for i, im in enumerate(images)])
    assert all(c.status == "SUCCESS" for c in cards)
    for card in cards:
        for tier in card.tiers.values():
            json.dumps(tier.details)  # no numpy scalars
            assert type(tier.score) is float
    table = to_table(cards, advantages=[0.1, -0.2, 0.1])
    assert table.num_rows == 3 and json.loads(table.column("details")[0].as_py())["composition"] >= 0
