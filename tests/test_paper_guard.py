"""The "paper" decoding guard: a painting's pens are not all the colour of its paper."""

from __future__ import annotations

import random
import re

import pytest
from test_decoding_guards import _walk
from test_stroke_guard import _mask

from paint_pipeline.colour import delta_e, hex_to_lab
from paint_pipeline.policy.guards import GuardSet
from paint_pipeline.policy.guards.paper import NEAR_ALLOWED, NEAR_DELTA_E, PaperState, can_end_far

FENCE = "Here it is:\n```javascript\nfunction setup() {\n  createCanvas(600, 600, WEBGL);\n"
PAPER = "  background('#123456');\n"
NEAR_PENS = "  brush.fill('#123456', 140);\n  brush.set('rotring', '#123457', 1.5);\n"


@pytest.fixture(scope="module")
def paper(tokenizer):
    return GuardSet(["paper"], tokenizer, len(tokenizer))


@pytest.fixture(scope="module")
def colour_and_paper(tokenizer):
    return GuardSet(["colour", "paper"], tokenizer, len(tokenizer))  # the colour guard keeps a walk in hex digits


def _state(text: str) -> PaperState:
    state = PaperState()
    state.append(text)
    return state


def _distance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    h = "".join(c * 2 for c in h[:3]) if len(h) in (3, 4) else h[:6]
    return float(delta_e(hex_to_lab("#" + h), hex_to_lab("#123456")))


def test_the_reader_counts_near_pens_until_a_far_one():
    assert NEAR_ALLOWED == 2
    state = _state(FENCE + PAPER + NEAR_PENS)
    assert state.paper == "123456" and state.near == 2 and state.active()
    assert state.watched() == "" and _state(FENCE + PAPER + NEAR_PENS + "  brush.set('pen', ").watched() == "pen"
    assert _state(FENCE + PAPER + "  brush.set('pen', random(['#12").watched() == "pen"
    assert _state(FENCE + PAPER + "  brush.wash(").watched() == ""  # a wash is not a pen
    far = _state(FENCE + PAPER + "  brush.set('pen', '#f0e0c0', 1);\n" + NEAR_PENS)
    assert far.far and not far.active()  # a far pen first: near ones may follow
    assert not _state(FENCE + PAPER + "  brush.wash('#123456', 255);\n  brush.wash('#123456');\n").active()
    again = _state(FENCE + PAPER + NEAR_PENS + "  background('#f4efe4');\n")  # a new paper starts over
    assert again.paper == "f4efe4" and again.near == 0
    short = _state(FENCE + PAPER + "  brush.set('pen', '#135', 1);\n")  # #135 is #113355: near #123456
    assert short.near == 1 and _distance("#135") < NEAR_DELTA_E
    assert not _state(FENCE + PAPER + NEAR_PENS + "```\nprose\n").active()  # the block closed


def test_can_end_far():
    paper = "123456"
    assert not can_end_far("123456", True, paper) and not can_end_far("12345", False, paper)
    assert can_end_far("1234", False, paper)  # #1234ff is far
    assert can_end_far("", False, paper) and can_end_far("f", False, paper)
    assert not can_end_far("12345680", True, paper)  # the alpha digits do not move the colour
    assert can_end_far("12345", True, paper)  # unreadable: the colour guard's to judge
    assert can_end_far("12g", False, paper)


@pytest.mark.parametrize("opening", ["  brush.set('pen', '#", "  brush.fill(\"#1", "  brush.stroke('#12",
                                     "  brush.hatchStyle('HB', random(['#"])
def test_once_active_every_pen_the_guard_lets_through_is_far_from_the_paper(colour_and_paper, opening):
    rng = random.Random(1)
    start = FENCE + PAPER + NEAR_PENS + opening
    closed = 0
    for _ in range(60):
        text = _walk(colour_and_paper, start, rng, steps=10)
        literal = opening[opening.rindex("#"):] + text[len(start):]
        m = re.match(r"#([0-9a-fA-F]*)(['\"])?", literal)
        if m.group(2) and len(m.group(1)) in (3, 4, 6, 8):
            closed += 1
            assert _distance(m.group(1)) >= NEAR_DELTA_E, text
    assert closed >= 10


