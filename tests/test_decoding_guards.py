"""The sampler's decoding guards: only names the library has, only matching closers, the same masks in the sampler
and the update."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

from paint_pipeline.analysis.guard_replay import replay_corpus
from paint_pipeline.brush_api import BRUSH_MEMBERS, BUILTIN_BRUSHES, BUILTIN_FIELDS
from paint_pipeline.policy.guards import GuardSet, guard_ids, masks_for_completion
from paint_pipeline.policy.guards.brackets import LexState, feed
from paint_pipeline.policy.loss import completion_logps
from paint_pipeline.policy.prompting import render_chat
from paint_pipeline.policy.rollouts import read_rollouts, to_table
from paint_pipeline.policy.sampling import generate


@pytest.fixture(scope="module")
def guard(tokenizer):
    return GuardSet(["api"], tokenizer, len(tokenizer))


def _state(guards, text):
    states = guards.new_state()
    for guard, state in zip(guards.guards, states):
        guard.append(state, text)
    return states


def _allowed_pieces(guards, text):
    mask = guards.allowed(_state(guards, text))
    return None if mask is None else {guards.pieces[i] for i in mask.nonzero().flatten().tolist()}


def _walk(guards, text, rng, steps=40):
    """Appends random allowed tokens until the guards stop applying (or `steps` tokens)."""
    states = _state(guards, text)
    for _ in range(steps):
        mask = guards.allowed(states)
        if mask is None:
            break
        token = rng.choice(mask.nonzero().flatten().tolist())
        guards.append(states, token)
        text += guards.pieces[token]
    return text


@pytest.mark.parametrize("opening, valid", [
    ("  brush.field('", BUILTIN_FIELDS), ('  brush.set("', BUILTIN_BRUSHES), ("  brush.pick(`", BUILTIN_BRUSHES),
    ("  brush.hatchStyle('", BUILTIN_BRUSHES),
])
def test_every_name_the_guard_lets_through_exists(guard, opening, valid):
    rng = random.Random(0)
    quote = opening[-1]
    for _ in range(60):
        text = _walk(guard, opening, rng)
        rest = text[len(opening):]
        assert quote in rest, f"the name never closed: {text!r}"
        assert rest[: rest.index(quote)] in valid, text


def test_a_hatch_brush_that_does_not_exist_throws_when_the_hatching_is_drawn(guard):
    """Why hatchStyle's name is guarded (version 2): p5.brush keeps it and throws later, at the hatched shape."""
    from paint_pipeline.render import RendererService, RenderItem

    code = ("function setup() {\n  createCanvas(200, 200, WEBGL);\n  brush.hatch(4);\n"
            "  brush.hatchStyle('NAME', '#222', 1);\n  brush.rect(-50, -50, 100, 100);\n}")
    with RendererService(pool_size=1) as client:
        wrong, right = client.render_batch([RenderItem(id=n, code=code.replace("NAME", n), seed=1, size=64)
                                            for n in ("Hatching", "HB")])
    assert wrong.status == "RUNTIME_ERROR" and 'Brush "Hatching" not found' in wrong.errors[0], wrong.errors
    assert right.status == "SUCCESS", right.errors
    allowed = _allowed_pieces(guard, "  brush.hatchStyle('H")
    assert allowed is not None and "a" not in allowed and any("B".startswith(p) or p.startswith("B") for p in allowed)


def test_every_name_in_a_random_choice_of_brushes_exists(guard):
    """The warm start's corpus picks brushes as brush.set(random(['HB', 'pen']), ...): each element is guarded."""
    import re

    string = r"'([^'\\\n]*)'"
    rng = random.Random(2)
    for _ in range(40):
        text = _walk(guard, "  brush.set(random(['", rng)
        elements = text[len("  brush.set(random(["):]
        names = []
        while (m := re.match(r"\s*" + string + r"\s*,?", elements)) is not None:
            names.append(m.group(1))
            elements = elements[m.end():]
        assert names, text
        assert all(n in BUILTIN_BRUSHES for n in names), text
    # The warm-started model once wrote a colour into the list of brushes: random(['rotring', '#f5d9e0', ...]).
    second = _allowed_pieces(guard, "  brush.set(random(['rotring', '")
    assert second and not any(p.startswith("#") for p in second)


