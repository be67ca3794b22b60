"""`analyze generator-health`: which generator paintings count as unhealthy, and what it prints."""

from __future__ import annotations

from paint_pipeline.analysis.generator_health import Painting, sheet_entries, summary, unhealthy


def _p(prompt, total=0.8, richness=0.7, flags=(), category="sky", seed=0):
    return Painting(prompt, category, seed, total, richness, tuple(flags))


def test_a_flag_a_low_total_or_a_low_richness_is_unhealthy():
    paintings = [_p("fine"), _p("barcode", flags=("barcode",)), _p("dull", total=0.3), _p("sparse", richness=0.2),
                 _p("edge", total=0.4, richness=0.4)]
    assert [p.prompt for p in unhealthy(paintings, 0.4, 0.4)] == ["barcode", "dull", "sparse"]


def test_the_summary_counts_by_category_and_flag_and_lists_each():
    paintings = [_p("a", flags=("barcode",), category="water"), _p("a", seed=1, flags=("barcode", "flat_fills"),
                                                                  category="water"),
                 _p("b", total=0.2, category="night"), _p("c")]
    lines = summary(paintings, unhealthy(paintings, 0.4, 0.4))
    assert lines[0] == "4 paintings (3 prompts), mean total 0.650; unhealthy: 3 (2 prompts)"
    assert lines[1] == "  by category: night 1, water 2"
    assert lines[2] == "  by flag: barcode 2, flat_fills 1; low score without a flag: 1"
    assert "barcode,flat_fills" in lines[4] and lines[4].rstrip().endswith(" a")
    assert summary([_p("c")], []) == ["1 paintings (1 prompts), mean total 0.800; unhealthy: 0 (0 prompts)"]


def test_the_sheet_shows_each_unhealthy_painting_with_its_own_image():
    paintings = [_p("a"), _p("a", seed=1, flags=("noise",)), _p("b", total=0.2), _p("c")]
    entries = sheet_entries(paintings, [b"A0", b"A1", "TIMEOUT", b"C0"], unhealthy(paintings, 0.4, 0.4))
    assert entries == [(b"A1", "a (seed 1: 0.80 noise)"), ("TIMEOUT", "b (seed 0: 0.20)")]
