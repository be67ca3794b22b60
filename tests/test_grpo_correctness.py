"""The GRPO update is correct at every size: each rollout trained equally often, the warm start as the KL
reference, the sampler's distribution reproduced, the config's optimizer settings, the options a GRPO user
expects. (Distributed runs: test_policy_train.py.)"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from paint_pipeline.policy.advantages import group_advantages
from paint_pipeline.policy.checkpoint import CheckpointError, open_checkpoint, resolve_recorded, save_checkpoint
from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError
from paint_pipeline.policy.models import add_lora, load_base, load_tokenizer
from paint_pipeline.policy.reference import WEIGHTS
from paint_pipeline.policy.rollouts import to_table, write_rollouts
from paint_pipeline.policy.sampling import generate
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer, move_lora_b_off_zero, save_tiny_base
from paint_pipeline.policy.train import load_examples, train_cycle
from paint_pipeline.policy.update import (
    Example,
    check_world,
    completion_logprobs_of,
    cycle_minibatches,
    importance_weights,
    make_optimizer,
    micro_batches,
    processes_to_launch,
    run_update,
)
from paint_pipeline.reward.table import write_table

QUIET = lambda *a: None  # noqa: E731


def scorecard_table(sample_ids, totals):
    from test_policy_train import scorecard_table as table

    return table(sample_ids, totals)


# --- 1. every rollout of a cycle is trained the same number of times -------------------------------------------

@pytest.mark.parametrize("n,steps,size", [(96, 4, 32), (20, 4, 6), (24, 4, 6), (7, 3, 5), (30, 5, 30), (9, 1, 4),
                                          (144, 4, 32), (5, 6, 2), (64, 4, 64), (13, 2, 13)])
def test_every_rollout_is_trained_equally_often_and_never_twice_in_one_minibatch(n, steps, size):
    for seed, first_step in ((0, 0), (3, 8), (1, 20)):
        plan = cycle_minibatches(n, steps, size, seed, first_step)
        assert len(plan) == steps
        uses = np.bincount(np.concatenate(plan), minlength=n)
        assert uses.min() == uses.max() >= 1, (n, steps, size)
        assert all(len(set(b)) == len(b) for b in plan), (n, steps, size)
        assert max(len(b) for b in plan) - min(len(b) for b in plan) <= 1
        assert plan == cycle_minibatches(n, steps, size, seed, first_step)  # reproducible
    # The passes follow the configured size: 4 x 32 over 96 rollouts is one pass of 24-rollout mini-batches.
    assert [len(b) for b in cycle_minibatches(96, 4, 32, 0, 0)] == [24] * 4
    assert [len(b) for b in cycle_minibatches(24, 4, 12, 0, 0)] == [12] * 4  # two passes
    # The CPU default's first cycle keeps the order it always had (a permutation seeded by (seed, 0)).
    order = np.random.default_rng([0, 0]).permutation(24).tolist()
    assert cycle_minibatches(24, 4, 6, 0, 0) == [order[i:i + 6] for i in range(0, 24, 6)]
    assert cycle_minibatches(24, 4, 6, 0, 4) != cycle_minibatches(24, 4, 6, 0, 0)  # each cycle its own order


def test_a_world_larger_than_a_minibatch_is_refused_with_the_numbers():
    config = PolicyConfig(minibatch_size=6, steps_per_cycle=4)
    plan = cycle_minibatches(24, 4, 6, 0, 0)
    check_world(plan, 6, 24, config)
    with pytest.raises(ValueError, match=r"8 training processes but a mini-batch of only 6 rollouts \(24 rollouts "
                                         r"over 4 steps, minibatch_size 6\).*at most 6 processes"):
        check_world(plan, 8, 24, config)


def test_the_launcher_starts_no_more_processes_than_a_minibatch_can_feed():
    config = PolicyConfig(prompts_per_cycle=6, steps_per_cycle=4, minibatch_size=6)  # the CPU default's sizes
    assert processes_to_launch(8, config, 4) == 6 and processes_to_launch(4, config, 4) == 4
    gpu = PolicyConfig(prompts_per_cycle=16, steps_per_cycle=4, minibatch_size=32)
    assert processes_to_launch(8, gpu, 6) == 8


# --- helpers: a tiny policy, real samples, scorecards -----------------------------------------------------------

@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("grpo")
    base = save_tiny_base(root / "base", seed=0)
    tokenizer = load_tokenizer(str(base))
    model = load_base(str(base))
    prompts = [("p1", "a red sea"), ("p2", "a quiet forest at dawn"), ("p3", "three yellow circles")]
    rollouts = generate(model, tokenizer, prompts, group_size=2, temperature=0.8, max_new_tokens=10, base_seed=1)
    table = to_table(rollouts, cycle="c", policy_checkpoint="base")
    rollouts_path = write_rollouts(table, root / "rollouts.parquet")
    scorecards = write_table(scorecard_table(table.column("sample_id").to_pylist(), [0.1, 0.7, 0.4, 0.2, 0.9, 0.3]),
                             root / "scorecards.parquet")
    config = PolicyConfig(base_model=str(base), models_dir=str(root / "models"), lora_r=4, lora_alpha=8,
                          group_size=2, max_new_tokens=10, steps_per_cycle=2, minibatch_size=3, learning_rate=5e-3,
                          device="cpu")
    return root, config, rollouts_path, scorecards


def fake_warm_start(root: Path, config: PolicyConfig) -> Path:
    """A checkpoint of kind warm_start whose adapter is far from the base (B drawn off zero)."""
    base = load_base(config.base_model)
    torch.manual_seed(5)
    model = add_lora(base, config)
    move_lora_b_off_zero(model, std=0.3, seed=6)
    optimizer, scheduler = make_optimizer(model, config)
    return save_checkpoint(root / "warm", model, optimizer, scheduler, step=0, manifest={
        "kind": "warm_start", "cycle": "warm-start", "parent": None, "base_model": config.base_model,
        "system_prompt": config.system_prompt})


# --- 2. the KL reference is the warm start ------------------------------------------------------------------------

def test_the_kl_reference_is_the_warm_start_not_the_base(tiny, tmp_path):
    root, config, rollouts, scorecards = tiny
    config = config.replace(beta=0.04)
    warm = fake_warm_start(tmp_path, config)
    c1 = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "c1", cycle="c1",
                     parent=warm, log=QUIET)
    # The first cycle starts at its reference: no divergence before the first step.
    assert c1["history"][0]["kl"] == pytest.approx(0.0, abs=1e-6)
    c2 = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "c2", cycle="c2",
                     parent=tmp_path / "c1", log=QUIET)
    assert c2["history"][0]["kl"] > 1e-6  # the second starts where the first moved to, away from the warm start
    for name in ("c1", "c2"):
        recorded = open_checkpoint(tmp_path / name).manifest["kl_reference"]
        assert recorded["kind"] == "warm_start"
        assert recorded["path"] == "../warm"  # relative to the checkpoint: the tree can move
        assert resolve_recorded(recorded["path"], tmp_path / name) == warm
    # Without a warm start the base is the reference, and says so.
    fresh = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "f", cycle="f",
                        log=QUIET)
    assert open_checkpoint(tmp_path / "f").manifest["kl_reference"]["kind"] == "base"
    assert fresh["history"][0]["kl"] == pytest.approx(0.0, abs=1e-6)  # a fresh adapter starts at the base
    # A warm start altered after the cycles started from it is refused, by name.
    weights = warm / WEIGHTS
    weights.write_bytes(weights.read_bytes()[:-8] + b"\0" * 8)
    with pytest.raises(CheckpointError, match="KL reference .*adapter_model.safetensors does not match"):
        train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "c3", cycle="c3",
                    parent=tmp_path / "c2", log=QUIET)
    assert not (tmp_path / "c3").exists()


# --- 3. the first pass reproduces the sampler: dropout off, the sampler's positions -------------------------------

@pytest.mark.parametrize("arch", ["llama", "gpt2"])
def test_the_first_pass_reproduces_the_samplers_log_probs(arch):
    """GPT-2 has dropout (0.1) and absolute positions: in train mode, or left-padded without position ids, its
    first-pass log-probs differ from the sampler's by tenths."""
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, lora_dropout=0.1, minibatch_size=9, steps_per_cycle=1,
                          learning_rate=1e-3, device="cpu")
    model = add_lora(build_tiny_model(tokenizer, seed=0, arch=arch), config)
    move_lora_b_off_zero(model, std=0.05, seed=1)
    prompts = [(f"p{i}", "a " + "very " * i + "red sea") for i in range(9)]  # nine prompt lengths: left padding
    rollouts = generate(model, tokenizer, prompts, group_size=1, temperature=0.9, max_new_tokens=10, batch_size=9)
    examples = [Example(r.prompt_token_ids, r.completion_token_ids, r.sampling_logprobs, (-1) ** i * 0.5,
                        r.temperature) for i, r in enumerate(rollouts)]
    for micro in (1, 4, 9):
        trained = copy.deepcopy(model)
        optimizer, scheduler = make_optimizer(trained, config)
        first = run_update(trained, examples, config, optimizer, scheduler, start_step=0, steps=1, max_new_tokens=10,
                           pad_id=tokenizer.pad_token_id, micro_batch_size=micro)[0]
        assert abs(first["ratio_min"] - 1) < 1e-5 and abs(first["ratio_max"] - 1) < 1e-5, (arch, micro, first)


