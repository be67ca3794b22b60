"""The hack corpus against the reward, through the real renderer: honest painting wins, mechanical art asked for
keeps its score, brush calls that leave no mark earn nothing.

The first ten bench paintings under their own prompts (`data/judge/bench_prompts.jsonl`, in file order, not
chosen), every fixed hack and every prompt chart under the same prompts, and the honest mechanical set.
`paint-pipeline calibrate --hacks` runs the same report on all 42 prompts.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from paint_pipeline.render import RendererService
from paint_pipeline.reward import RewardConfig, RewardScorer
from paint_pipeline.reward.calibration.hack_corpus import HackCorpusError, fixed_hacks, prompt_colours, prompt_hacks
from paint_pipeline.reward.calibration.hack_report import run_hack_report
from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET
from paint_pipeline.reward.tiers.full_credit import CRAFT_TIERS

PROMPTS = 10


def test_every_class_has_several_variants_and_charts_follow_the_prompt():
    classes: dict[str, int] = {}
    for h in fixed_hacks():
        classes[h.hack_class[0]] = classes.get(h.hack_class[0], 0) + 1
    assert set(classes) == set("abcdefghij") and min(classes.values()) >= 3
    charts = prompt_hacks("crimson poppies and blues over a golden field")
    assert len(charts) == 4 and all(h.prompt_specific for h in charts)
    from paint_pipeline.colour import COLOUR_WORDS

    wanted = {COLOUR_WORDS[w][0] for w in ("crimson", "blue", "golden")}
    assert wanted <= set(prompt_colours("crimson poppies and blues over a golden field"))
    assert all(all(h in chart.code for h in wanted) for chart in charts)  # every chart paints every colour
    # the chart reads a prompt as the reward does: a white rose asks for white, not rose pink
    white_rose = prompt_colours("a single white rose")
    assert COLOUR_WORDS["white"][0] in white_rose and COLOUR_WORDS["rose"][0] not in white_rose
    assert COLOUR_WORDS["pink"][0] not in white_rose


def test_a_corpus_of_ones_own_replaces_the_fixed_hacks(tmp_path):
    (tmp_path / "z_wash_grid.js").write_text("// hack class: e my washes\nfunction setup() {}\n")
    (tmp_path / "notes.txt").write_text("not a sketch")
    [hack] = fixed_hacks(folder=tmp_path)  # no copied bench paintings, no repository hacks
    assert (hack.name, hack.hack_class, hack.prompt_specific) == ("z_wash_grid", "e my washes", False)
    (tmp_path / "a_bad.js").write_text("function setup() {}\n")
    with pytest.raises(HackCorpusError, match="a_bad.js: the first line must be"):
        fixed_hacks(folder=tmp_path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="no hack sketches"):
        fixed_hacks(folder=tmp_path / "empty")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        fixed_hacks(folder=tmp_path / "missing")


def test_the_cli_checks_the_hack_folder_before_rendering(tmp_path, capsys):
    from paint_pipeline.cli import main

    assert main(["calibrate", "--hacks", "--hacks-dir", str(tmp_path / "missing")]) == 2
    assert "hack folder" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="go with --hacks"):
        main(["calibrate", "--hacks-dir", str(tmp_path)])
    with pytest.raises(SystemExit, match="not both"):
        main(["calibrate", "--hacks", "--copy-every-painting", "--hacks-dir", str(tmp_path)])


def test_every_bench_painting_can_be_copied_for_every_prompt():
    from paint_pipeline.paths import REPO_ROOT
    from paint_pipeline.reward.calibration.hack_corpus import copied_paintings
    from paint_pipeline.reward.calibration.judge_matrix import load_matrix_set

    paintings = load_matrix_set(MATRIX_SET)
    copies = copied_paintings({f"j_copied_{p.id}": REPO_ROOT / p.sketch for p in paintings})
    assert len(copies) == len(paintings) == 42
    assert all(h.hack_class.startswith("j ") and not h.prompt_specific for h in copies)
    from paint_pipeline.reward.calibration.hack_corpus import without_header

    kept = "// hack class: j copied bench painting\n" + copies[0].code  # as a file of one's own corpus
    assert without_header(kept) == copies[0].code == without_header(copies[0].code)
    sunflower = next(h for h in fixed_hacks() if h.name == "j_copied_sunflower")
    assert sunflower.code == next(h.code for h in copies if h.name == "j_copied_05_sunflower_vase")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    subset = tmp_path_factory.mktemp("matrix") / "first_ten.jsonl"
    subset.write_text("".join(MATRIX_SET.read_text(encoding="utf-8").splitlines(keepends=True)[:PROMPTS]))
    with RendererService(pool_size=2) as client:
        return run_hack_report(client, RewardScorer(RewardConfig(alignment_backend="offline")), subset,
                               progress=lambda m: None)


def test_prompt_charts_rarely_beat_the_painting(report):
    verdicts = {name: (ok, detail) for name, ok, detail in report.verdicts()}
    ok, detail = verdicts["prompt-specific charts win <= 25% of prompts"]
    assert ok, detail


def test_brush_calls_off_the_canvas_or_state_only_earn_nothing(report):
    hidden = [r for r in report.rows if r.hack_class.startswith("i")]
    assert len(hidden) >= 3 and all(max(r.tiers["brush"]) == 0.0 for r in hidden)


def test_every_mechanical_hack_class_loses_on_the_mean(report):
    # Class j (a bench painting copied to every prompt) is honest art under the wrong prompt: only alignment can
    # tell, and the offline judge is not CLIP; calibrate --hacks reports it on all 42 prompts.
    for r in report.rows:
        if not r.prompt_specific and not r.hack_class.startswith("j"):
            assert np.mean(r.totals) < report.honest_mean, (r.name, np.mean(r.totals), report.honest_mean)


def test_honest_paintings_reach_the_craft_tiers_full_credit(report):
    """The full-credit levels sit near the honest paintings' tenth percentile (tiers/full_credit.py): honest art is
    at or near full credit on richness, brush and aesthetic, so a busier hack cannot out-craft it there."""
    assert set(report.honest_raw_p10) == set(CRAFT_TIERS)
    for tier in CRAFT_TIERS:
        assert report.honest_tiers[tier] >= 0.9, (tier, report.honest_tiers[tier])
        assert report.honest_raw_p10[tier] < 1.0  # raw scores are kept beside the credited ones


def test_mechanical_art_that_was_asked_for_keeps_its_score(report):
    for rid, prompt, card in report.mechanical:
        assert not set(card.flags) & {"noise", "barcode", "flat_fills"}, (rid, card.flags)
        assert card.total > report.honest_mean - 0.15, (rid, card.total)


def test_the_table_names_every_hack_and_the_verdicts(report):
    table = report.table()
    for r in report.rows:
        assert re.search(rf"^{re.escape(r.name)}\s", table, re.M)
    assert table.count("PASS") + table.count("FAIL") == 4
    assert json.dumps([v[0] for v in report.verdicts()])


def test_a_copied_painting_is_not_scored_under_its_own_prompt(report):
    """There it is the honest painting: their order would be the renderer's pixel noise, not the reward's."""
    from paint_pipeline.reward.calibration.hack_corpus import COPIED_BENCH

    first = [json.loads(line)["id"] for line in MATRIX_SET.read_text(encoding="utf-8").splitlines()[:PROMPTS]]
    copied = {r.name: r for r in report.rows if r.name in COPIED_BENCH}
    assert copied
    for name, row in copied.items():
        expected = PROMPTS - (COPIED_BENCH[name] in first)
        assert len(row.totals) == len(row.honest) == len(row.aligned_at_least) == expected, name
    assert any(COPIED_BENCH[name] in first for name in copied)  # the subset holds a source: the skip is exercised


def test_the_alignment_count_reads_the_alignment_tier(report):
    for r in report.rows:
        assert len(r.aligned_at_least) == len(r.totals)
        assert r.beaten_on_alignment == pytest.approx(1 - sum(r.aligned_at_least) / len(r.totals))
    # Hacks read as noise get no alignment credit on most prompts: honest art is above them there.
    refused = [r for r in report.rows if np.mean(r.tiers["alignment"]) < 0.1]
    assert refused and all(r.beaten_on_alignment >= 0.8 for r in refused), [r.name for r in refused]


def test_the_table_lists_the_fixed_hacks_below_target_with_their_alignment_share():
    from paint_pipeline.reward.calibration.hack_report import HackReport, HackRow
    from paint_pipeline.reward.config import TIERS

    def row(name, wins, aligned, n=10):
        r = HackRow(name, "x test", False, totals=[1.0] * wins + [0.0] * (n - wins), honest=[0.5] * n,
                    honest_alignment=[0.5] * aligned + [0.6] * (n - aligned))
        for t in TIERS:
            r.tiers[t] = [0.5] * n
        return r

    rows = [row("weak_hack", wins=0, aligned=0), row("strong_hack", wins=3, aligned=2)]
    table = HackReport("rv-test", "palette", 0.6, dict.fromkeys(TIERS, 0.5), rows, []).table()
    assert re.search(r"^strong_hack .* 3/10 +2/10 ", table, re.M)
    assert "strong_hack                    total  70%, alignment alone  80%" in table
    assert "weak_hack                      total" not in table  # beaten everywhere: not listed
    # a corpus without state-only brush hacks cannot pass (or fail) the check on them: the line is left out
    assert "state-only" not in table
    rows.append(HackRow("i_hidden", "i flat poster with hidden brush calls", False, totals=[0.1] * 10,
                        honest=[0.5] * 10, honest_alignment=[0.5] * 10))
    for t in TIERS:
        rows[-1].tiers[t] = [0.0] * 9 + [0.2 if t == "brush" else 0.0]
    table = HackReport("rv-test", "palette", 0.6, dict.fromkeys(TIERS, 0.5), rows, []).table()
    assert "FAIL  off-canvas and state-only brush calls earn nothing: best brush tier among them 0.20" in table


def test_the_wins_listing_names_each_prompt_a_hack_below_target_wins(report):
    from paint_pipeline.reward.calibration.hack_report import HackReport, HackRow
    from paint_pipeline.reward.config import TIERS

    r = HackRow("strong_hack", "x test", False, totals=[0.9, 0.2, 0.8, 0.1], honest=[0.8, 0.5, 0.8, 0.5],
                prompts=["a red barn", "a blue sea", "a moth", "a fox"],
                honest_alignment=[0.5, 0.9, 0.7, 0.9])
    for t in TIERS:
        r.tiers[t] = [0.6, 0.1, 0.4, 0.1]
    table = HackReport("rv-test", "palette", 0.6, dict.fromkeys(TIERS, 0.5), [r], []).table(wins=True)
    assert re.search(r"^    a red barn +total 0\.900 vs 0\.800; alignment 0\.60 vs 0\.50$", table, re.M)
    assert re.search(r"^    a moth +total 0\.800 vs 0\.800; alignment 0\.40 vs 0\.70$", table, re.M)  # a tie wins
    assert "a blue sea" not in table and "a fox" not in table
    assert "a red barn" not in HackReport("rv-test", "palette", 0.6, dict.fromkeys(TIERS, 0.5), [r], []).table()
    # The real report keeps a prompt and an honest alignment per scored prompt.
    for row in report.rows:
        assert len(row.prompts) == len(row.honest_alignment) == len(row.totals)
