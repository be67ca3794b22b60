"""Error-line credit: a failed sketch's blame starts at the line where it failed (policy/credit.py)."""

from __future__ import annotations

import json

import pytest
import torch
from reward_helpers import result
from test_policy_train import scorecard_table

from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.credit import blame_starts, js_line_starts, line_start_token
from paint_pipeline.policy.loss import grpo_loss
from paint_pipeline.policy.rollouts import to_table, write_rollouts
from paint_pipeline.policy.sampling import Rollout
from paint_pipeline.policy.train import load_examples
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.table import write_table
from paint_pipeline.reward.tiers.compile_gate import error_line, score_compile
from paint_pipeline.sketch_code import extract_code

COMPLETION = (
    "Here is a sketch of a red sea:\n"
    "```javascript\n"
    "function setup() {\n"
    "  createCanvas(400, 400, WEBGL);\n"
    "  brush.noStroke();\n"
    "  brush.line(-100, 0, 100, 0);\n"
    "}\n"
    "```\n"
)
FAILING_LINE = 4  # of the code: `  brush.line(...)`, which throws "No brush or color set" after noStroke


def decoder(tokenizer):
    return lambda ids: tokenizer.decode(ids, skip_special_tokens=True)


def test_compile_gate_records_the_error_line_only_where_lines_stay_put():
    config = RewardConfig()
    thrown = result(None, "RUNTIME_ERROR", errors=["line 7: Error: No brush or color set."])
    assert error_line(thrown) == 7
    assert score_compile(thrown, config)[0].details == {"error_line": 7}
    truncated = result(None, "PARSE_ERROR", errors=["line 3: SyntaxError: Unexpected token"],
                       repairs=['closed delimiters left open at end of input (truncation): appended "})"'])
    assert error_line(truncated) == 3
    # Dropping an import line moves every line after it: the renderer's number is not the model's line.
    moved = result(None, "RUNTIME_ERROR", errors=["line 7: ReferenceError: x is not defined"],
                   repairs=["dropped import statement at line 1: import p5 from 'p5'"])
    assert error_line(moved) is None and score_compile(moved, config)[0].details == {}
    assert error_line(result(None, "TIMEOUT", errors=["line 2: the sketch ran past 5000 ms"])) is None
    assert error_line(result(None, "RUNTIME_ERROR", errors=["TypeError: no line here"])) is None
    assert error_line(result(b"png", "SUCCESS")) is None


def test_the_error_line_is_found_in_the_completion_tokens(tokenizer):
    code = extract_code(COMPLETION)
    ids = tokenizer.encode(COMPLETION)
    decode = decoder(tokenizer)
    start = line_start_token(COMPLETION, code, FAILING_LINE, ids, decode)
    target = COMPLETION.index("  brush.line(")
    assert start is not None
    # Everything before `start` ends at or before the failing line; the token at `start` reaches into it.
    assert len(decode(ids[:start])) <= target < len(decode(ids[: start + 1]))
    assert "brush.noStroke();" in decode(ids[:start])
    assert decode(ids[start:]).lstrip(" \n").startswith("brush.line(")
    assert line_start_token(COMPLETION, code, 1, ids, decode) < start  # line 1: `function setup() {`


def test_blame_that_cannot_be_placed_stays_on_the_whole_completion(tokenizer):
    code = extract_code(COMPLETION)
    ids = tokenizer.encode(COMPLETION)
    decode = decoder(tokenizer)
    assert line_start_token(COMPLETION, code, 99, ids, decode) is None  # past the last line
    assert line_start_token(COMPLETION, code, 0, ids, decode) is None
    assert line_start_token(COMPLETION, "brush.circle(0, 0, 5);", 1, ids, decode) is None  # not in the completion
    assert line_start_token(COMPLETION, code, 2, ids[:-3], decode) is None  # tokens are not the completion

    rows = [{"advantage": -1.2, "error_line": FAILING_LINE, "completion": COMPLETION, "code": code,
             "completion_token_ids": ids},
            {"advantage": -0.8, "error_line": None, "completion": COMPLETION, "code": code,  # a timeout
             "completion_token_ids": ids},
            {"advantage": 0.9, "error_line": None, "completion": COMPLETION, "code": code,  # it rendered
             "completion_token_ids": ids},
            {"advantage": -0.5, "error_line": 99, "completion": COMPLETION, "code": code,
             "completion_token_ids": ids}]
    starts, stats = blame_starts(rows, decode)
    assert starts[0] > 0 and starts[1:] == [0, 0, 0]
    assert (stats.located, stats.unlocated) == (1, 1)
    assert stats.freed_share == pytest.approx(starts[0] / len(ids))


