"""The "stroke" decoding guard: no brush call that needs the stroke while brush.noStroke() has it off."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
import torch
from test_decoding_guards import _walk, assert_update_replays_the_sampler

from paint_pipeline.brush_api import BRUSH_MEMBERS
from paint_pipeline.policy.guards import GuardSet, masks_for_completion
from paint_pipeline.policy.guards.stroke import HATCHED, NEED_STROKE
from paint_pipeline.policy.prompting import render_chat
from paint_pipeline.policy.sampling import generate

FENCE = "Here it is:\n```javascript\nfunction setup() {\n  createCanvas(600, 600, WEBGL);\n"
OFF = FENCE + "  brush.noStroke();\n  brush.wash('#334', 255);\n  brush.rect(-300, -300, 600, 600);\n"


@pytest.fixture(scope="module")
def stroke(tokenizer):
    return GuardSet(["stroke"], tokenizer, len(tokenizer))


@pytest.fixture(scope="module")
def api_and_stroke(tokenizer):
    return GuardSet(["api", "stroke"], tokenizer, len(tokenizer))


def _mask(guards, text):
    states = guards.new_state()
    for guard, state in zip(guards.guards, states):
        guard.append(state, text)
    return guards.allowed(states)


def _member(text: str, at: int) -> str:
    name = text[at:]
    end = next((k for k, c in enumerate(name) if not (c.isalnum() or c in "_$")), len(name))
    return name[:end]


def test_with_the_stroke_off_no_member_that_needs_it_can_be_written(api_and_stroke):
    rng = random.Random(0)
    seen = set()
    for opening in ("  brush.l", "  brush.f"):  # (after a bare `brush.` anything non-identifier may follow,
        for _ in range(40):                       # as in prose: see the api guard)
            text = _walk(api_and_stroke, OFF + opening, rng)
            name = _member(text, len(OFF) + len("  brush."))
            assert name in BRUSH_MEMBERS and name not in NEED_STROKE, text
            seen.add(name)
    # Only those two are gone: the members sharing their first letters are still there.
    assert {"listFields", "fill", "field"} <= seen, seen


def test_the_stroke_is_on_again_after_set_or_stroke(stroke):
    assert _mask(stroke, OFF + "  brush.") is not None
    for switch in ("  brush.set('HB', '#222', 1);\n", "  brush.stroke('#222');\n", "  brush.set(random(['HB']), c);\n"):
        assert not _stroke_forbidden(stroke, OFF + switch + "  brush."), switch
    again = OFF + "  brush.set('HB', '#222', 1);\n  brush.line(0, 0, 9, 9);\n  brush.noStroke();\n  brush."
    assert _mask(stroke, again) is not None


def _stroke_forbidden(stroke, text):
    """What the guard forbids at `text` for the stroke's sake (endShape and endStroke wait for their begin)."""
    return _written_state(stroke, text).forbidden() - {"endShape", "endStroke"}


def test_what_the_stroke_guard_leaves_alone(stroke):
    for text in (
        FENCE + "  brush.",  # no switch yet: the brush may be set by the caller
        FENCE + "  // brush.noStroke();\n  brush.",  # a comment
        FENCE + "  /* brush.noStroke(); */\n  brush.",
        FENCE + "  let note = 'brush.noStroke()';\n  brush.",  # a string
        FENCE + "  mybrush.noStroke();\n  brush.",  # not the library's brush
    ):
        assert not _stroke_forbidden(stroke, text), text
    for text in (
        "Call brush.noStroke() first, then brush.",  # prose before the code block
        OFF + "  brush.wash(",  # another member, already named
        OFF + "  brush.set(",
        OFF + "  let s = 'brush.",  # inside a string
    ):
        assert _mask(stroke, text) is None, text
    # After a closer that does not match, strings and comments are still told from code.
    assert _mask(stroke, FENCE + "  f(]);\n  brush.noStroke();\n  brush.") is not None


