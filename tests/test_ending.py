"""An unfinished completion ends at its last complete statement (policy/ending.py), in the sampler too."""

from __future__ import annotations

import json
import random
import subprocess

import pytest
import torch

from paint_pipeline.paths import DATA_DIR
from paint_pipeline.policy.ending import end_unfinished, statement_end
from paint_pipeline.policy.sampling import generate
from paint_pipeline.policy.tiny import build_tiny_tokenizer
from paint_pipeline.sketch_code import extract_code

FENCE = "Here is the sketch:\n```javascript\n"


def kept(text: str) -> str | None:
    """The text kept when the completion, one character per token, stops after its last character."""
    n = statement_end(list(text))
    return None if n is None else text[:n]


def test_a_cut_inside_an_expression_moves_back_to_the_last_statement():
    head = FENCE + "function setup() {\n  createCanvas(400, 400);\n"
    assert kept(head + "  brush.polygon([[1, 2], [3") == head.rstrip("\n")
    assert kept(head + "  brush.") == head.rstrip("\n")
    assert kept(head + "  for (let i = 0; i < 3") == head.rstrip("\n")  # a for header's `;` ends nothing
    assert kept(head + "  x = ';'; y = 'a;") == head + "  x = ';';"  # nor does one in a string
    assert kept(head + "  // done; next\n  fill(") == head.rstrip("\n")  # nor one in a comment
    assert kept(head + "  if (a) {\n    b(") == head + "  if (a) {"  # an open block is a statement's end
    assert kept(head + "  let o = {a: f(1), b: [2") == head + "  let o = {"  # closed: `{}`, an empty object
    loop = head + "  for (let i = 0; i < 3; i++) {\n    brush.circle(i, i, 2);\n  }\n  brush.rect(0"
    assert kept(loop) == head + "  for (let i = 0; i < 3; i++) {\n    brush.circle(i, i, 2);\n  }"


def test_no_code_or_no_statement_keeps_the_completion_as_it_is():
    assert kept("I will paint a sea; with waves {") is None  # prose: no code block
    assert kept(FENCE + "brush.polygon([[1, 2], [3") is None
    tokens, logprobs = [5, 6, 7], [-0.1, -0.2, -0.3]
    assert end_unfinished(tokens, logprobs, ["no", " code", ";"]) == (tokens, logprobs)


def test_a_closing_fence_ends_the_code_whole():
    done = FENCE + "function setup() {\n  createCanvas(9, 9);\n}\n```\n"
    assert kept(done + "Enjoy it; the sea is {") == done  # prose after the fence: cut at the fence
    tokens = list(range(len(done) + 5))
    assert end_unfinished(tokens, [0.0] * len(tokens), list(done + "Enjoy"))[0] == tokens[: len(done)]


def _node_parses(codes: list[str]) -> list[str | None]:
    """A syntax error message per code (None: it parses as a classic script), from node's own parser."""
    script = ("const vm = require('vm'); const out = JSON.parse(require('fs').readFileSync(0, 'utf8')).map(c => {"
              " try { new vm.Script(c); return null; } catch (e) { return String(e.message); } });"
              " process.stdout.write(JSON.stringify(out));")
    proc = subprocess.run(["node", "-e", script], input=json.dumps(codes), capture_output=True, text=True,
                          timeout=60, check=True)
    return json.loads(proc.stdout)


def test_every_cut_of_the_bench_sketches_ends_where_closing_its_blocks_parses():
    """Each bench sketch cut at random places, kept to its last statement end and closed as the renderer closes
    open delimiters: node parses every one (a fifth of the cuts where the stop fell do not)."""
    rng = random.Random(0)
    ours, where_it_fell = [], []
    for path in sorted((DATA_DIR / "sketches" / "bench").glob("*.js"))[:20]:
        sketch = FENCE + path.read_text(encoding="utf-8")
        for cut in rng.sample(range(sketch.index("{") + 1, len(sketch)), 10):
            text = sketch[:cut]
            n = statement_end(list(text))
            assert n is not None
            ours.append(_closed(extract_code(text[:n])))
            where_it_fell.append(_closed(extract_code(text)))
    errors = _node_parses(ours)
    assert [e for e in errors if e] == []
    assert sum(e is not None for e in _node_parses(where_it_fell)) > len(ours) // 10  # (45 of 200)