def test_every_member_the_guard_lets_through_exists(guard):
    rng = random.Random(1)
    for first in sorted({m[0] for m in BRUSH_MEMBERS}):
        for _ in range(10):
            opening = "  brush." + first
            text = _walk(guard, opening, rng)
            name = text[len("  brush."):]
            end = next((k for k, c in enumerate(name) if not (c.isalnum() or c in "_$")), None)
            assert end is not None, f"unfinished member name: {text!r}"
            assert name[:end] in BRUSH_MEMBERS, text


def test_what_the_guard_forbids_and_what_it_leaves_alone(guard):
    after_no = _allowed_pieces(guard, "  brush.no")
    assert after_no and all(any(m.startswith("no" + p) for m in BRUSH_MEMBERS) for p in after_no)
    assert "Set" not in after_no  # brush.noSet, the model's favourite invention
    in_field = _allowed_pieces(guard, "brush.field('wa")
    assert in_field and all(any(("wa" + p).startswith(f) or f.startswith("wa" + p) for f in BUILTIN_FIELDS)
                            for p in in_field)
    # Not the library's `brush`, a variable as the argument, prose, and names the sketch defined itself:
    for text in ("  mybrush.", "  this.brush.", "  brush.set(name", "  let b = 'x", "A soft brush for the sky",
                 "brush.addField('wind', (t, f) => f);\n  brush.field('", "brush.add('ink', {});\n  brush.set('"):
        assert _allowed_pieces(guard, text) is None, text
    # "a soft brush." in prose: the next word may be anything that is not an identifier glued to the dot.
    prose = _allowed_pieces(guard, "with a soft brush.")
    assert " The" in prose or " the" in prose


class BigramLM(torch.nn.Module):
    """A causal LM whose next-token logits depend only on the current token: it strongly prefers `chain`."""

    def __init__(self, vocab: int, chain: list[int]):
        super().__init__()
        self.table = torch.nn.Parameter(torch.zeros(vocab, vocab))
        with torch.no_grad():
            for a, b in zip(chain, chain[1:]):
                self.table[a, b] = 12.0

    def get_output_embeddings(self):
        return SimpleNamespace(weight=self.table)

    def forward(self, input_ids, attention_mask=None, logits_to_keep=0, **_):
        logits = self.table[input_ids]
        return SimpleNamespace(logits=logits[:, -logits_to_keep:] if logits_to_keep else logits, cache=None)


def test_the_update_sees_the_distribution_the_guarded_sampler_drew_from(tokenizer):
    """Unguarded, the model writes brush.field('sky'); guarded it cannot, and the update's log-probs (with the
    masks rebuilt from the tokens) equal the recorded ones, so the GRPO ratio starts at exactly 1."""
    prompt = "paint"
    chat = render_chat(tokenizer, prompt, "compact")
    target = tokenizer("brush.field('sky');", add_special_tokens=False).input_ids
    last_prompt = tokenizer(chat, add_special_tokens=False).input_ids[-1]
    model = BigramLM(len(tokenizer), [last_prompt, *target, tokenizer.eos_token_id])
    kwargs = dict(group_size=3, temperature=1.0, max_new_tokens=24, base_seed=3, system_prompt="compact")

    free = generate(model, tokenizer, [("p", prompt)], **kwargs)
    assert all("brush.field('sky');" in r.completion for r in free)
    with pytest.raises(ValueError, match="outside the mask of the decoding guards"):
        masks_for_completion(GuardSet(["api"], tokenizer, len(tokenizer)), free[0].completion_token_ids)

    guarded = generate(model, tokenizer, [("p", prompt)], decoding_guards=["api"], **kwargs)
    guard = GuardSet(["api"], tokenizer, len(tokenizer))
    for r in guarded:
        assert r.decoding_guards == ("api",) and "field('sky'" not in r.completion
        assert r.completion.startswith("brush.field('")
        assert_update_replays_the_sampler(model, r, guard)