def test_where_the_guard_stays_out(paper):
    assert _mask(paper, FENCE + PAPER + NEAR_PENS + "  brush.set('pen', '#1234") is not None
    for text in (FENCE + PAPER + "  brush.fill('#123456', 140);\n  brush.set('pen', '#",  # one near pen
                 FENCE + PAPER + NEAR_PENS + "  brush.wash('#",  # a wash
                 FENCE + PAPER + NEAR_PENS + "  background('#",  # the paper itself
                 FENCE + PAPER + NEAR_PENS + "  // brush.set('pen', '#",  # a comment
                 FENCE + "  brush.fill('#123456');\n  brush.set('a', '#123456');\n  brush.set('pen', '#"):  # no paper
        assert _mask(paper, text) is None, text


def test_a_pen_in_the_papers_colour_leaves_the_canvas_blank_to_the_reward():
    """What the guard's distance means: pens within it of the paper leave the canvas blank to the reward (below its
    minimum painted fraction), the same painting with its pens past it does not."""
    from paint_pipeline.imaging import decode_png
    from paint_pipeline.render import RendererService, RenderItem
    from paint_pipeline.reward.config import RewardConfig
    from paint_pipeline.reward.features import analyse

    cfg = RewardConfig()
    body = ("function setup() {\n  createCanvas(256, 256, WEBGL);\n  background('#f4efe4');\n"
            "  brush.fill('%s', 140);\n  brush.circle(0, 0, 60);\n  brush.set('rotring', '%s', 1.5);\n"
            "  for (let i = 0; i < 8; i++) brush.line(-100, -90 + i * 25, 100, -80 + i * 25);\n}")
    near, far = "#f7f7f7", "#c9b99a"
    assert _distance_to(near, "#f4efe4") < NEAR_DELTA_E <= _distance_to(far, "#f4efe4")
    with RendererService(pool_size=1) as client:
        results = client.render_batch([RenderItem(id=k, code=body % (c, c), seed=1, size=256)
                                       for k, c in (("near", near), ("far", far))])
    assert [r.status for r in results] == ["SUCCESS", "SUCCESS"], [r.errors for r in results]
    coverage = [analyse(decode_png(r.png), cfg.analysis_size, cfg.background_delta_e).coverage for r in results]
    assert coverage[0] < cfg.min_coverage < coverage[1], coverage


def _distance_to(a: str, b: str) -> float:
    return float(delta_e(hex_to_lab(a), hex_to_lab(b)))


def test_no_sketch_of_the_corpus_writes_more_near_pens_than_the_rule_allows(tokenizer):
    """The warm start's and the benchmark's sketches, read character by character: none writes a pen near its paper
    past NEAR_ALLOWED before a far one (so no token of theirs is forbidden, whatever the tokenizer), and some write
    exactly NEAR_ALLOWED (the bound is the corpus's own, not a looser one)."""
    from paint_pipeline.analysis.guard_replay import corpus_sketches, replay_corpus

    most = []
    for code in corpus_sketches():
        state, seen = PaperState(), 0
        for c in "```javascript\n" + code + "\n```\n":
            state.append(c)
            seen = max(seen, state.near)
        most.append(seen)
    assert max(most) == NEAR_ALLOWED, sorted(most)[-5:]
    n, _, forbidden = replay_corpus(GuardSet(["paper"], tokenizer, len(tokenizer)), tokenizer)
    assert n > 400 and not forbidden, forbidden[:3]


def test_the_visibility_benchmark_picks_the_first_pen_at_the_distance_asked():
    from paint_pipeline.benchmarks.pen_visibility import DIRECTIONS, painting, pen_at

    for paper in ("#123456", "#f4efe4", "#606060"):
        for towards in DIRECTIONS.values():
            pen = pen_at(paper, towards, 12.0)
            if pen is not None:
                assert 12.0 <= _distance_to(pen, paper) < 14.0, (paper, towards, pen)
    assert pen_at("#121212", DIRECTIONS["black"], 10.0) is None  # black is closer than that
    assert pen_at("#123456", DIRECTIONS["white"], 25.0) == "#536c84"
    assert "brush.set('HB', '#536c84', 1.5)" in painting("#123456", "HB", "#536c84")
    assert "brush.fill('#536c84', 140)" in painting("#123456", "fill", "#536c84")


def test_the_visibility_benchmark_refuses_a_paper_or_distance_it_cannot_read():
    import argparse

    from paint_pipeline.benchmarks.pen_visibility import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--papers", "#121212, #F4EFE4"]).papers == ["#121212", "#f4efe4"]
    assert parser.parse_args(["--distances", "10,22.5"]).distances == [10.0, 22.5]
    for bad in (["--papers", "#12345g"], ["--papers", "121212"], ["--distances", "10,abc"], ["--distances", "-5"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)