# --- 7. sampler and update in bf16: recomputed old log-probs with truncated importance sampling -------------------

def test_in_bf16_the_mismatch_is_measured_and_the_recomputed_ratio_is_one():
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, minibatch_size=9, steps_per_cycle=1, learning_rate=1e-3,
                          device="cpu")
    model = add_lora(build_tiny_model(tokenizer, seed=0), config)
    move_lora_b_off_zero(model, std=0.05, seed=1)
    model = model.to(torch.bfloat16)
    prompts = [(f"p{i}", "a " + "very " * i + "red sea") for i in range(9)]
    rollouts = generate(model, tokenizer, prompts, group_size=1, temperature=0.9, max_new_tokens=10, batch_size=9)
    examples = [Example(r.prompt_token_ids, r.completion_token_ids, r.sampling_logprobs, (-1) ** i * 0.5,
                        r.temperature) for i, r in enumerate(rollouts)]
    plan = cycle_minibatches(len(examples), 1, 9, config.seed, 0)
    sampler_first = run_update(copy.deepcopy(model), examples, config, *make_optimizer(copy.deepcopy(model), config),
                               start_step=0, steps=1, max_new_tokens=10, pad_id=tokenizer.pad_token_id,
                               micro_batch_size=4)[0]
    trained = copy.deepcopy(model)
    recomputed = completion_logprobs_of(trained, examples, plan, pad_id=tokenizer.pad_token_id, micro_batch_size=4)
    examples = [replace(e, recomputed_logprobs=lp) for e, lp in zip(examples, recomputed)]
    weights, stats = importance_weights(examples, cap=3.0)
    # bf16's KV-cached decoding and the full forward pass disagree by ~1e-3 in log-prob: measured, not hidden.
    assert 1e-4 < stats["sampler_logprob_gap_max"] < 0.05
    assert max(abs(sampler_first["ratio_min"] - 1), abs(sampler_first["ratio_max"] - 1)) > 1e-4
    optimizer, scheduler = make_optimizer(trained, config)
    first = run_update(trained, examples, config, optimizer, scheduler, start_step=0, steps=1, max_new_tokens=10,
                       pad_id=tokenizer.pad_token_id, micro_batch_size=4, is_weights=weights)[0]
    assert first["ratio_min"] == 1.0 == first["ratio_max"]
    # The weight is exp(l_update - l_sampler), truncated at the cap.
    e = examples[0]
    assert weights[0] == pytest.approx(tuple(min(3.0, float(np.exp(a - b)))
                                             for a, b in zip(e.recomputed_logprobs, e.sampling_logprobs)))
    assert importance_weights([replace(e, recomputed_logprobs=tuple(x + 5 for x in e.sampling_logprobs))],
                              cap=3.0)[0][0] == pytest.approx((3.0,) * len(e.sampling_logprobs))