class ScriptLM(torch.nn.Module):
    """A causal LM that prefers the k-th token of `script` at completion position k, whatever came before (a
    bigram model could not tell the `.` before `noStroke` from the `.` before `line`)."""

    def __init__(self, vocab: int, prompt_len: int, script: list[int]):
        super().__init__()
        self.vocab = vocab
        self.table = torch.nn.Parameter(torch.zeros(prompt_len + len(script) + 64, vocab))
        with torch.no_grad():
            for k, token in enumerate(script):
                self.table[prompt_len - 1 + k, token] = 12.0  # the logits at position p choose token p + 1

    def get_output_embeddings(self):
        return SimpleNamespace(weight=torch.zeros(self.vocab, 1))

    def forward(self, input_ids, attention_mask=None, position_ids=None, logits_to_keep=0, **_):
        if position_ids is None:
            position_ids = (attention_mask.cumsum(-1) - 1).clamp(min=0)
        logits = self.table[position_ids]
        return SimpleNamespace(logits=logits[:, -logits_to_keep:] if logits_to_keep else logits, cache=None)


def test_the_update_sees_the_distribution_the_stroke_guarded_sampler_drew_from(tokenizer):
    """A model that draws a line right after noStroke() cannot do it guarded, and the update rebuilds the masks
    so the replayed log-probs equal the recorded ones."""
    written = "```javascript\nbrush.noStroke();\nbrush.line(0, 0, 9, 9);\n```"
    for r in sample_script_guarded(tokenizer, "stroke", written):
        assert r.completion.startswith("```javascript\nbrush.noStroke();\nbrush."), r.completion
        assert "brush.line" not in r.completion, r.completion


def sample_script_guarded(tokenizer, guard_name: str, written: str):
    """Rollouts of a model that can only write `written`: unguarded they write it and the guard's masks reject
    it; guarded, each rollout is returned after checking that the update replays the sampler's log-probs."""
    prompt = "paint"
    prompt_ids = tokenizer(render_chat(tokenizer, prompt, "compact"), add_special_tokens=False).input_ids
    script = tokenizer(written, add_special_tokens=False).input_ids + [tokenizer.eos_token_id]
    model = ScriptLM(len(tokenizer), len(prompt_ids), script)
    kwargs = dict(group_size=3, temperature=1.0, max_new_tokens=len(script) + 4, base_seed=5,
                  system_prompt="compact")
    free = generate(model, tokenizer, [("p", prompt)], **kwargs)
    assert all(r.completion.startswith(written) for r in free), [r.completion for r in free]
    guard = GuardSet([guard_name], tokenizer, len(tokenizer))
    with pytest.raises(ValueError, match="outside the mask of the decoding guards"):
        masks_for_completion(guard, free[0].completion_token_ids)
    guarded = generate(model, tokenizer, [("p", prompt)], decoding_guards=[guard_name], **kwargs)
    for r in guarded:
        assert_update_replays_the_sampler(model, r, guard)
    return guarded


def _written_state(guards, text):
    (guard,), (state,) = guards.guards, guards.new_state()
    guard.append(state, text)
    return state


