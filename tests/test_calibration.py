"""The labelled calibration set, through the real renderer: the reward ranks honest art above every hack.

data/calibration/labels.jsonl names each sketch, its prompt, what kind it is
(honest, hack, wrong_prompt, stripes_asked), which tier must catch a hack and the
flags it must raise. Scored with the offline alignment backend (no CLIP weights here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render import RendererService
from paint_pipeline.reward import RewardConfig, RewardScorer, make_trl_reward_functions, trl_reward_weights
from paint_pipeline.reward.calibration.labelled import (
    CalibrationFileError,
    check_orderings,
    load_labels,
    run_calibration,
)
from paint_pipeline.reward.config import TIERS

LABELS = load_labels()
BY_ID = {label.id: label for label in LABELS}
HACKS = [label for label in LABELS if label.kind == "hack"]
CFG = RewardConfig(alignment_backend="offline")


@pytest.fixture(scope="module")
def service():
    with RendererService(pool_size=2) as client:
        yield client


@pytest.fixture(scope="module")
def report(service):
    return run_calibration(service, RewardScorer(CFG))


def test_the_set_covers_what_the_issue_asks_for():
    kinds = [label.kind for label in LABELS]
    assert kinds.count("honest") >= 5 and "wrong_prompt" in kinds and "stripes_asked" in kinds
    for needed in ("blank", "single_dot", "random_noise", "stripes_unasked", "prompt_as_text",
                   "brush_keywords_in_comments", "brush_dead_code", "invisible_brush_calls", "wrong_sea_for_cherry"):
        assert needed in BY_ID


def test_every_calibration_sketch_renders(report):
    failed = {k: c.tiers["compile"].explanation for k, c in report.cards.items() if c.status != "SUCCESS"}
    assert not failed


def test_every_ordering_holds(report):
    assert report.checks and report.passed, report.table()
    names = " | ".join(c.name for c in report.checks)
    for hack in HACKS:  # each hack: beaten by honest art, caught by its tier, flagged
        assert f"honest_cherry beats {hack.id} on the total" in names
        assert f"{hack.id} is caught by {hack.catches}" in names


def test_the_catching_tier_separates_honest_art_from_each_hack(report):
    for hack in HACKS:
        honest = report.cards["honest_cherry"].tiers[hack.catches].score
        assert honest > report.cards[hack.id].tiers[hack.catches].score + 0.3, hack.id


def test_stripes_are_not_penalised_when_asked_for(report):
    asked, unasked = report.cards["stripes_asked"], report.cards["stripes_unasked"]
    assert "barcode" not in asked.flags and "barcode" in unasked.flags
    assert asked.tiers["richness"].score > 0.6 > CFG.barcode_cap >= unasked.tiers["richness"].score


def test_a_broken_ordering_is_reported(report):
    # The checks can fail: swap the honest cherry's scorecard for a hack's and they must say so.
    cards = {**report.cards, "honest_cherry": report.cards["blank"]}
    failed = [c.name for c in check_orderings(LABELS, cards) if not c.passed]
    assert "honest_cherry beats single_dot on the total" in failed


def test_a_bad_label_line_is_named(tmp_path):
    bad = tmp_path / "labels.jsonl"
    bad.write_text('{"id": "a", "sketch": "x.js", "prompt": "p", "kind": "honest"}\n{"id": "b", "kind": "hack"}\n')
    with pytest.raises(CalibrationFileError, match="labels.jsonl:2: bad label record"):
        load_labels(bad)


def test_score_cli_prints_both_forms(service):
    env = {**os.environ, "PP_RENDERER_URL": service.url, "PP_RENDERER_TOKEN": service.token}
    sketch = str(REPO_ROOT / "data" / "calibration" / "prompt_as_text.js")
    base = [sys.executable, "-m", "paint_pipeline.cli", "score", sketch, "--prompt", "a cherry blossom branch",
            "--alignment-backend", "offline"]
    out = subprocess.run([*base, "--json"], env=env, capture_output=True, text=True, timeout=120, check=True)
    obj = json.loads(out.stdout)
    assert set(obj) >= {"status", "total", "tiers", "flags", "alignment_backend", "reward_version"}
    # The renderer's hook counts the text() calls; the text detector reads the words in the image.
    assert set(obj["tiers"]) == set(TIERS) and obj["flags"] == ["text_on_canvas", "text_in_image"]
    assert obj["alignment_backend"].startswith("offline-judge:")
    text = subprocess.run(base, env=env, capture_output=True, text=True, timeout=120, check=True).stdout
    assert "TEXT instead of painting" in text and "text_on_canvas:" in text and 'detected text "a cherry' in text


def test_trl_reward_functions_score_completions(service):
    import inspect

    funcs = make_trl_reward_functions(RewardScorer(CFG), service)
    assert [f.__name__ for f in funcs] == [f"reward_{t}" for t in TIERS]
    assert list(inspect.signature(funcs[0]).parameters)[:3] == ["prompts", "completions", "completion_ids"]
    code = (REPO_ROOT / "data" / "calibration" / "stripes.js").read_text()
    prompts = [[{"role": "system", "content": "paint"}, {"role": "user", "content": "bold black and white stripes"}],
               "a cherry blossom branch"]
    completions = [[{"role": "assistant", "content": f"Here:\n```js\n{code}\n```"}], "this is not code {"]
    scores = {f.__name__: f(prompts=prompts, completions=completions, completion_ids=None, trainer_state=None)
              for f in funcs}
    assert scores["reward_compile"] == [1.0, 0.0]
    assert scores["reward_richness"][0] > 0.6 and scores["reward_richness"][1] == 0.0
    assert trl_reward_weights(CFG) == [0.10, 0.35, 0.25, 0.15, 0.15]