def _closed(code: str) -> str:
    """The code with its open brackets closed, innermost first (the renderer's truncation repair)."""
    from paint_pipeline.policy.guards.brackets import LexState, feed

    state = LexState(in_code=True)
    feed(state, code, strict=False)
    closers = {"(": ")", "[": "]", "{": "}"}
    tail = state.mode if state.mode in ("'", '"', "`") else ""
    return code + tail + "".join(closers[b[-1]] for b in reversed(state.stack))


class _ScriptedModel(torch.nn.Module):
    """Writes `script` token by token, then repeats `loop` for ever (never EOS)."""

    def __init__(self, vocab: int, script: list[int], loop: list[int]):
        super().__init__()
        self.vocab, self.script, self.loop = vocab, script, loop
        self.anchor = torch.nn.Parameter(torch.zeros(1))
        self.start = None

    def forward(self, input_ids, attention_mask=None, position_ids=None, cache=None, use_cache=True,
                logits_to_keep=1):
        position = int(position_ids[0, -1])
        if input_ids.size(1) > 1:  # the prompt: the completion starts after it
            self.start = position + 1
        k = position + 1 - self.start
        token = self.script[k] if k < len(self.script) else self.loop[(k - len(self.script)) % len(self.loop)]
        logits = torch.full((input_ids.size(0), 1, self.vocab), -1e4)
        logits[:, 0, token] = 0.0
        return type("Out", (), {"logits": logits, "cache": None})()


@pytest.mark.parametrize("stop_repeats, budget", [(12, 400), (0, 60)])  # a loop stop, the budget
def test_the_sampler_ends_an_unfinished_sample_at_its_last_statement(stop_repeats, budget):
    tokenizer = build_tiny_tokenizer()
    head = "```javascript\nfunction setup() {\n  createCanvas(400, 400);\n"
    script = tokenizer(head + "  brush.polygon([[1, 2]", add_special_tokens=False).input_ids
    loop = tokenizer(", [3, 4]", add_special_tokens=False).input_ids
    model = _ScriptedModel(len(tokenizer), script, loop)
    kwargs = dict(group_size=1, temperature=1.0, max_new_tokens=budget, stop_repeats=stop_repeats)
    cut = generate(model, tokenizer, [("p", "a sea")], **kwargs)[0]
    ended = generate(model, tokenizer, [("p", "a sea")], end_at_statement=True, **kwargs)[0]
    assert cut.truncated and ended.truncated
    assert "brush.polygon" in cut.completion and ended.completion == head.rstrip("\n")
    n = len(ended.completion_token_ids)
    assert ended.completion_token_ids == cut.completion_token_ids[:n]  # the same tokens, an earlier end
    assert ended.sampling_logprobs == cut.sampling_logprobs[:n]
    assert ended.code == "function setup() {\n  createCanvas(400, 400);"


def test_the_config_ends_at_statements_by_default_and_takes_only_a_boolean():
    from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError

    assert PolicyConfig().end_at_statement is True
    with pytest.raises(PolicyConfigError, match="end_at_statement"):
        PolicyConfig(end_at_statement="yes").validate()