def test_the_rule_is_the_librarys(stroke):
    """What the guard forbids throws "No brush or color set" in the renderer, and what it allows renders."""
    from paint_pipeline.render import RendererService, RenderItem

    start = "function setup() {\n  createCanvas(64, 64, WEBGL);\n  brush.field('curved');\n  brush.noStroke();\n"
    square = "  brush.rect(-20, -20, 40, 40);\n}\n"
    sketches = {
        "line after noStroke": (start + "  brush.line(-20, 0, 20, 0);\n}\n", True),
        "flowLine after noStroke": (start + "  brush.flowLine(-20, 0, 30, 0);\n}\n", True),
        "line after set": (start + "  brush.set('HB', '#222', 1);\n  brush.line(-20, 0, 20, 0);\n}\n", False),
        "line after stroke": (start + "  brush.stroke('#222');\n  brush.line(-20, 0, 20, 0);\n}\n", False),
        "line after pop": ("function setup() {\n  createCanvas(64, 64, WEBGL);\n  brush.set('HB', '#222', 1);\n"
                           "  push();\n  brush.noStroke();\n  pop();\n  brush.line(-20, 0, 20, 0);\n}\n", False),
        "hatched rect": (start + "  brush.hatch(4, 30);\n" + square, True),
        "hatched circle": (start + "  brush.hatch(4, 30);\n  brush.circle(0, 0, 20);\n}\n", True),
        "hatched polygon": (start + "  brush.hatch(4, 30);\n  brush.polygon([[-20, -20], [20, -20], [0, 20]]);\n}\n",
                            True),
        "hatched shape": (start + "  brush.hatch(4, 30);\n  brush.beginShape(0);\n  brush.vertex(-20, -20);\n"
                          "  brush.vertex(20, -20);\n  brush.vertex(0, 20);\n  brush.endShape(true);\n}\n", True),
        "hatched spline": (start + "  brush.hatch(4, 30);\n  brush.spline([[-20, -20], [0, 10], [20, -20]], 0.5);\n}\n",
                           True),
        "hatch style cleared by noHatch": (start + "  brush.hatchStyle('HB', '#333', 1);\n  brush.noHatch();\n"
                                           "  brush.hatch(4, 30);\n" + square, True),
        "hatch with its own brush": (start + "  brush.hatch(4, 30);\n  brush.hatchStyle('HB', '#333', 1);\n" + square,
                                     False),
        "hatch switched off": (start + "  brush.hatch(4, 30);\n  brush.noHatch();\n" + square, False),
        "hatched arc": (start + "  brush.hatch(4, 30);\n  brush.arc(0, 0, 20, 0, PI);\n}\n", False),
        "hatch with the stroke on": (start + "  brush.stroke('#222');\n  brush.hatch(4, 30);\n" + square, False),
    }
    items = [RenderItem(id=name, code=code, seed=1, size=64) for name, (code, _) in sketches.items()]
    with RendererService(pool_size=1) as client:
        results = {r.id: r for r in client.render_batch(items)}
    for name, (code, forbidden) in sketches.items():
        at = code.rindex("brush.") + len("brush.")
        before = "```javascript\n" + code[:at]
        member = _member(code, at)
        assert (member in _written_state(stroke, before).forbidden()) == forbidden, name
        assert (_mask(stroke, before) is not None) >= forbidden, name
        if forbidden:
            assert results[name].status == "RUNTIME_ERROR", (name, results[name].errors)
            assert "No brush or color set" in results[name].errors[0], (name, results[name].errors)
        else:
            assert results[name].status == "SUCCESS", (name, results[name].errors)


def test_push_and_pop_save_and_restore_what_the_guard_knows(stroke):
    on = FENCE + "  brush.set('HB', '#222', 1);\n"
    assert _mask(stroke, on + "  push();\n  brush.noStroke();\n  brush.") is not None
    assert not _stroke_forbidden(stroke, on + "  push();\n  brush.noStroke();\n  pop();\n  brush.")
    assert _stroke_forbidden(stroke, OFF + "  push();\n  brush.set('HB', '#222', 1);\n  pop();\n  brush.")
    assert _stroke_forbidden(stroke, OFF + "  pop();\n  brush.")  # nothing pushed: nothing restored
    arrays = OFF + "  points.push(1);\n  brush.set('HB', '#222', 1);\n  points.pop();\n  brush."
    assert not _stroke_forbidden(stroke, arrays)
    hatching = OFF + "  brush.hatch(5, 45);\n"
    assert "rect" in _written_state(stroke, hatching).forbidden()
    assert "rect" not in _written_state(stroke, hatching + "  brush.hatchStyle('HB', '#333', 1);\n").forbidden()
    assert "rect" not in _written_state(stroke, OFF + "  push();\n  brush.hatch(5, 45);\n  pop();\n").forbidden()