def test_old_logprobs_auto_recomputes_only_below_float32(tiny, tmp_path):
    root, config, rollouts, scorecards = tiny
    fp32 = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "a", cycle="a",
                       log=QUIET)
    assert open_checkpoint(tmp_path / "a").manifest["old_logprobs"] == "sampler"
    assert "sampler_logprob_gap_max" not in fp32
    forced = train_cycle(config=config.replace(old_logprobs="recompute"), rollouts=rollouts, scorecards=scorecards,
                         out=tmp_path / "b", cycle="b", log=QUIET)
    assert forced["sampler_logprob_gap_max"] < 1e-5  # fp32: the two agree to rounding
    assert forced["history"][0]["ratio_min"] == 1.0 == forced["history"][0]["ratio_max"]
    bf16 = train_cycle(config=config.replace(dtype="bfloat16"), rollouts=rollouts, scorecards=scorecards,
                       out=tmp_path / "c", cycle="c", log=QUIET)
    manifest = open_checkpoint(tmp_path / "c").manifest
    assert manifest["old_logprobs"] == "recompute" and manifest["metrics"]["sampler_logprob_gap_max"] > 0
    assert bf16["history"][0]["ratio_min"] == 1.0 == bf16["history"][0]["ratio_max"]


# --- 6. a resumed optimizer takes this config's settings ----------------------------------------------------------

