"""The "points" decoding guard: the points of brush.spline / brush.polygon are a list of points, two at least."""

from __future__ import annotations

import random

import pytest
from test_decoding_guards import _allowed_pieces, _walk
from test_stroke_guard import sample_script_guarded

from paint_pipeline.policy.guards import GuardSet, masks_for_completion
from paint_pipeline.policy.guards.points import NOT_A_POINT, PointsState, piece_fails

FENCE = "Here it is:\n```javascript\nfunction setup() {\n  createCanvas(600, 600, WEBGL);\n"


@pytest.fixture(scope="module")
def points(tokenizer):
    return GuardSet(["points"], tokenizer, len(tokenizer))


def _state(text: str) -> PointsState:
    state = PointsState()
    state.append(text)
    return state


def test_the_first_element_of_a_points_list_is_not_a_number_or_its_end(points):
    for opening in ("  brush.spline([", "  brush.polygon( [ ", "  brush . spline(\n    ["):
        allowed = _allowed_pieces(points, FENCE + opening)
        assert allowed is not None and "[" in allowed and any(p[:1].isalpha() for p in allowed), opening
        assert not any(p.strip() and p.lstrip()[0] in NOT_A_POINT for p in allowed), opening
    for text in ("  brush.spline(pts", "  brush.spline([[1, 2], [3, 4]", "  brush.line([", "  mybrush.spline([",
                 "  brush.spline([[1, 2], [3, 4]]);\n  let a = [", "  // brush.spline([", "  s = 'brush.spline(["):
        assert _allowed_pieces(points, FENCE + text) is None, text
    assert _allowed_pieces(points, "I will call brush.spline([") is None  # prose before the fence
    call, name = _state(FENCE + "  brush.spline("), _state(FENCE + "  brush.polygon")
    assert piece_fails(call, " [-") and piece_fails(call, "[0")
    assert piece_fails(name, "([-") and piece_fails(name, "([]")
    assert not any(piece_fails(s, p) for s in (call, name) for p in ("[[", " [p", "([[", "(pts", "([..."))


def test_a_list_does_not_end_before_its_second_point(points, tokenizer):
    for text in ("  brush.spline([[1, 2]", "  brush.polygon([p ", "  brush.spline([[x, f(y)]"):
        allowed = _allowed_pieces(points, FENCE + text)
        assert allowed is not None and "," in allowed and not any(p.lstrip().startswith("]") for p in allowed), text
    inside = _state(FENCE + "  brush.spline([[1, 2")  # one token may close the point and the list
    assert piece_fails(inside, "]]") and piece_fails(inside, "]])") and not piece_fails(inside, "], [")
    assert not piece_fails(inside, "]") and not piece_fails(inside, ", 3")
    assert not piece_fails(_state(FENCE + "  brush.spline([[1, 2], [3, 4"), "]]")
    rng = random.Random(2)
    for _ in range(20):  # random walks never end a list after one element
        text = _walk(points, FENCE + "  brush.spline([", rng, steps=60)
        assert "[]" not in text[len(FENCE):] and not _ends_after_one_element(text[len(FENCE) + 15:]), text


def _ends_after_one_element(rest: str) -> bool:
    depth = 1
    for c in rest:
        depth += (c == "[") - (c == "]")
        if depth == 1 and c == ",":
            return False
        if depth == 0:
            return True
    return False


def test_the_rule_is_the_librarys(points, tokenizer):
    """In the renderer what the guard forbids throws or draws nothing, and what it allows draws."""
    from paint_pipeline.render import RendererService, RenderItem

    head = "function setup() {\n  createCanvas(600, 600, WEBGL);\n  brush.set('HB', '#222', 1);\n"
    calls = {"flat polygon": "brush.polygon([0, 0, 100, 0, 100, 100])", "flat spline": "brush.spline([-100, 300], 0.6)",
             "one-point spline": "brush.spline([[0, 0]], 0.6)", "one-point polygon": "brush.polygon([[0, 0]])",
             "polygon": "brush.polygon([[0, 0], [100, 0], [100, 100]])"}
    with RendererService(pool_size=1) as client:
        results = client.render_batch([RenderItem(id=k, code=f"{head}  {v};\n}}", seed=1, size=96)
                                       for k, v in calls.items()])
    out = {r.id: r for r in results}
    for name in ("flat polygon", "flat spline", "one-point spline", "one-point polygon"):
        assert out[name].status != "SUCCESS" or not out[name].brush_marks, (name, out[name].status)
    assert out["flat polygon"].status == "RUNTIME_ERROR" and out["one-point spline"].status == "RUNTIME_ERROR"
    assert out["polygon"].status == "SUCCESS" and out["polygon"].brush_marks, out["polygon"].errors
    for name, call in calls.items():  # each forbidden call holds a token outside the guard's mask
        ids = tokenizer(FENCE + "  " + call + ";\n", add_special_tokens=False).input_ids
        if name == "polygon":
            masks_for_completion(points, ids)  # raises where a token lies outside its mask
        else:
            with pytest.raises(ValueError, match="outside the mask"):
                masks_for_completion(points, ids)


def test_the_update_sees_the_distribution_the_points_guarded_sampler_drew_from(tokenizer):
    """A model that writes a flat spline cannot do it guarded, and the update rebuilds the masks."""
    for r in sample_script_guarded(tokenizer, "points", "```javascript\nbrush.spline([0, 0], 0.5);\n```"):
        assert r.completion.startswith("```javascript\nbrush.spline(["), r.completion
        assert "brush.spline([0" not in r.completion, r.completion