def test_an_end_needs_its_begin(stroke, api_and_stroke):
    """`brush.endShape` / `endStroke` with no shape or stroke open throws in the renderer, and is never offered."""
    from paint_pipeline.render import RendererService, RenderItem

    shape = FENCE + "  brush.wash('#345', 255);\n  brush.beginShape(0.5);\n  brush.vertex(0, 0);\n"
    shape += "  brush.vertex(50, 9);\n"
    with RendererService(pool_size=1) as client:
        wrong, closed, none = client.render_batch([
            RenderItem(id="wrong", code=shape.split("\n", 1)[1] + "  brush.endStroke();\n}", seed=1, size=96),
            RenderItem(id="closed", code=shape.split("\n", 1)[1] + "  brush.endShape(true);\n}", seed=1, size=96),
            RenderItem(id="none", code=FENCE.split("\n", 1)[1] + "  brush.endShape();\n}", seed=1, size=96)])
    assert wrong.status == "RUNTIME_ERROR" and "without beginStroke" in wrong.errors[0], wrong.errors
    assert closed.status == "SUCCESS", closed.errors
    assert none.status == "RUNTIME_ERROR", none.errors
    assert _written_state(stroke, shape).forbidden() == {"endStroke"}
    assert _written_state(stroke, shape + "  brush.endShape(true);\n").forbidden() == {"endShape", "endStroke"}
    assert _written_state(stroke, FENCE + "  brush.beginStroke('curve', 0, 0);\n").forbidden() == {"endShape"}
    rng = random.Random(3)
    for _ in range(20):
        text = _walk(api_and_stroke, shape + "  brush.end", rng, steps=6)
        assert "endShape".startswith(_member(text, len(shape) + len("  brush."))), text[len(shape):]


def test_a_shape_ends_only_after_a_vertex(stroke, api_and_stroke):
    """`brush.endShape` with no vertex since `beginShape` throws in the renderer, and is not offered until one."""
    from paint_pipeline.render import RendererService, RenderItem

    begun = FENCE + "  brush.wash('#345', 255);\n  brush.beginShape(0.5);\n"
    circles = begun + "  for (let k = 0; k < 2; k++) brush.circle(k * 40, 0, 9);\n"
    with RendererService(pool_size=1) as client:
        code = circles.split("\n", 1)[1] + "  brush.endShape(true);\n}"
        (empty,) = client.render_batch([RenderItem(id="empty", code=code, seed=1, size=96)])
    assert empty.status == "RUNTIME_ERROR" and "at least 2 vertices" in empty.errors[0], empty.errors
    assert _written_state(stroke, circles).forbidden() == {"endShape", "endStroke"}
    looped = begun + "  for (const [x, y] of points) brush.vertex(x, y);\n"  # a vertex written: allowed
    assert _written_state(stroke, looped).forbidden() == {"endStroke"}
    again = looped + "  brush.endShape(true);\n  brush.beginShape(0.2);\n"  # each shape counts its own
    assert _written_state(stroke, again).forbidden() == {"endShape", "endStroke"}
    rng = random.Random(5)
    for _ in range(20):
        text = _walk(api_and_stroke, circles + "  brush.end", rng, steps=6)
        assert not _member(text, len(circles) + len("  brush.")).startswith("endSh"), text[len(circles):]


def test_which_references_are_forbidden(stroke):
    (guard,) = stroke.guards
    for text in ("brush.line(", "brush.line", "brush.lin", "brush.flowLine (", "brush.flowL"):
        assert guard.names_forbidden(text), text
    for text in ("brush.li", "brush.l", "brush.", "brush", "brush.listFields(", "brush.fill(", "brush.linex",
                 "brush.f", "brushes"):
        assert not guard.names_forbidden(text), text
    hatching = NEED_STROKE | HATCHED
    for text in ("brush.rect(", "brush.circle (", "brush.polygon(", "brush.spline(", "brush.endShape(", "brush.line("):
        assert guard.names_forbidden(text, hatching), text
    for text in ("brush.arc(", "brush.beginShape(", "brush.vertex(", "brush.wash(", "brush.hatchStyle("):
        assert not guard.names_forbidden(text, hatching), text


def test_a_change_of_the_rule_changes_the_evaluation_key(monkeypatch):
    """Cached evaluations are keyed by the guards' rule versions: one sampled under an older rule is not reused."""
    from paint_pipeline.pipeline.evaluation import evaluation_key
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.policy.guards import guard_ids
    from paint_pipeline.policy.guards.stroke import StrokeGuard

    assert guard_ids(["api", "brackets", "stroke"]) == ["api@2", "brackets@2", f"stroke@{StrokeGuard.version}"]
    settings = load_settings("default")
    settings = settings.replace(policy={**settings.policy, "decoding_guards": ["api", "brackets", "stroke"]})
    before = evaluation_key(settings, None, "r1")
    monkeypatch.setattr(StrokeGuard, "version", StrokeGuard.version + 1)
    assert evaluation_key(settings, None, "r1") != before
