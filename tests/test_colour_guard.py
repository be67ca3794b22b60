"""The "colour" decoding guard: a `#` string is a hex colour p5 reads."""

from __future__ import annotations

import random
import re

import pytest
from test_decoding_guards import _walk
from test_stroke_guard import _mask

from paint_pipeline.policy.guards import GuardSet, masks_for_completion
from paint_pipeline.policy.guards.colours import literal_fails, piece_fails

FENCE = "Here it is:\n```javascript\nfunction setup() {\n  createCanvas(600, 600, WEBGL);\n"


@pytest.fixture(scope="module")
def colour(tokenizer):
    return GuardSet(["colour"], tokenizer, len(tokenizer))


@pytest.mark.parametrize("opening", ["  background('#", '  brush.set("HB", "#', "  brush.fill('#2f"])
def test_every_colour_the_guard_lets_through_reads(colour, opening):
    rng = random.Random(0)
    quote = opening.rstrip("#2f")[-1]
    lengths = set()
    for _ in range(80):
        text = _walk(colour, FENCE + opening, rng, steps=12)
        literal = opening[opening.rindex("#"):] + text[len(FENCE + opening):]
        if quote not in literal:
            assert not literal_fails(literal, closing=False), text  # still on its way
            continue
        digits = literal[1:literal.index(quote)]
        assert re.fullmatch(r"[0-9a-fA-F]+", digits) and len(digits) in (3, 4, 6, 8), text
        lengths.add(len(digits))
    assert len(lengths) >= 2, lengths  # more than one form is reachable


def test_what_the_colour_guard_forbids_and_leaves_alone(colour):
    assert _mask(colour, FENCE + "  background('#f4efe6") is not None  # only the closing quote or two digits
    for text in (
        FENCE + "  brush.set('HB",  # not a colour
        FENCE + "  let s = `#",  # a template literal may interpolate
        FENCE + "  // background('#",  # a comment
        FENCE + "  /* '#",
        "Use background('#",  # prose before the code block
        FENCE + "  background('#zz",  # already past saving: left to the renderer
    ):
        assert _mask(colour, text) is None, text
    assert piece_fails("e'", "'", "#ececec") and not piece_fails("'", "'", "#ececec")
    assert piece_fails("'", "'", "#f4efe") and piece_fails("g", "'", "#f4e") and piece_fails("\\", '"', "#")
    assert piece_fails("('#12')", None, "") and not piece_fails("('#123')", None, "")
    assert not piece_fails("'a#1'", None, "") and not piece_fails("`#1`", None, "")


def test_the_rule_is_the_librarys():
    """What the guard forbids throws "Invalid color string" in the renderer, and what it allows renders."""
    from paint_pipeline.render import RendererService, RenderItem

    colours = ["#2f5fb3", "#abc", "#abcd", "#2f5fb380", "#ececece", "#f4efe", "#ab", "#2f5fb3801"]
    items = []
    for k, hex_colour in enumerate(colours):
        code = ("function setup() {\n  createCanvas(64, 64, WEBGL);\n"
                f"  background('{hex_colour}');\n  brush.set('HB', '{hex_colour}', 1);\n"
                "  brush.line(-20, 0, 20, 0);\n}\n")
        items.append(RenderItem(id=f"c{k}", code=code, seed=1, size=64))
    with RendererService(pool_size=1) as client:
        results = client.render_batch(items)
    for hex_colour, result in zip(colours, results):
        fails = literal_fails(hex_colour, closing=True)
        assert (result.status != "SUCCESS") == fails, (hex_colour, result.status, result.errors)
        if fails:
            assert "Invalid color string" in result.errors[0], (hex_colour, result.errors)


def test_a_guarded_completion_replays_and_an_unguarded_bad_colour_does_not(tokenizer, colour):
    good = tokenizer(FENCE + "  background('#f4efe6');\n", add_special_tokens=False).input_ids
    assert masks_for_completion(colour, good)  # applied, and every token allowed
    bad = tokenizer(FENCE + "  background('#f4efe');\n", add_special_tokens=False).input_ids
    with pytest.raises(ValueError, match="outside the mask of the decoding guards"):
        masks_for_completion(colour, bad)
