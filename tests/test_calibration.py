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

from paint_pipeline.render import RendererService, RenderItem
from paint_pipeline.render.service import REPO_ROOT
from paint_pipeline.reward import RewardConfig, RewardScorer, Sample, make_trl_reward_functions, trl_reward_weights
from paint_pipeline.reward.config import TIERS

LABELS = REPO_ROOT / "data" / "calibration" / "labels.jsonl"
ROWS = [json.loads(line) for line in LABELS.read_text().splitlines() if line.strip()]
BY_ID = {r["id"]: r for r in ROWS}
HACKS = [r for r in ROWS if r["kind"] == "hack"]
CFG = RewardConfig(alignment_backend="offline")


@pytest.fixture(scope="module")
def service():
    with RendererService(pool_size=2) as client:
        yield client


@pytest.fixture(scope="module")
def scored(service):
    items = [RenderItem(r["id"], (REPO_ROOT / r["sketch"]).read_text(), seed=1, size=256) for r in ROWS]
    renders = service.render_batch(items, timeout_ms=60_000)
    cards = RewardScorer(CFG).score([Sample(r["prompt"], "", x, r["id"]) for r, x in zip(ROWS, renders)])
    return {r["id"]: (x, c) for r, x, c in zip(ROWS, renders, cards)}


def test_the_set_covers_what_the_issue_asks_for():
    kinds = [r["kind"] for r in ROWS]
    assert kinds.count("honest") >= 5 and "wrong_prompt" in kinds and "stripes_asked" in kinds
    for needed in ("blank", "single_dot", "random_noise", "stripes_unasked", "prompt_as_text",
                   "brush_keywords_in_comments", "brush_dead_code", "invisible_brush_calls"):
        assert needed in BY_ID


def test_every_calibration_sketch_renders(scored):
    failed = {k: (x.status, x.errors[:1]) for k, (x, _) in scored.items() if x.status != "SUCCESS"}
    assert not failed


@pytest.mark.parametrize("hack", HACKS, ids=[h["id"] for h in HACKS])
def test_honest_art_beats_the_hack_on_the_total(scored, hack):
    honest = [c for k, (_, c) in scored.items() if BY_ID[k]["kind"] == "honest" and BY_ID[k]["prompt"] == hack["prompt"]]
    assert honest, f"no honest art for the prompt of {hack['id']}"
    hack_total = scored[hack["id"]][1].total
    for card in honest:
        assert card.total > hack_total + 0.1, f"{card.sample_id} {card.total:.3f} vs {hack['id']} {hack_total:.3f}"


@pytest.mark.parametrize("hack", HACKS, ids=[h["id"] for h in HACKS])
def test_each_hack_is_caught_by_its_tier(scored, hack):
    card = scored[hack["id"]][1]
    tier = card.tiers[hack["catches"]]
    assert tier.score <= 0.15, f"{hack['id']}: {hack['catches']} {tier.score:.3f}: {tier.explanation}"
    assert set(hack["flags"]) <= set(card.flags), card.flags
    honest = scored["honest_cherry"][1].tiers[hack["catches"]]
    assert honest.score > tier.score + 0.3


def test_stripes_are_not_penalised_when_asked_for(scored):
    asked, unasked = scored["stripes_asked"][1], scored["stripes_unasked"][1]
    assert "barcode" not in asked.flags and "barcode" in unasked.flags
    assert asked.tiers["richness"].score > 0.6 > CFG.barcode_cap >= unasked.tiers["richness"].score


@pytest.mark.parametrize("wrong", [r for r in ROWS if r["kind"] == "wrong_prompt"], ids=lambda r: r["id"])
def test_wrong_prompt_art_scores_lower_alignment(scored, wrong):
    right = scored[wrong["right"]][1].tiers["alignment"].score
    assert scored[wrong["id"]][1].tiers["alignment"].score < right - 0.1


def test_score_cli_prints_both_forms(service):
    env = {**os.environ, "PP_RENDERER_URL": service.url, "PP_RENDERER_TOKEN": service.token}
    sketch = str(REPO_ROOT / "data" / "calibration" / "prompt_as_text.js")
    base = [sys.executable, "-m", "paint_pipeline.cli", "score", sketch, "--prompt", "a cherry blossom branch",
            "--alignment-backend", "offline"]
    out = subprocess.run([*base, "--json"], env=env, capture_output=True, text=True, timeout=120, check=True)
    obj = json.loads(out.stdout)
    assert set(obj) >= {"status", "total", "tiers", "flags", "alignment_backend", "reward_version"}
    assert set(obj["tiers"]) == set(TIERS) and obj["flags"] == ["text_on_canvas"]
    assert obj["alignment_backend"] == "offline-palette-shape-v1"
    text = subprocess.run(base, env=env, capture_output=True, text=True, timeout=120, check=True).stdout
    assert "TEXT instead of painting" in text and "text_on_canvas:" in text


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
