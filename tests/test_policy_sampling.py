"""Sampling, the temperature schedule, the policy config and model loading errors (tiny models, no hub)."""

from __future__ import annotations

import math

import pytest
import torch

from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError, temperature_at  # noqa: E402
from paint_pipeline.policy.loss import completion_logps  # noqa: E402
from paint_pipeline.policy.models import ModelLoadError, add_lora, resolve_base_model, target_modules  # noqa: E402
from paint_pipeline.policy.sampling import generate  # noqa: E402
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer  # noqa: E402

PROMPTS = [("p1", "a red sea"), ("p2", "a forest at dawn")]


@pytest.fixture(scope="module")
def tiny():
    tokenizer = build_tiny_tokenizer()
    return build_tiny_model(tokenizer, seed=1), tokenizer


def test_recorded_logprobs_are_those_of_the_sampling_distribution(tiny):
    model, tokenizer = tiny
    rollouts = generate(model, tokenizer, PROMPTS, group_size=3, temperature=0.7, max_new_tokens=16, base_seed=5)
    assert [(r.prompt_id, r.sample_index) for r in rollouts] == [(p, k) for p, _ in PROMPTS for k in range(3)]
    for r in rollouts:
        ids = torch.tensor([r.prompt_token_ids + r.completion_token_ids])
        recomputed = completion_logps(model, ids, torch.ones_like(ids), len(r.completion_token_ids), 0.7)[0]
        assert torch.allclose(recomputed, torch.tensor(r.sampling_logprobs), atol=1e-5)
        assert r.truncated == (len(r.completion_token_ids) == 16
                               and r.completion_token_ids[-1] != tokenizer.eos_token_id)


def test_a_sample_depends_on_its_seed_not_on_its_batch(tiny):
    model, tokenizer = tiny
    together = generate(model, tokenizer, PROMPTS, group_size=2, temperature=1.0, max_new_tokens=12, batch_size=4)
    alone = generate(model, tokenizer, PROMPTS[1:], group_size=2, temperature=1.0, max_new_tokens=12, batch_size=1)
    assert [r.completion_token_ids for r in together[2:]] == [r.completion_token_ids for r in alone]
    assert together[0].completion_token_ids != together[1].completion_token_ids  # different seeds differ
    other = generate(model, tokenizer, PROMPTS[1:], group_size=2, temperature=1.0, max_new_tokens=12, base_seed=9)
    assert [r.completion_token_ids for r in other] != [r.completion_token_ids for r in alone]


def test_temperature_schedule():
    cfg = PolicyConfig()
    assert temperature_at(0, cfg) == pytest.approx(0.85)
    assert temperature_at(100, cfg) == pytest.approx(0.55 + 0.30 * math.exp(-1))
    assert temperature_at(10_000, cfg) == pytest.approx(0.55, abs=1e-6)
    with pytest.raises(ValueError):
        temperature_at(-1, cfg)


@pytest.mark.parametrize("changes,message", [
    ({"loss_type": "ppo"}, "'loss_type'"), ({"group_size": 1}, "at least 2"), ({"epsilon_low": 1.5}, "'epsilon_low'"),
    ({"temperature_min": 0.9}, "must not exceed"), ({"dtype": "int8"}, "'dtype'"), ({"lora_r": 0}, "'lora_r'"),
])
def test_invalid_policy_config_names_the_field(changes, message):
    with pytest.raises(PolicyConfigError, match=message):
        PolicyConfig().replace(**changes)


def test_unknown_policy_config_field_is_named(tmp_path):
    bad = tmp_path / "p.json"
    bad.write_text('{"learning_rte": 0.1}')
    with pytest.raises(PolicyConfigError, match="p.json: unknown field\\(s\\) learning_rte"):
        PolicyConfig.from_file(bad)