def assert_update_replays_the_sampler(model, rollout, guard) -> None:
    """The update's log-probs, with the masks rebuilt from the tokens, equal the recorded ones (ratio 1), and
    differ from the unmasked ones (the masks matter)."""
    masks = masks_for_completion(guard, rollout.completion_token_ids)
    assert masks, "the guard applied nowhere"
    ids = torch.tensor([rollout.prompt_token_ids + rollout.completion_token_ids])
    n = len(rollout.completion_token_ids)
    replayed = completion_logps(model, ids, torch.ones_like(ids), n, 1.0, [(0, t, m) for t, m in masks])[0]
    assert torch.allclose(replayed, torch.tensor(rollout.sampling_logprobs), atol=1e-5)
    unmasked = completion_logps(model, ids, torch.ones_like(ids), n, 1.0)[0]
    assert not torch.allclose(unmasked, replayed, atol=1e-3)


def test_masked_logps_have_gradients_only_through_allowed_tokens(tokenizer):
    model = BigramLM(len(tokenizer), [0, 1])
    ids = torch.tensor([[5, 6, 7]])
    allowed = torch.zeros(len(tokenizer), dtype=torch.bool)
    allowed[[7, 9]] = True
    logps = completion_logps(model, ids, torch.ones_like(ids), 1, 1.0, [(0, 0, allowed)])
    assert torch.allclose(logps, torch.tensor([[-torch.log(torch.tensor(2.0))]]))  # uniform over two tokens
    logps.sum().backward()
    grad_row = model.table.grad[6]
    assert torch.count_nonzero(grad_row[~allowed]) == 0 and torch.count_nonzero(grad_row[allowed]) == 2


def test_rollouts_record_the_guard_and_old_tables_read_as_unguarded(tmp_path, tokenizer):
    from paint_pipeline.policy.sampling import Rollout

    table = to_table([Rollout("p", "x", 0, 1, 0.5, [1], [2], [-0.1], decoding_guards=("api", "brackets"))],
                     cycle="c", policy_checkpoint="b")
    pq.write_table(table, tmp_path / "new.parquet")
    # Recorded with their rule versions, so an update under a changed rule refuses them (below).
    assert read_rollouts(tmp_path / "new.parquet").column("decoding_guards").to_pylist() == [["api@2", "brackets@2"]]
    old = table.drop_columns(["decoding_guards"])
    pq.write_table(old, tmp_path / "old.parquet")
    read = read_rollouts(tmp_path / "old.parquet")
    assert read.column("decoding_guards").to_pylist() == [[]] and read.schema.equals(table.schema)


def test_recorded_guard_ids_read_back_as_names_of_this_codes_rules():
    from paint_pipeline.policy.guards import guard_names
    from paint_pipeline.policy.guards.stroke import StrokeGuard

    assert guard_names(guard_ids(["api", "brackets", "stroke"])) == ("api", "brackets", "stroke")
    current = StrokeGuard.version
    with pytest.raises(ValueError, match=rf"decoding guard 'stroke', and this code's rule is version {current}"):
        guard_names(["stroke"])  # no version: the first rule
    for bad in ("brackets@x", "color"):
        with pytest.raises(ValueError, match=rf"unknown decoding guard '{bad}'"):
            guard_names([bad])


