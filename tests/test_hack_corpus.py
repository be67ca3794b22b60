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
from paint_pipeline.reward.calibration.hack_corpus import fixed_hacks, prompt_colours, prompt_hacks
from paint_pipeline.reward.calibration.hack_report import run_hack_report
from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET

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
