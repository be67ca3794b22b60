"""The GRPO update: `steps` optimizer steps over a cycle's rollouts.

A pure function of (model weights, optimizer state, rollouts, advantages,
config, global step), so a cycle can be re-run from the same inputs. The
mini-batch of global step s is a slice of a permutation of the rollouts seeded
by (config.seed, epoch), where the epoch follows from s: resuming at step s
from a checkpoint picks the same mini-batch as running straight through.

Distributed (DDP): each rank takes every world_size-th rollout of the
mini-batch; losses are normalised by counts over the whole mini-batch and
multiplied by world_size (DDP averages gradients), so the update equals the
single-process one on the same mini-batch.
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import torch

from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.loss import completion_logps, grpo_loss


@dataclass(frozen=True)
class Example:
    """One rollout as the update sees it."""

    prompt_token_ids: list[int]
    completion_token_ids: list[int]
    sampling_logprobs: list[float]
    advantage: float
    temperature: float
    # (completion position, allowed-token mask) where the sampler's decoding guards applied (guards/)
    logit_masks: tuple = ()
    # The completion position from which the advantage applies; the tokens before it get 0 (credit.py).
    credit_start: int = 0


def make_optimizer(model, config: PolicyConfig):
    params = [p for p in model.parameters() if p.requires_grad]
    if not params:
        raise ValueError("the model has no trainable parameters (is the LoRA adapter trainable?)")
    optimizer = torch.optim.AdamW(params, lr=config.learning_rate, betas=tuple(config.adam_betas),
                                  weight_decay=config.weight_decay)

    def factor(step: int) -> float:
        if step < config.warmup_steps:
            return (step + 1) / (config.warmup_steps + 1)
        progress = min(1.0, (step - config.warmup_steps) / max(1, config.total_steps - config.warmup_steps))
        if config.lr_schedule == "linear":
            return 1.0 - progress
        if config.lr_schedule == "cosine":
            return 0.5 * (1.0 + math.cos(math.pi * progress))
        return 1.0

    return optimizer, torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def minibatch_indices(n: int, step: int, size: int, seed: int) -> list[int]:
    """The rollouts of global optimizer step `step` (see the module docstring)."""
    size = min(size, n)
    start = step * size
    out = []
    while len(out) < size:
        epoch, offset = divmod(start + len(out), n)
        order = np.random.default_rng([seed, epoch]).permutation(n)
        take = min(size - len(out), n - offset)
        out.extend(int(i) for i in order[offset : offset + take])
    return out


def _pad(examples: Sequence[Example], pad_id: int, device):
    """Left-padded prompts + right-padded completions, as TRL lays them out."""
    p_width = max(len(e.prompt_token_ids) for e in examples)
    c_width = max(len(e.completion_token_ids) for e in examples)
    b = len(examples)
    ids = torch.full((b, p_width + c_width), pad_id, dtype=torch.long)
    attn = torch.zeros((b, p_width + c_width), dtype=torch.long)
    old = torch.zeros((b, c_width), dtype=torch.float32)
    cmask = torch.zeros((b, c_width), dtype=torch.float32)
    logit_masks = [(i, t, allowed) for i, e in enumerate(examples) for t, allowed in e.logit_masks]
    for i, e in enumerate(examples):
        p, c = len(e.prompt_token_ids), len(e.completion_token_ids)
        ids[i, p_width - p : p_width] = torch.tensor(e.prompt_token_ids)
        attn[i, p_width - p : p_width] = 1
        ids[i, p_width : p_width + c] = torch.tensor(e.completion_token_ids)
        attn[i, p_width : p_width + c] = 1
        old[i, :c] = torch.tensor(e.sampling_logprobs)
        cmask[i, :c] = 1
    # Per token: the sequence's advantage from its credit start on (credit.py), 0 before it and on padding.
    adv = torch.zeros((b, c_width), dtype=torch.float32)
    for i, e in enumerate(examples):
        adv[i, e.credit_start : len(e.completion_token_ids)] = e.advantage
    return ids.to(device), attn.to(device), old.to(device), cmask.to(device), adv.to(device), c_width, logit_masks


def run_update(
    model,
    examples: Sequence[Example],
    config: PolicyConfig,
    optimizer,
    scheduler,
    *,
    start_step: int,
    steps: int,
    max_new_tokens: int,
    pad_id: int,
    micro_batch_size: int = 4,
    rank: int = 0,
    world_size: int = 1,
    train_model=None,
    on_step=None,
) -> list[dict[str, float]]:
    """Runs `steps` optimizer steps; returns one metrics dict per step.

    `model` is the peft model (for the reference pass with the adapter disabled); `train_model` is what the
    forward passes go through (the DDP wrapper when distributed, else the model itself).
    """
    train_model = train_model if train_model is not None else model
    device = next(model.parameters()).device
    params = [p for p in model.parameters() if p.requires_grad]
    if not examples:
        raise ValueError("no rollouts to train on")
    temps = {e.temperature for e in examples}
    model.train()
    history = []
    for step in range(start_step, start_step + steps):
        batch = [examples[i] for i in minibatch_indices(len(examples), step, config.minibatch_size, config.seed)]
        global_b = len(batch)
        global_tokens = float(sum(len(e.completion_token_ids) for e in batch))
        mine = batch[rank::world_size]
        mine_tokens = max(1, sum(len(e.completion_token_ids) for e in mine))
        micro = [mine[i : i + micro_batch_size] for i in range(0, len(mine), micro_batch_size)]
        optimizer.zero_grad(set_to_none=True)
        totals = {"loss": 0.0, "kl": 0.0, "clip_fraction": 0.0, "ratio": 0.0}
        for j, chunk in enumerate(micro):
            ids, attn, old, cmask, adv, c_width, logit_masks = _pad(chunk, pad_id, device)
            temperature = chunk[0].temperature
            if any(e.temperature != temperature for e in chunk):
                raise ValueError(f"rollouts of one micro-batch were sampled at different temperatures: {temps}")
            ref = None
            if config.beta != 0.0:
                with torch.no_grad(), model.disable_adapter():
                    ref = completion_logps(model, ids, attn, c_width, temperature, logit_masks)
            sync = nullcontext() if (j == len(micro) - 1 or not hasattr(train_model, "no_sync")) \
                else train_model.no_sync()
            with sync:
                logps = completion_logps(train_model, ids, attn, c_width, temperature, logit_masks)
                out = grpo_loss(logps, old, adv, cmask, loss_type=config.loss_type, epsilon_low=config.epsilon_low,
                                epsilon_high=config.epsilon_high, beta=config.beta, ref_logps=ref,
                                max_new_tokens=max_new_tokens, num_tokens=global_tokens,
                                kl_bias_correction=config.kl_bias_correction)
                # Normalise over the whole mini-batch (all micro-batches, all ranks); DDP averages over ranks.
                share = 1.0 if config.loss_type == "dapo" else len(chunk) / global_b
                (out.loss * share * world_size).backward()
            totals["loss"] += out.policy_loss * share
            # KL, clip fraction and ratio are token means: weighted by tokens, they do not depend on the split.
            weight = sum(len(e.completion_token_ids) for e in chunk) / mine_tokens
            if out.kl is not None:
                totals["kl"] += out.kl * weight
            totals["clip_fraction"] += out.clip_fraction * weight
            totals["ratio"] += out.ratio_mean * weight
        grad_norm = float(torch.nn.utils.clip_grad_norm_(params, config.max_grad_norm))
        optimizer.step()
        scheduler.step()
        # With beta 0 there is no reference pass and no KL: None, not a 0 that reads as "the policy did not move".
        kl = totals["kl"] if config.beta != 0.0 else None
        metrics = {"step": step + 1, "loss": totals["loss"], "kl": kl, "clip_fraction": totals["clip_fraction"],
                   "ratio_mean": totals["ratio"], "grad_norm": grad_norm, "lr": scheduler.get_last_lr()[0],
                   "rollouts": global_b, "tokens": global_tokens}
        history.append(metrics)
        if on_step is not None:
            on_step(metrics)
    return history