def test_the_names_are_those_of_the_library_in_the_renderer():
    from paint_pipeline.render import RendererService, RenderItem

    code = """function setup() {
      createCanvas(64, 64, WEBGL);
      // the console keeps 50 lines of 300 characters: a few names per line
      const keys = Object.keys(brush).sort();
      for (let i = 0; i < keys.length; i += 8) console.log("member " + keys.slice(i, i + 8).join(" "));
      console.log("brush " + brush.box().join(" "));
      console.log("field " + brush.listFields().join(" "));
    }"""
    with RendererService(pool_size=1) as client:
        result = client.render_batch([RenderItem(id="api", code=code, seed=1, size=64)])[0]
    assert result.status == "SUCCESS", result.errors
    lines = [line.split(": ", 1)[-1] for line in result.console]
    found = {kind: {name for line in lines if line.startswith(kind + " ") for name in line.split(" ")[1:]}
             for kind in ("member", "brush", "field")}
    assert found["member"] == set(BRUSH_MEMBERS)
    assert found["brush"] == set(BUILTIN_BRUSHES)
    assert found["field"] == set(BUILTIN_FIELDS)


def test_a_cycle_trained_on_guarded_rollouts_starts_at_ratio_one(tmp_path):
    """Through the training entry point: the masks are rebuilt from the rollouts, so the first step's ratio is 1;
    the same rollouts read as unguarded would not be, and a token the guard forbids is a named error."""
    from test_policy_train import scorecard_table

    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.models import load_base, load_tokenizer
    from paint_pipeline.policy.rollouts import write_rollouts
    from paint_pipeline.policy.sampling import Rollout, output_vocab_size
    from paint_pipeline.policy.tiny import save_tiny_base
    from paint_pipeline.policy.train import train_cycle
    from paint_pipeline.reward.table import write_table

    base = save_tiny_base(tmp_path / "base", seed=0)
    tokenizer, model = load_tokenizer(str(base)), load_base(str(base))
    guard = GuardSet(["api", "brackets"], tokenizer, output_vocab_size(model, tokenizer))
    prompt_ids = tokenizer(render_chat(tokenizer, "waves", "compact"), add_special_tokens=False).input_ids
    texts = ["```js\nbrush.field('waves');", "```js\nbrush.set('HB', '#222', 1);\n  brush.noStroke();\n```"]
    # A few steps of plain fine-tuning teach the random model to open a code block, where the guards apply to what
    # the sampler draws.
    torch.manual_seed(0)
    teacher = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(30):
        for text in texts:
            x = torch.tensor([prompt_ids + tokenizer(text, add_special_tokens=False).input_ids])
            model(input_ids=x, labels=x).loss.backward()
            teacher.step()
            teacher.zero_grad()
    model.eval()
    model.save_pretrained(base)

    def rollouts(texts, guarded=True):
        rows = []
        for k, text in enumerate(texts):
            completion = tokenizer(text, add_special_tokens=False).input_ids
            ids = torch.tensor([prompt_ids + completion])
            masks = [(0, t, m) for t, m in masks_for_completion(guard, completion)] if guarded else []
            logps = completion_logps(model, ids, torch.ones_like(ids), len(completion), 1.0, masks)[0].tolist()
            rows.append(Rollout("p", "waves", k, k, 1.0, prompt_ids, completion, logps, text, text,
                                decoding_guards=("api", "brackets") if guarded else ()))
        return to_table(rows, cycle="c", policy_checkpoint="base")

    def sampled(guards):
        # The real sampler's log-probs (KV-cached decoding with the guards' masks), not the update's own function.
        rows = generate(model, tokenizer, [("p", "waves")], group_size=2, temperature=1.0, max_new_tokens=24,
                        base_seed=3, system_prompt="compact", decoding_guards=guards)
        return to_table(rows, cycle="c", policy_checkpoint="base")

    write_rollouts(sampled(("api", "brackets")), tmp_path / "guarded.parquet")
    write_rollouts(sampled(()), tmp_path / "unguarded.parquet")
    scorecards = write_table(scorecard_table(["c/p/0", "c/p/1"], [0.2, 0.8]), tmp_path / "scorecards.parquet")
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=4, lora_alpha=8,
                          group_size=2, max_new_tokens=24, steps_per_cycle=1, minibatch_size=2, learning_rate=5e-3,
                          device="cpu", decoding_guards=("api", "brackets"))

    def first_step(name):
        return train_cycle(config=config, rollouts=tmp_path / name, scorecards=scorecards, out=tmp_path / name[:-8],
                           cycle="c", log=lambda *a: None)["history"][0]

    for name in ("guarded.parquet", "unguarded.parquet"):
        first = first_step(name)
        assert abs(first["ratio_min"] - 1) < 1e-5 and abs(first["ratio_max"] - 1) < 1e-5, (name, first)
    # Guarded log-probs read as unguarded: the update would compare the masked distribution with the full one.
    mixed = sampled(("api", "brackets")).drop_columns(["decoding_guards"]).append_column(
        "decoding_guards", pa.array([[], []], pa.list_(pa.string())))
    write_rollouts(mixed, tmp_path / "mislabelled.parquet")
    assert first_step("mislabelled.parquet")["ratio_min"] < 1 - 1e-2

    write_rollouts(rollouts(["```js\nbrush.field('sky');"], guarded=False).drop_columns(["decoding_guards"])
        .append_column("decoding_guards", pa.array([guard_ids(["api", "brackets"])], pa.list_(pa.string()))),
        tmp_path / "invented.parquet")
    with pytest.raises(ValueError, match=r"invented\.parquet: c/p/0: token .* outside the mask of the decoding guards"):
        first_step("invented.parquet")

    # Sampled under an older rule: its masks are not this code's, so the update refuses to guess them.
    write_rollouts(rollouts(texts).drop_columns(["decoding_guards"]).append_column(
        "decoding_guards", pa.array([[*guard_ids(["api"]), "brackets@1"]] * 2, pa.list_(pa.string()))),
        tmp_path / "older.parquet")
    with pytest.raises(ValueError, match=r"older\.parquet: c/p/0: sampled with the decoding guard 'brackets@1', and "
                                         r"this code's rule is version 2"):
        first_step("older.parquet")