def test_the_config_wins_over_the_parents_optimizer_settings(tiny, tmp_path):
    root, config, rollouts, scorecards = tiny
    train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "c1", cycle="c1", log=QUIET)
    lower = config.replace(learning_rate=1e-5, weight_decay=0.01)
    c2 = train_cycle(config=lower, rollouts=rollouts, scorecards=scorecards, out=tmp_path / "c2", cycle="c2",
                     parent=tmp_path / "c1", log=QUIET)
    assert [m["lr"] for m in c2["history"]] == [1e-5, 1e-5]
    manifest = open_checkpoint(tmp_path / "c2").manifest
    assert manifest["optimizer_settings_changed"] == ["lr 0.005 -> 1e-05", "weight_decay 0.0 -> 0.01"]
    state = torch.load(tmp_path / "c2" / "training_state.pt", weights_only=False)
    assert state["optimizer"]["param_groups"][0]["lr"] == 1e-5
    assert state["optimizer"]["param_groups"][0]["weight_decay"] == 0.01
    # The schedule's shape is this config's too: a linear decay over 10 steps, at step 2 of it.
    decayed = train_cycle(config=config.replace(lr_schedule="linear", total_steps=10), rollouts=rollouts,
                          scorecards=scorecards, out=tmp_path / "c3", cycle="c3", parent=tmp_path / "c1", log=QUIET)
    assert [m["lr"] for m in decayed["history"]] == pytest.approx([5e-3 * 0.7, 5e-3 * 0.6])


# --- 8. the options a GRPO user expects ---------------------------------------------------------------------------

def test_scale_rewards_group_batch_and_none():
    rewards = [0.5, 0.5005, 0.4995, 0.5, 0.1, 0.9, 0.5, 0.3]
    groups = [0] * 4 + [1] * 4
    by_group, stats = group_advantages(rewards, groups, scale="group")
    assert by_group[1] == pytest.approx(0.98, abs=0.01)  # render noise of 5e-4 becomes a full unit of advantage
    by_batch, _ = group_advantages(rewards, groups, scale="batch")
    batch_std = np.std(rewards, ddof=1)
    assert by_batch[1] == pytest.approx(0.0005 / (batch_std + 1e-4))  # stays the small difference it is
    assert by_batch[5] == pytest.approx((0.9 - 0.45) / (batch_std + 1e-4))
    none, _ = group_advantages(rewards, groups, scale="none")
    assert none[5] == pytest.approx(0.45)
    assert stats.zero_std_groups == 0 and group_advantages([1, 1, 0, 1], [0, 0, 1, 1])[1].zero_std_groups == 1
    assert PolicyConfig(scale_rewards=True).scale_rewards == "group"  # TRL's booleans read as before
    assert PolicyConfig.from_dict({"scale_rewards": False}).scale_rewards == "none"
    with pytest.raises(PolicyConfigError, match="scale_rewards"):
        PolicyConfig(scale_rewards="rank")


def test_masked_truncated_completions_carry_no_gradient():
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, minibatch_size=3, steps_per_cycle=1, learning_rate=1e-3,
                          device="cpu", max_grad_norm=1e9)
    model = add_lora(build_tiny_model(tokenizer, seed=0), config)
    move_lora_b_off_zero(model, std=0.05, seed=1)
    g = torch.Generator().manual_seed(0)

    def example(n, adv, masked=False):
        ids = torch.randint(5, len(tokenizer), (n,), generator=g).tolist()
        return Example(tokenizer("Paint: a sea").input_ids, ids, [-2.0] * n, adv, 0.7, masked=masked)

    kept = [example(6, 1.0), example(4, -0.5)]
    truncated = example(10, 2.0, masked=True)

    def grads(examples):
        m = copy.deepcopy(model)
        run_update(m, examples, config.replace(minibatch_size=len(examples)), *make_optimizer(m, config),
                   start_step=0, steps=1, max_new_tokens=10, pad_id=tokenizer.pad_token_id, micro_batch_size=3)
        return torch.cat([p.grad.flatten() for p in m.parameters() if p.requires_grad])

    with_masked, without = grads(kept + [truncated]), grads(kept)
    assert torch.allclose(with_masked, without, rtol=1e-5, atol=1e-9)
    assert not torch.allclose(grads(kept + [replace(truncated, masked=False)]), without, rtol=1e-3)