def test_tokens_before_the_error_line_get_no_gradient():
    torch.manual_seed(0)
    old = torch.randn(2, 6) - 2.0
    logps = (old + 0.05 * torch.randn(2, 6)).requires_grad_(True)
    mask = torch.ones(2, 6)
    per_sequence = torch.tensor([-1.0, 0.7])
    per_token = per_sequence[:, None].repeat(1, 6)
    per_token[0, :4] = 0.0  # row 0 failed at the token 4
    kwargs = dict(loss_type="dapo", epsilon_low=0.2, epsilon_high=0.28)

    whole = grpo_loss(logps, old, per_sequence, mask, **kwargs)
    (g_whole,) = torch.autograd.grad(whole.loss, logps)
    placed = grpo_loss(logps, old, per_token, mask, **kwargs)
    (g_placed,) = torch.autograd.grad(placed.loss, logps)

    assert torch.all(g_placed[0, :4] == 0) and torch.all(g_whole[0, :4] != 0)
    assert torch.equal(g_placed[0, 4:], g_whole[0, 4:]) and torch.equal(g_placed[1], g_whole[1])
    # One advantage per token equal along the row is the per-sequence loss, exactly.
    same = grpo_loss(logps, old, per_sequence[:, None].repeat(1, 6), mask, **kwargs)
    assert same.loss.item() == whole.loss.item()


def test_load_examples_places_a_failed_rollouts_blame(tokenizer, tmp_path):
    ids = tokenizer.encode(COMPLETION)
    prompt_ids = tokenizer.encode("paint a red sea")
    rollouts = [Rollout("p1", "a red sea", i, seed=i, temperature=0.6, prompt_token_ids=prompt_ids,
                        completion_token_ids=ids, sampling_logprobs=[-1.0] * len(ids), completion=COMPLETION,
                        code=extract_code(COMPLETION)) for i in range(2)]
    table = to_table(rollouts, cycle="cycle-0001", policy_checkpoint="base")
    rollouts_path = write_rollouts(table, tmp_path / "rollouts.parquet")
    cards = scorecard_table(table.column("sample_id").to_pylist(), [0.0, 0.8])
    cards = cards.set_column(cards.schema.get_field_index("details"), "details",
                             [[json.dumps({"error_line": FAILING_LINE}), json.dumps({})]])
    scorecards_path = write_table(cards, tmp_path / "scorecards.parquet")

    plain, _ = load_examples(rollouts_path, scorecards_path, PolicyConfig())
    assert [e.credit_start for e in plain] == [0, 0]
    placed, stats = load_examples(rollouts_path, scorecards_path, PolicyConfig(failure_credit="error_line"),
                                  tokenizer=tokenizer)
    assert placed[0].advantage < 0 and placed[0].credit_start > 0 and placed[1].credit_start == 0
    assert [e.advantage for e in placed] == [e.advantage for e in plain]
    assert stats["error_line_located"] == 1 and stats["error_line_unlocated"] == 0
    with pytest.raises(ValueError, match="needs the tokenizer"):
        load_examples(rollouts_path, scorecards_path, PolicyConfig(failure_credit="error_line"))


def test_the_renderer_names_the_line_of_the_code_it_was_given():
    """The line numbers the credit relies on, from the real renderer: thrown, unparsable and truncated code."""
    from paint_pipeline.render import RendererService, RenderItem

    thrown = extract_code(COMPLETION)
    unparsable = "function setup() {\n  createCanvas(100, 100);\n  let a = 1;\n  circle(50, 50, ;\n}\n"
    truncated = ("function setup() {\n  createCanvas(100, 100, WEBGL);\n  brush.set('HB', '#222', 1);\n"
                 "  brush.line(0, 0, 10, 10);\n  undefinedName(3);\n  if (true) {")
    with RendererService(pool_size=1) as client:
        results = client.render_batch([RenderItem("thrown", thrown, 1, 64), RenderItem("unparsable", unparsable, 1, 64),
                                       RenderItem("truncated", truncated, 1, 64)])
    assert [r.status for r in results] == ["RUNTIME_ERROR", "PARSE_ERROR", "RUNTIME_ERROR"], [r.errors for r in results]
    assert [error_line(r) for r in results] == [FAILING_LINE, 4, 5], [r.errors for r in results]


def test_the_update_batch_carries_the_advantage_from_the_credit_start_on():
    from paint_pipeline.policy.update import Example, _pad

    examples = [Example([1, 2], [3, 4, 5, 6, 7], [-1.0] * 5, -1.5, 0.6, credit_start=3),
                Example([1], [3, 4, 5], [-1.0] * 3, 0.5, 0.6)]
    padded = _pad(examples, pad_id=0, device="cpu")
    assert padded.width == 5
    assert padded.advantages.tolist() == [[0.0, 0.0, 0.0, -1.5, -1.5], [0.5, 0.5, 0.5, 0.0, 0.0]]


def test_lines_are_counted_as_javascript_counts_them():
    # V8 numbers an error's line by JavaScript's line terminators: a U+2028 (or a lone \r) starts a line, \r\n is
    # one break, and the other characters Python's splitlines() breaks at (\x0b, \x0c, \x85, ...) do not.
    code = "let a = 1; // one\u2028two\r\nlet b = 2;\x0c\x85\rfoo();"
    assert js_line_starts(code) == [0, 18, 23, 36]
    completion = f"Here it is:\n{code}\n"
    chars = list(completion)  # one "token" per character: positions are exact
    start = line_start_token(completion, code, 4, chars, "".join)
    assert completion[start:].startswith("foo();")
    assert line_start_token(completion, code, 5, chars, "".join) is None