def test_base_model_errors_say_what_to_do(tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        resolve_base_model(str(tmp_path / "nope.gguf"), tmp_path)
    (tmp_path / "folder").mkdir()
    with pytest.raises(ModelLoadError, match="no config.json"):
        resolve_base_model(str(tmp_path / "folder"), tmp_path)
    from paint_pipeline.policy.models import load_tokenizer

    hub_id = "HuggingFaceTB/" + "SmolLM2-135M-Instruct"
    with pytest.raises(ModelLoadError, match="local folder or a .gguf file") as caught:
        load_tokenizer(hub_id)
    assert hub_id in str(caught.value)


def test_lora_targets_follow_the_architecture(tiny):
    model, tokenizer = tiny
    cfg = PolicyConfig(lora_r=4, lora_alpha=8)
    assert target_modules(model, cfg)[:2] == ["q_proj", "k_proj"]
    gpt2 = build_tiny_model(tokenizer, arch="gpt2")
    assert target_modules(gpt2, cfg) == ["c_attn", "c_proj", "c_fc"]
    peft_model = add_lora(gpt2, cfg)
    trainable = [n for n, p in peft_model.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    # The reference policy is the same weights with the adapter switched off: no copy.
    ids = torch.tensor([[5, 6, 7, 8]])
    with torch.no_grad():
        for n, p in peft_model.named_parameters():
            if "lora_B" in n:
                p.fill_(0.05)
        with peft_model.disable_adapter():
            ref = peft_model(input_ids=ids).logits
        adapted = peft_model(input_ids=ids).logits
    assert not torch.allclose(ref, adapted)


class _LoopingModel(torch.nn.Module):
    """Puts all probability on token (previous + 1) mod period: a completion that loops with that period."""

    def __init__(self, vocab: int, period: int):
        super().__init__()
        self.vocab, self.period = vocab, period
        self.anchor = torch.nn.Parameter(torch.zeros(1))

    def forward(self, input_ids, attention_mask=None, position_ids=None, cache=None, use_cache=True, logits_to_keep=1):
        nxt = (input_ids[:, -1] + 1) % self.period + 10  # tokens 10 .. 10 + period - 1: never EOS
        logits = torch.full((input_ids.size(0), 1, self.vocab), -1e4)
        logits[torch.arange(input_ids.size(0)), 0, nxt] = 0.0
        return type("Out", (), {"logits": logits, "cache": None})()


def test_a_looping_sample_stops_once_its_window_repeats_and_counts_as_truncated(tiny):
    _, tokenizer = tiny
    model = _LoopingModel(len(tokenizer), period=7)
    rows = generate(model, tokenizer, PROMPTS[:1], group_size=1, temperature=1.0, max_new_tokens=200,
                    stop_repeats=12)
    assert rows[0].truncated
    # the first repeat of a 12-token window comes one period after the first full window
    assert len(rows[0].completion_token_ids) == 12 + 7
    assert len(rows[0].sampling_logprobs) == len(rows[0].completion_token_ids)
    free = generate(model, tokenizer, PROMPTS[:1], group_size=1, temperature=1.0, max_new_tokens=200, stop_repeats=0)
    assert free[0].truncated and len(free[0].completion_token_ids) == 200
    assert free[0].completion_token_ids[:19] == rows[0].completion_token_ids  # same tokens, earlier end


def test_an_honest_sample_is_not_cut_by_the_loop_stop(tiny):
    model, tokenizer = tiny
    plain = generate(model, tokenizer, PROMPTS, group_size=2, temperature=0.9, max_new_tokens=24, base_seed=3)
    guarded = generate(model, tokenizer, PROMPTS, group_size=2, temperature=0.9, max_new_tokens=24, base_seed=3,
                       stop_repeats=8)
    compared = 0
    for a, b in zip(plain, guarded):
        ids = a.completion_token_ids
        repeats = any(tuple(ids[j:j + 8]) in {tuple(ids[k:k + 8]) for k in range(j)} for j in range(1, len(ids) - 7))
        if not repeats:
            assert b.completion_token_ids == ids and b.truncated == a.truncated
            compared += 1
    assert compared >= 2


def test_failure_kinds_group_errors_that_differ_only_in_names_and_lines():
    from paint_pipeline.render.outcomes import failure_kind, failure_kinds

    field = ('RUNTIME_ERROR: the code threw while running; first error: line 22: Error: Field "sky" does not exist. '
             'Available fields: hand')
    assert failure_kind("RUNTIME_ERROR", field) == "RUNTIME_ERROR: Error: Field … does not exist"
    assert failure_kind("PARSE_ERROR", "line 53: SyntaxError: Unexpected token ')'") == \
        "PARSE_ERROR: SyntaxError: Unexpected token ')'"
    assert failure_kind("TIMEOUT", "") == "TIMEOUT"
    kinds = failure_kinds([("RUNTIME_ERROR", field), ("RUNTIME_ERROR", field.replace("sky", "leaf").replace("22", "9")),
                           ("PARSE_ERROR", "line 3: SyntaxError: Identifier 'x' has already been declared"),
                           ("SUCCESS", "")])
    assert kinds == [("RUNTIME_ERROR: Error: Field … does not exist", 2),
                     ("PARSE_ERROR: SyntaxError: Identifier … has already been declared", 1)]


def test_finished_rows_leave_the_batch_without_changing_any_sample(tiny):
    model, tokenizer = tiny
    kwargs = dict(group_size=3, temperature=0.3, max_new_tokens=60, base_seed=11, stop_repeats=2, batch_size=6)
    pruned = generate(model, tokenizer, PROMPTS, prune_finished=True, **kwargs)
    kept = generate(model, tokenizer, PROMPTS, prune_finished=False, **kwargs)
    lengths = {len(r.completion_token_ids) for r in pruned}
    assert len(lengths) > 1 and min(lengths) < 60  # rows did finish at different steps: the pruning ran
    for a, b in zip(pruned, kept):
        assert a.completion_token_ids == b.completion_token_ids and a.truncated == b.truncated
        assert a.sampling_logprobs == pytest.approx(b.sampling_logprobs, abs=1e-5)


def test_bench_sample_decodes_the_same_rollouts_every_way(tmp_path, monkeypatch):
    from paint_pipeline.benchmarks.update_and_sampling import format_sampling_table, run_sampling_benchmark
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import ensure_base_model

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path))
    settings = load_settings("tiny")
    ensure_base_model(settings)
    report = run_sampling_benchmark(settings.policy_config(), prompts=3, group=2, max_new_tokens=12, progress=False)
    assert report["rollouts"] == 6 and [w["batch"] for w in report["ways"]] == [16, 6, 6, 6]
    assert [w["prune_finished"] for w in report["ways"]] == [False, False, True, True]
    assert [w["grow_in_place"] for w in report["ways"]] == [False, False, False, True]
    assert all(w["same_samples"] and w["tokens"] == report["ways"][0]["tokens"] for w in report["ways"])
    table = format_sampling_table(report)
    assert "ours: ... and the KV cache grows in place" in table and "NO" not in table


def test_a_cache_grown_in_place_gives_the_same_samples_as_transformers_own(tiny):
    model, tokenizer = tiny
    kwargs = dict(group_size=3, temperature=0.7, max_new_tokens=60, base_seed=5, stop_repeats=2, batch_size=6)
    grown = generate(model, tokenizer, PROMPTS, grow_in_place=True, **kwargs)
    copied = generate(model, tokenizer, PROMPTS, grow_in_place=False, **kwargs)
    assert len({len(r.completion_token_ids) for r in grown}) > 1  # rows left the batch: the cache was cut too
    for a, b in zip(grown, copied):
        assert a.completion_token_ids == b.completion_token_ids and a.truncated == b.truncated
        assert a.sampling_logprobs == b.sampling_logprobs  # the same numbers in the same layout: bit for bit