def test_the_ending_replay_renders_only_the_moved_samples_and_compares_their_scores():
    """`analyze ending-replay` on two recorded rollouts: the truncated one is cut back and rendered again, the
    finished one keeps its recorded scorecard."""
    from reward_helpers import blank, png_of, result

    from paint_pipeline.analysis.ending_replay import HEADER, replay_source
    from paint_pipeline.reward import RewardScorer
    from paint_pipeline.reward.config import RewardConfig

    tokenizer = build_tiny_tokenizer()
    pieces = [tokenizer.decode([i], clean_up_tokenization_spaces=False) for i in range(len(tokenizer))]
    head = "```javascript\nfunction setup() {\n  createCanvas(400, 400);\n  background(200);\n"
    cut = tokenizer(head + "  brush.polygon([[1, 2], [3", add_special_tokens=False).input_ids
    done = tokenizer(head + "}\n```\n", add_special_tokens=False).input_ids
    rollouts = [dict(sample_id="c/p/0", prompt="a sea", seed=7, truncated=True, completion_token_ids=cut),
                dict(sample_id="c/p/1", prompt="a sea", seed=8, truncated=False, completion_token_ids=done)]
    scorer = RewardScorer(RewardConfig(alignment_backend="palette", text_detector=False))
    cards = {"c/p/0": dict(status="PARSE_ERROR", total=0.0, reward_version=scorer.version),
             "c/p/1": dict(status="SUCCESS", total=0.4, reward_version=scorer.version)}

    class Client:
        codes: list[str] = []

        def render_in_chunks(self, items, **kwargs):
            self.codes += [item.code for item in items]
            return [result(png_of(blank((200, 180, 150))), id=item.id,
                           repairs=["closed delimiters left open at end of input (truncation): appended \"}\""])
                    for item in items]

    settings = type("S", (), {"render_size": 64, "render_timeout_ms": 1000})()
    client = Client()
    replay = replay_source("cycle-0001", rollouts, cards, pieces, tokenizer, client, scorer, settings)
    assert client.codes == ["function setup() {\n  createCanvas(400, 400);\n  background(200);"]
    assert list(replay.new) == [0] and replay.new[0][0] == "SUCCESS" and replay.truncated == 1
    assert replay.changes() == {("PARSE_ERROR", "SUCCESS"): 1}
    line = replay.line()
    assert line.split()[:4] == ["cycle-0001", "2", "1", "1"] and "50.0% -> 100.0%" in line
    assert len(HEADER.split()) >= 6
    cards["c/p/1"]["reward_version"] = "rv-older"
    with pytest.raises(ValueError, match="would not compare"):
        replay_source("cycle-0001", rollouts, cards, pieces, tokenizer, client, scorer, settings)


def test_the_ending_replay_finds_cycles_and_evaluations_that_kept_their_rollouts(tmp_path):
    import os

    import pyarrow as pa
    import pyarrow.parquet as pq

    from paint_pipeline.analysis.stored_rollouts import rollout_sources

    for folder in ("rollouts", "scorecards", "evaluation_cache"):
        (tmp_path / folder).mkdir()
    ids = pa.table({"sample_id": ["x"]})
    pq.write_table(ids, tmp_path / "rollouts" / "cycle-0001.parquet")
    pq.write_table(ids, tmp_path / "scorecards" / "cycle-0001.parquet")
    pq.write_table(ids, tmp_path / "rollouts" / "cycle-0002.parquet")  # no scorecards: not a source
    for n, (key, label) in enumerate([("aaaa1111", "cycle-test"), ("bbbb2222", "cycle-test"),
                                      ("cccc3333", "cycle-0001-test"), ("dddd4444", "cycle-0002-test")]):
        cards = tmp_path / "evaluation_cache" / f"{key}.parquet"
        pq.write_table(pa.table({"sample_id": [f"eval-{label}/t-0001/0"]}), cards)
        os.utime(cards, (1000 + n, 1000 + n))
        if label != "cycle-0002-test":  # an evaluation made before rollouts were kept: not a source
            pq.write_table(ids, tmp_path / "evaluation_cache" / f"{key}.rollouts.parquet")
    names = [name for name, _, _ in rollout_sources(tmp_path, [])]
    assert names == ["cycle-0001", "cycle-test@aaaa1111", "cycle-test@bbbb2222", "cycle-0001-test"]
    assert [name for name, _, _ in rollout_sources(tmp_path, ["cycle-test"])] == names[1:3]
    (name, rollouts, cards), = rollout_sources(tmp_path, ["cycle-0001-test"])
    assert rollouts.name == "cccc3333.rollouts.parquet" and cards.name == "cccc3333.parquet"
    with pytest.raises(FileNotFoundError, match="cycle-0002-test"):
        rollout_sources(tmp_path, ["cycle-0002-test"])