def test_the_trl_online_trainer_refuses_the_guard_it_cannot_apply(tmp_path):
    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.online import train_online

    with pytest.raises(ValueError, match=r"'decoding_guards' = \['api'\]: the TRL online trainer cannot sample"):
        train_online(PolicyConfig(decoding_guards=("api",)), scorer=None, client=None, steps=1, out_dir=tmp_path,
                     prompts=["x"])


@pytest.mark.parametrize("text, ok, stack", [
    ("```js\nf([1, 2], {a: 3});\n", True, []),
    ("```js\nf([1, 2)", False, None),  # the shape of the held-out parse errors
    ("```js\nbrush.set('HB', '#111', 1));", False, None),  # one ) too many at the top level
    ("```js\nlet s = 'a ( [ {'; // ) ] }\n/* ) */ let t = `x ${y} )`; g(", True, ["("]),
    ("```js\nlet s = 'it\\'s ('; h([", True, ["(", "["]),
    ("Here it's (a sketch]\n```javascript\nfunction setup() {\n", True, ["{"]),  # prose is not code
    ("```js\nf(\n```\nprose ) ] }", True, ["("]),  # after the closing fence: prose again, nothing counted
    ("```js\nconst y = random(20, 50; y < 250);", False, None),  # the ) never written: held-out parse errors
    ("```js\nbrush.circle(y, y, random(10, 25);)", False, None),
    ("```js\nlet p = [[1, 2]; [3, 4]]", False, None),
    ("```js\nbefore (x; y)", False, None),  # `for` only as the whole identifier
    ("```js\nfor (let i = 0; i < a[0]; i++) {\n  g(i);\n", True, ["{"]),  # a for header's two ; are code
    ("```js\nfor\n(;;) xs.forEach(p => { f(p); });\n", True, []),  # and so is a block inside parentheses
    ("```js\nf('a;b' /* ; */, // ;\n  c);", True, []),
])
def test_the_bracket_lexer(text, ok, stack):
    state = LexState()
    assert feed(state, text) is ok
    if ok:
        assert state.stack == stack


