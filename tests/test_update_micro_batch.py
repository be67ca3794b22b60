"""The GRPO update does not depend on how a mini-batch is split into forward passes (hardware.micro_batch_size)."""

from __future__ import annotations

from dataclasses import replace

import pytest
import torch

from paint_pipeline.policy.config import LOSS_TYPES, PolicyConfig
from paint_pipeline.policy.models import add_lora
from paint_pipeline.policy.reference import Reference, reference_logprobs
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer, move_lora_b_off_zero
from paint_pipeline.policy.update import Example, cycle_minibatches, make_optimizer, run_update

MAX_NEW = 12


def _examples(tokenizer) -> list[Example]:
    """Six rollouts of different prompt and completion lengths, so a batch of them has padding on both sides."""
    g = torch.Generator().manual_seed(0)
    prompts = ["Paint: a red sea", "Paint: a quiet forest at dawn", "Paint: sky"]
    out = []
    for i, n in enumerate([MAX_NEW, 7, 10, 3, 9, 5]):
        completion = torch.randint(5, len(tokenizer), (n,), generator=g).tolist()
        logps = (-torch.rand(n, generator=g) * 3).tolist()
        out.append(Example(tokenizer(prompts[i % 3]).input_ids, completion, logps, [1.2, -0.8, 0.5, -0.9, 0.3, -0.2][i],
                           0.7, credit_start=i % 2))
    return out


def _gradient(tokenizer, examples, config, micro: int) -> tuple[torch.Tensor, list[float]]:
    model = add_lora(build_tiny_model(tokenizer, seed=0), config)
    move_lora_b_off_zero(model, std=0.05, seed=1)
    optimizer, scheduler = make_optimizer(model, config)
    plan = cycle_minibatches(len(examples), 2, config.minibatch_size, config.seed, 0)
    ref = reference_logprobs(model, examples, Reference("base"), plan, pad_id=tokenizer.pad_token_id,
                             micro_batch_size=micro)
    examples = [replace(e, ref_logprobs=lp) for e, lp in zip(examples, ref)]
    # The second step's gradient (run_update leaves it in .grad): it is taken at weights the first step moved.
    history = run_update(model, examples, config, optimizer, scheduler, start_step=0, steps=2, max_new_tokens=MAX_NEW,
                         pad_id=tokenizer.pad_token_id, micro_batch_size=micro)
    grads = torch.cat([p.grad.flatten() for p in model.parameters() if p.requires_grad])
    return grads, [m[k] for m in history for k in ("loss", "kl", "grad_norm", "clip_fraction")]


@pytest.mark.parametrize("loss_type", LOSS_TYPES)
def test_one_rollout_per_forward_pass_updates_as_the_whole_batch_does(loss_type):
    tokenizer = build_tiny_tokenizer()
    examples = _examples(tokenizer)
    config = PolicyConfig(lora_r=4, lora_alpha=8, minibatch_size=6, learning_rate=1e-2, loss_type=loss_type,
                          beta=0.04, device="cpu")
    whole, whole_metrics = _gradient(tokenizer, examples, config, micro=6)
    for micro in (1, 4):
        grads, metrics = _gradient(tokenizer, examples, config, micro=micro)
        assert float((grads - whole).norm() / whole.norm()) < 1e-4, (loss_type, micro)
        assert metrics == pytest.approx(whole_metrics, rel=1e-4, abs=1e-7), (loss_type, micro)
    # the comparison can fail: another mini-batch size trains on other rollouts
    other, _ = _gradient(tokenizer, examples, config.replace(minibatch_size=3), micro=1)
    assert float((other - whole).norm() / whole.norm()) > 1e-2