def test_a_micro_batch_of_mixed_temperatures_is_refused_naming_its_own_rollouts():
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, minibatch_size=6, device="cpu")
    model = add_lora(build_tiny_model(tokenizer, seed=0), config)
    plan = cycle_minibatches(6, 1, config.minibatch_size, config.seed, 0)
    first, mixed, last = micro_batches(plan, rank=0, world_size=1, micro_batch_size=2)[0]
    # Each micro-batch but the middle one is at a temperature of its own, which the message must not mention.
    temperatures = {first[0]: 0.5, first[1]: 0.5, mixed[0]: 0.7, mixed[1]: 0.9, last[0]: 0.6, last[1]: 0.6}
    examples = [Example(tokenizer("Paint: a sea").input_ids, [5, 6, 7], [-2.0] * 3, 1.0 - i / 3, temperatures[i])
                for i in range(6)]
    expected = (rf"the rollouts of micro-batch 1 of step 0 \(rows \[{mixed[0]}, {mixed[1]}\]\) were sampled at "
                rf"different temperatures: rollout {mixed[0]} at 0.7, rollout {mixed[1]} at 0.9$")
    with pytest.raises(ValueError, match=expected):
        run_update(model, examples, config, *make_optimizer(model, config), start_step=0, steps=1,
                   max_new_tokens=3, pad_id=tokenizer.pad_token_id, micro_batch_size=2)
    # the pass that recomputes the old log-probs goes through the same micro-batches and refuses them too
    with pytest.raises(ValueError, match=expected.replace("of step 0", "of the plan's mini-batch 0")):
        completion_logprobs_of(model, examples, plan, pad_id=tokenizer.pad_token_id, micro_batch_size=2)
    # one temperature per micro-batch is enough: the rollouts of one update need not share it
    temperatures[mixed[1]] = 0.7
    examples = [replace(e, temperature=temperatures[i]) for i, e in enumerate(examples)]
    assert len(completion_logprobs_of(model, examples, plan, pad_id=tokenizer.pad_token_id, micro_batch_size=2)) == 6


def test_truncated_masking_and_zero_spread_groups_through_load_examples(tiny, tmp_path):
    root, config, rollouts, _ = tiny
    import pyarrow.parquet as pq

    table = pq.read_table(rollouts)
    table = table.set_column(table.schema.get_field_index("truncated"), "truncated",
                             __import__("pyarrow").array([True, False, False, False, True, False]))
    path = write_rollouts(table, tmp_path / "rollouts.parquet")
    # p2's two rollouts scored the same: a group with nothing to learn.
    scorecards = write_table(scorecard_table(table.column("sample_id").to_pylist(), [0.1, 0.7, 0.4, 0.4, 0.9, 0.3]),
                             tmp_path / "scorecards.parquet")
    examples, stats = load_examples(path, scorecards, config)
    assert stats["zero_std_groups"] == 1 and stats["groups"] == 3 and not any(e.masked for e in examples)
    examples, stats = load_examples(path, scorecards, config.replace(mask_truncated_completions=True,
                                                                      drop_zero_std_groups=True))
    assert len(examples) == 4 and stats["dropped_zero_std_rollouts"] == 2
    assert [e.masked for e in examples] == [True, False, True, False] and stats["masked_truncated"] == 2
    summary = train_cycle(config=config.replace(mask_truncated_completions=True), rollouts=path,
                          scorecards=scorecards, out=tmp_path / "c", cycle="c", log=QUIET)
    assert summary["zero_std_groups"] == 1 and summary["masked_truncated"] == 2
    assert open_checkpoint(tmp_path / "c").manifest["metrics"]["zero_std_groups"] == 1


def test_the_manifest_records_the_minibatches(tiny, tmp_path):
    root, config, rollouts, scorecards = tiny
    train_cycle(config=config.replace(steps_per_cycle=4, minibatch_size=4), rollouts=rollouts, scorecards=scorecards,
                out=tmp_path / "c", cycle="c", log=QUIET)
    manifest = open_checkpoint(tmp_path / "c").manifest
    # 4 steps x 4 over 6 rollouts: three passes (18 uses), mini-batches of 4 or 5, each rollout three times.
    assert manifest["minibatches"] == {"rollouts": 6, "sizes": [4, 5, 5, 4], "uses_per_rollout_min": 3,
                                       "uses_per_rollout_max": 3, "duplicates_in_a_minibatch": 0}
    assert [m["rollouts_trained"] for m in manifest["history"]] == [4, 5, 5, 4]
    json.dumps(manifest)


def test_bench_update_compares_speed_only_after_both_sides_computed_the_same_loss():
    from paint_pipeline.benchmarks.update_and_sampling import check_same_work, run_update_benchmark

    report = run_update_benchmark(batch=2, length=8, steps=1, generation=False)
    assert report["first_step_loss_ours"] == pytest.approx(report["first_step_loss_trl"], rel=1e-4)
    assert report["first_step_loss_ours"] != 0.0
    with pytest.raises(RuntimeError, match="different losses"):
        check_same_work(0.5, 0.51)