# The share of sketches a guard must apply in (at some token) for the check to mean something: the tiny
# tokenizer writes `([[` as one token, so the points guard applies only where a list's end is a token of its own.
@pytest.mark.parametrize("name, share", [("api", 4), ("brackets", 4), ("stroke", 4), ("colour", 4), ("scope", 4),
                                         ("points", 8)])
def test_no_sketch_of_the_warm_start_or_benchmark_corpus_is_forbidden_anything(tokenizer, name, share):
    """Both corpora render (the warm start's by construction, the benchmark's in the renderer tests): a guard
    must allow every token of them, while applying often enough that the check means something."""
    n, applied, forbidden = replay_corpus(GuardSet([name], tokenizer, len(tokenizer)), tokenizer)
    assert not forbidden, forbidden[:3]
    assert n > 400 and applied >= n // share, f"{name} applied in only {applied} of {n} sketches"


def test_the_bracket_guard_forbids_only_closers_that_do_not_match(tokenizer):
    guards = GuardSet(["brackets"], tokenizer, len(tokenizer))
    in_list = _allowed_pieces(guards, "```js\nbrush.spline([[10, 20], [30, 40")
    assert "]" in in_list and not any(p.lstrip().startswith(")") for p in in_list)
    in_call = _allowed_pieces(guards, "```js\nbrush.line(10, 20, 30, 40")
    assert ")" in in_call and "]" not in in_call and "}" not in in_call
    assert not any(p.lstrip().startswith(";") for p in in_call) and any(p.startswith(");") for p in in_call) is (
        any(p.startswith(");") for p in guards.pieces))  # `;` after the `)` that closes the call is fine
    in_header = _allowed_pieces(guards, "```js\nfor (let i = 0")
    assert ";" in in_header and ")" in in_header
    assert _allowed_pieces(guards, "```js\nlet s = 'a(") is None or ")" in _allowed_pieces(guards, "```js\nlet s = 'a(")
    assert _allowed_pieces(guards, "No code yet (") is None  # prose before the fence
    rng = random.Random(3)
    for _ in range(20):  # random walks through code never close the wrong bracket
        text = _walk(guards, "```js\nfunction setup() {\n  brush.spline([[1, 2], [", rng, steps=60)
        assert feed(LexState(), text), text


def test_the_config_knows_every_guard_by_name_without_importing_torch():
    import subprocess
    import sys

    from paint_pipeline.policy.config import GUARD_NAMES
    from paint_pipeline.policy.guards import GUARDS

    assert sorted(GUARD_NAMES) == sorted(GUARDS)
    probe = ("import sys; from paint_pipeline.pipeline.settings import load_settings; load_settings('default'); "
             "print('torch' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip() == "False"


def test_rollouts_record_the_dtype_that_sampled_them_and_old_tables_read_as_fp32(tmp_path):
    from paint_pipeline.policy.sampling import Rollout

    table = to_table([Rollout("p", "x", 0, 1, 0.5, [1], [2], [-0.1], sampling_dtype="bfloat16")],
                     cycle="c", policy_checkpoint="b")
    pq.write_table(table, tmp_path / "new.parquet")
    assert read_rollouts(tmp_path / "new.parquet").column("sampling_dtype").to_pylist() == ["bfloat16"]
    pq.write_table(table.drop_columns(["sampling_dtype", "decoding_guards"]), tmp_path / "old.parquet")
    read = read_rollouts(tmp_path / "old.parquet")
    assert read.column("sampling_dtype").to_pylist() == ["float32"] and read.schema.equals(table.schema)
