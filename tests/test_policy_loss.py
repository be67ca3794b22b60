"""Our GRPO loss against TRL's on identical inputs: equal loss and equal LoRA gradients."""

from __future__ import annotations

import pytest
import torch

from paint_pipeline.policy.config import PolicyConfig  # noqa: E402
from paint_pipeline.policy.loss import completion_logps, grpo_loss  # noqa: E402
from paint_pipeline.policy.models import add_lora  # noqa: E402
from paint_pipeline.policy.tiny import build_tiny_model  # noqa: E402

TEMPERATURE = 0.7
MAX_NEW = 12


def _batch(tokenizer, seed=0):
    """4 completions of two prompts, right-padded, with perturbed 'sampling' log-probs and advantages."""
    g = torch.Generator().manual_seed(seed)
    prompts = ["Paint: a red sea", "Paint: a quiet forest at dawn"]
    p_ids = [tokenizer(p).input_ids for p in prompts for _ in range(2)]
    width = max(map(len, p_ids))
    prompt_ids = torch.full((4, width), tokenizer.pad_token_id)
    prompt_mask = torch.zeros((4, width), dtype=torch.long)
    for i, ids in enumerate(p_ids):
        prompt_ids[i, width - len(ids):] = torch.tensor(ids)
        prompt_mask[i, width - len(ids):] = 1
    lengths = [MAX_NEW, 7, 10, 3]
    completion_ids = torch.randint(5, len(tokenizer), (4, MAX_NEW), generator=g)
    completion_mask = torch.zeros((4, MAX_NEW), dtype=torch.long)
    for i, n in enumerate(lengths):
        completion_mask[i, :n] = 1
        completion_ids[i, n:] = tokenizer.pad_token_id
    advantages = torch.tensor([1.2, -0.8, 0.5, -0.9], dtype=torch.float64)
    return prompt_ids, prompt_mask, completion_ids, completion_mask, advantages, g


def _trl_trainer(model, tokenizer, loss_type, beta):
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    args = GRPOConfig(output_dir="/tmp/pp-trl-parity", loss_type=loss_type, beta=beta, epsilon=0.2, epsilon_high=0.28,
                      temperature=TEMPERATURE, max_completion_length=MAX_NEW, num_generations=2,
                      per_device_train_batch_size=4, gradient_accumulation_steps=1, use_cpu=True, bf16=False,
                      report_to=[], logging_steps=1)
    data = Dataset.from_dict({"prompt": ["a", "b"]})
    trainer = GRPOTrainer(model=model, reward_funcs=[lambda prompts, completions, **k: [0.0] * len(prompts)],
                          args=args, train_dataset=data, processing_class=tokenizer)
    trainer.current_gradient_accumulation_steps = 1
    return trainer


@pytest.mark.parametrize("loss_type", ["grpo", "dr_grpo", "dapo"])
@pytest.mark.parametrize("beta,correction", [(0.0, True), (0.04, True), (0.04, False)])
def test_loss_and_lora_gradients_match_trl(tokenizer, loss_type, beta, correction):
    config = PolicyConfig(lora_r=4, lora_alpha=8, loss_type=loss_type, beta=beta)
    # float64: the KL term subtracts nearly equal numbers, so float32 rounding alone would differ by ~1e-5.
    model = add_lora(build_tiny_model(tokenizer, seed=3).double(), config)
    # LoRA's B starts at zero, which would make every A gradient zero: perturb so both get gradients.
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "lora_B" in name:
                p.normal_(0, 0.02, generator=torch.Generator().manual_seed(hash(name) % 2**31))
    trainer = _trl_trainer(model, tokenizer, loss_type, beta)
    trainer.args.use_bias_correction_kl = correction
    trl_model = trainer.model
    prompt_ids, prompt_mask, completion_ids, completion_mask, advantages, g = _batch(tokenizer)
    input_ids = torch.cat([prompt_ids, completion_ids], 1)
    attention = torch.cat([prompt_mask, completion_mask], 1)
    with torch.no_grad():
        current = completion_logps(trl_model, input_ids, attention, MAX_NEW, TEMPERATURE)
        # off-policy, so clipping is exercised
        old = current + 0.15 * torch.randn(current.shape, generator=g, dtype=current.dtype)
        with trl_model.disable_adapter():
            ref = completion_logps(trl_model, input_ids, attention, MAX_NEW, TEMPERATURE)
    inputs = {"prompt_ids": prompt_ids, "prompt_mask": prompt_mask, "completion_ids": completion_ids,
              "completion_mask": completion_mask, "advantages": advantages, "old_per_token_logps": old,
              "num_items_in_batch": completion_mask.sum()}
    if beta:
        inputs["ref_per_token_logps"] = ref
    lora = {n: p for n, p in trl_model.named_parameters() if p.requires_grad}
    assert lora and all("lora_" in n for n in lora)

    trl_model.train()
    trl_model.zero_grad()
    theirs = trainer._compute_loss(trl_model, inputs)
    theirs.backward()
    their_grads = {n: p.grad.clone() for n, p in lora.items()}

    trl_model.zero_grad()
    logps = completion_logps(trl_model, input_ids, attention, MAX_NEW, TEMPERATURE)
    ours = grpo_loss(logps, old, advantages, completion_mask, loss_type=loss_type, epsilon_low=0.2,
                     epsilon_high=0.28, beta=beta, ref_logps=ref if beta else None, max_new_tokens=MAX_NEW,
                     num_tokens=float(completion_mask.sum()), kl_bias_correction=correction)
    ours.loss.backward()
    assert ours.clip_fraction > 0  # the perturbation did make some ratios leave the clip range
    # beta 0 skips the reference pass: the KL is not measured, and says so rather than reading 0
    assert (ours.kl is None) if not beta else ours.kl > 0

    assert torch.allclose(ours.loss, theirs, rtol=1e-5, atol=0), (float(ours.loss), float(theirs))
    for name, p in lora.items():
        rel = (p.grad - their_grads[name]).norm() / their_grads[name].norm().clamp(min=1e-12)
        assert rel < 1e-5, f"{name}: relative gradient error {float(rel):.2e}"
