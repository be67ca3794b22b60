"""The GRPO update: `steps` optimizer steps over a cycle's rollouts.

A pure function of (model weights, optimizer state, rollouts, advantages,
config, global step), so a cycle can be re-run from the same inputs.

Mini-batches (`cycle_minibatches`): a cycle makes `passes` passes over its
rollouts, each a fresh permutation seeded by (config.seed, the cycle's first
global step), and cuts their concatenation into `steps` mini-batches of
near-equal size. Every rollout is therefore trained exactly `passes` times,
whatever the sizes, and no mini-batch holds a rollout twice. `passes` is the
whole number nearest to steps x minibatch_size / rollouts (at least 1).

Distributed (DDP): each rank takes every world_size-th rollout of the
mini-batch (a mini-batch smaller than the world is refused up front); losses
are normalised by counts over the whole mini-batch and multiplied by
world_size (DDP averages gradients), so the update equals the single-process
one on the same mini-batch. The logged metrics are all-reduced: they do not
depend on the world size.

The forward passes run with dropout off (TRL's `disable_dropout`) and the
sampler's position ids (left padding shifts absolute positions otherwise), so
the first pass reproduces the sampler's log-probs: ratio 1.
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
    # Left out of the loss (mask_truncated_completions); still counted as trained.
    masked: bool = False
    # The update's own log-probs of the completion before the first step (old_logprobs="recompute"): the ratio's
    # denominator, with a truncated importance-sampling weight for the sampler's mismatch (train.py).
    recomputed_logprobs: tuple[float, ...] | None = None
    # The KL reference's log-probs of the completion (reference.py); None when beta is 0.
    ref_logprobs: tuple[float, ...] | None = None

    @property
    def loss_tokens(self) -> int:
        return 0 if self.masked else len(self.completion_token_ids)


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


def apply_config_to_optimizer(optimizer, scheduler, config: PolicyConfig) -> list[str]:
    """After loading a parent's optimizer state: this config's learning rate, betas and weight decay apply (the
    loaded state carries the parent run's). Returns what changed, in words."""
    changed = []
    want = {"lr": config.learning_rate, "betas": tuple(config.adam_betas), "weight_decay": config.weight_decay}
    for group in optimizer.param_groups:
        before = {"lr": group.get("initial_lr", group["lr"]), "betas": tuple(group["betas"]),
                  "weight_decay": group["weight_decay"]}
        for key, value in want.items():
            if before[key] != value and f"{key} {before[key]} -> {value}" not in changed:
                changed.append(f"{key} {before[key]} -> {value}")
        group["initial_lr"] = config.learning_rate
        group["betas"] = tuple(config.adam_betas)
        group["weight_decay"] = config.weight_decay
    # The schedule's base and its factor at the current step are this config's too.
    scheduler.base_lrs = [config.learning_rate for _ in optimizer.param_groups]
    for group, lr_lambda in zip(optimizer.param_groups, scheduler.lr_lambdas):
        group["lr"] = config.learning_rate * lr_lambda(scheduler.last_epoch)
    scheduler._last_lr = [group["lr"] for group in optimizer.param_groups]
    return changed


def cycle_minibatches(n: int, steps: int, size: int, seed: int, first_step: int) -> list[list[int]]:
    """The rollout indices of each of a cycle's `steps` optimizer steps (see the module docstring)."""
    if n < 1 or steps < 1 or size < 1:
        raise ValueError(f"cannot plan {steps} steps of {size} over {n} rollouts")
    size = min(size, n)
    passes = max(1, round(steps * size / n))
    total = passes * n
    bounds = [round(k * total / steps) for k in range(steps + 1)]
    rng = np.random.default_rng([seed, first_step])
    order: list[int] = []
    for p in range(passes):
        perm = [int(i) for i in rng.permutation(n)]
        boundary = p * n
        straddling = next(((a, b) for a, b in zip(bounds, bounds[1:]) if a < boundary < b), None)
        if straddling is not None:
            # The mini-batch that spans the end of the previous pass must not take its rollouts again: they go to
            # the end of this pass (a mini-batch is at most n long, so the others always suffice).
            tail = set(order[straddling[0]:boundary])
            perm = [i for i in perm if i not in tail] + [i for i in perm if i in tail]
        order.extend(perm)
    return [order[a:b] for a, b in zip(bounds, bounds[1:])]


def plan_summary(plan: Sequence[Sequence[int]], n: int) -> dict:
    """What a checkpoint's manifest records of its cycle's mini-batches."""
    uses = np.bincount(np.concatenate([np.asarray(b, dtype=np.int64) for b in plan]), minlength=n)
    return {"rollouts": n, "sizes": [len(b) for b in plan], "uses_per_rollout_min": int(uses.min()),
            "uses_per_rollout_max": int(uses.max()),
            "duplicates_in_a_minibatch": int(sum(len(b) - len(set(b)) for b in plan))}


def check_world(minibatches: Sequence[Sequence[int]], world_size: int, n: int, config: PolicyConfig) -> None:
    """Every rank needs a rollout in every mini-batch: an idle rank would hang the gradient all-reduce."""
    smallest = min(len(b) for b in minibatches)
    if smallest < world_size:
        raise ValueError(
            f"{world_size} training processes but a mini-batch of only {smallest} rollouts ({n} rollouts over "
            f"{config.steps_per_cycle} steps, minibatch_size {config.minibatch_size}): every process needs at least "
            f"one rollout per step. Run at most {smallest} processes (settings.train_processes), or raise "
            f"minibatch_size to {world_size} or more.")


def processes_to_launch(devices: int, config: PolicyConfig, group_size: int) -> int:
    """One process per device, but no more than the smallest mini-batch of a cycle of G x P rollouts holds:
    every process needs a rollout per step."""
    plan = cycle_minibatches(group_size * config.prompts_per_cycle, config.steps_per_cycle, config.minibatch_size,
                             config.seed, 0)
    return max(1, min(devices, min(len(b) for b in plan)))


def micro_batches(plan: Sequence[Sequence[int]], *, rank: int, world_size: int,
                  micro_batch_size: int) -> list[list[list[int]]]:
    """Per optimizer step, this rank's forward passes: lists of rollout indices."""
    out = []
    for indices in plan:
        mine = list(indices)[rank::world_size]
        out.append([mine[i : i + micro_batch_size] for i in range(0, len(mine), micro_batch_size)])
    return out


def micro_batch_temperature(examples: Sequence[Example], rows: Sequence[int], where: str) -> float:
    """The temperature the rollouts `rows` were sampled at. One forward pass divides all its logits by one
    temperature, so a micro-batch whose rollouts differ is refused, naming them."""
    temperature = examples[rows[0]].temperature
    if any(examples[i].temperature != temperature for i in rows):
        found = ", ".join(f"rollout {i} at {examples[i].temperature:g}" for i in rows)
        raise ValueError(f"the rollouts of {where} (rows {list(rows)}) were sampled at different temperatures: "
                         f"{found}")
    return temperature


@torch.no_grad()
def completion_logprobs_of(model, examples: Sequence[Example], plan: Sequence[Sequence[int]], *, pad_id: int,
                           micro_batch_size: int, rank: int = 0, world_size: int = 1) -> list[tuple[float, ...]]:
    """Each example's completion log-probs under `model` as it is now (no gradient), in input order.

    Computed in the very forward passes (same rows, same padding) that will first train each rollout: a
    forward pass's rounding depends on its batch's shape (in bf16, by ~1e-3), so these log-probs make the
    first step's ratio exactly 1. Distributed: each rank computes the rollouts it trains first; all gather."""
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()
    mine: dict[int, tuple[float, ...]] = {}
    chunks_per_step = micro_batches(plan, rank=rank, world_size=world_size, micro_batch_size=micro_batch_size)
    for k, step_chunks in enumerate(chunks_per_step):
        for j, rows in enumerate(step_chunks):
            if all(i in mine for i in rows):
                continue
            temperature = micro_batch_temperature(examples, rows, f"micro-batch {j} of the plan's mini-batch {k}")
            chunk = [examples[i] for i in rows]
            padded = _pad(chunk, pad_id, device)
            logps = completion_logps(model, padded.ids, padded.attention_mask, padded.width, temperature,
                                     padded.logit_masks).float().cpu()
            for i, e, row in zip(rows, chunk, logps):
                mine.setdefault(i, tuple(row[: len(e.completion_token_ids)].tolist()))
    if was_training:
        model.train()
    if world_size > 1:
        import torch.distributed as dist

        gathered: list = [None] * world_size
        dist.all_gather_object(gathered, mine)
        for part in gathered:
            for i, v in part.items():
                mine.setdefault(i, v)
    missing = [i for i in range(len(examples)) if i not in mine]
    if missing:
        raise ValueError(f"the mini-batch plan leaves {len(missing)} rollouts out (first: {missing[0]})")
    return [mine[i] for i in range(len(examples))]


def importance_weights(examples: Sequence[Example], cap: float) -> tuple[list[tuple[float, ...]], dict[str, float]]:
    """Truncated importance-sampling weights min(exp(l_update - l_sampler), cap) per token, and their summary.

    The samples were drawn by the sampler (KV-cached decoding, possibly in another precision); the update's own
    forward pass assigns them slightly different probabilities. Weighting each token's policy term by this ratio
    corrects the gradient for that mismatch (TRL's vLLM correction, token_truncate)."""
    weights, gaps = [], []
    for e in examples:
        if e.recomputed_logprobs is None:
            raise ValueError("importance weights need the recomputed log-probs")
        diff = np.asarray(e.recomputed_logprobs, dtype=np.float64) - np.asarray(e.sampling_logprobs, dtype=np.float64)
        gaps.append(np.abs(diff))
        weights.append(tuple(np.minimum(np.exp(diff), cap).tolist()))
    flat_gap = np.concatenate(gaps) if gaps else np.zeros(0)
    flat_w = np.concatenate([np.asarray(w) for w in weights]) if weights else np.ones(0)
    stats = {
        "sampler_logprob_gap_mean": float(flat_gap.mean()) if flat_gap.size else 0.0,
        "sampler_logprob_gap_max": float(flat_gap.max()) if flat_gap.size else 0.0,
        "is_weight_mean": float(flat_w.mean()) if flat_w.size else 1.0,
        "is_weight_min": float(flat_w.min()) if flat_w.size else 1.0,
        "is_weight_max": float(flat_w.max()) if flat_w.size else 1.0,
        "is_weight_capped_share": float(np.mean(flat_w >= cap)) if flat_w.size else 0.0,
    }
    return weights, stats


@dataclass
class Padded:
    """A micro-batch as tensors (batch x completion width unless said otherwise)."""

    ids: torch.Tensor  # (batch, prompt width + completion width)
    attention_mask: torch.Tensor
    old_logps: torch.Tensor  # the recomputed log-probs when present, else the sampler's
    completion_mask: torch.Tensor  # 0 on padding and on masked (truncated) completions
    advantages: torch.Tensor  # per token: 0 before a rollout's credit start
    width: int
    logit_masks: list
    ref_logps: torch.Tensor | None = None
    is_weights: torch.Tensor | None = None


def _pad(examples: Sequence[Example], pad_id: int, device, is_weights=None) -> Padded:
    """Left-padded prompts + right-padded completions, as TRL lays them out. `is_weights`: one tuple of
    per-token importance weights per example, or None."""
    p_width = max(len(e.prompt_token_ids) for e in examples)
    c_width = max(len(e.completion_token_ids) for e in examples)
    b = len(examples)
    ids = torch.full((b, p_width + c_width), pad_id, dtype=torch.long)
    attn = torch.zeros((b, p_width + c_width), dtype=torch.long)
    old = torch.zeros((b, c_width), dtype=torch.float32)
    cmask = torch.zeros((b, c_width), dtype=torch.float32)
    adv = torch.zeros((b, c_width), dtype=torch.float32)
    with_ref = all(e.ref_logprobs is not None for e in examples)
    ref = torch.zeros((b, c_width), dtype=torch.float32) if with_ref else None
    weights = torch.ones((b, c_width), dtype=torch.float32) if is_weights is not None else None
    logit_masks = [(i, t, allowed) for i, e in enumerate(examples) for t, allowed in e.logit_masks]
    for i, e in enumerate(examples):
        p, c = len(e.prompt_token_ids), len(e.completion_token_ids)
        ids[i, p_width - p : p_width] = torch.tensor(e.prompt_token_ids)
        attn[i, p_width - p : p_width] = 1
        ids[i, p_width : p_width + c] = torch.tensor(e.completion_token_ids)
        attn[i, p_width : p_width + c] = 1
        old[i, :c] = torch.tensor(e.recomputed_logprobs if e.recomputed_logprobs is not None else e.sampling_logprobs)
        cmask[i, :c] = 0.0 if e.masked else 1.0
        # The sequence's advantage from its credit start on (credit.py), 0 before it and on padding.
        adv[i, e.credit_start : c] = e.advantage
        if ref is not None:
            ref[i, :c] = torch.tensor(e.ref_logprobs)
        if weights is not None:
            weights[i, :c] = torch.tensor(is_weights[i])
    return Padded(ids.to(device), attn.to(device), old.to(device), cmask.to(device), adv.to(device), c_width,
                  logit_masks, ref.to(device) if ref is not None else None,
                  weights.to(device) if weights is not None else None)


def _all_reduce(values: list[float], op: str, device) -> list[float]:
    import torch.distributed as dist

    t = torch.tensor(values, dtype=torch.float64, device=device)
    dist.all_reduce(t, op={"sum": dist.ReduceOp.SUM, "min": dist.ReduceOp.MIN, "max": dist.ReduceOp.MAX}[op])
    return t.tolist()


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
    is_weights: Sequence[tuple[float, ...]] | None = None,
    autocast=nullcontext,
) -> list[dict[str, float]]:
    """Runs `steps` optimizer steps (one cycle); returns one metrics dict per step.

    `train_model` is what the forward passes go through (the DDP wrapper when distributed, else the model
    itself). With beta > 0 every example carries its reference log-probs (reference.py). `is_weights`: per
    example, the truncated importance-sampling weights of its tokens (`importance_weights`), or None.
    `autocast`: the context of the forward passes and the loss (HardwareProfile.autocast); the backward pass runs
    outside it. Old log-probs recomputed for this update must come from the same context.
    """
    train_model = train_model if train_model is not None else model
    device = next(model.parameters()).device
    params = [p for p in model.parameters() if p.requires_grad]
    if not examples:
        raise ValueError("no rollouts to train on")
    if config.beta != 0.0 and any(e.ref_logprobs is None for e in examples):
        raise ValueError("beta > 0 needs every rollout's reference log-probs")
    plan = cycle_minibatches(len(examples), steps, config.minibatch_size, config.seed, start_step)
    check_world(plan, world_size, len(examples), config)
    # Gradients flow in eval mode; eval only switches dropout off, so the first pass reproduces the sampler.
    model.eval()
    history = []
    chunks_per_step = micro_batches(plan, rank=rank, world_size=world_size, micro_batch_size=micro_batch_size)
    for k, (indices, micro) in enumerate(zip(plan, chunks_per_step)):
        step = start_step + k
        global_b = len(indices)
        global_tokens = float(sum(examples[i].loss_tokens for i in indices))
        optimizer.zero_grad(set_to_none=True)
        sums = {"loss": 0.0, "kl": 0.0, "clip_fraction": 0.0, "ratio": 0.0, "rollouts": 0.0}
        ratio_min, ratio_max = math.inf, -math.inf
        for j, rows in enumerate(micro):
            temperature = micro_batch_temperature(examples, rows, f"micro-batch {j} of step {step}")
            chunk = [examples[i] for i in rows]
            padded = _pad(chunk, pad_id, device, [is_weights[i] for i in rows] if is_weights is not None else None)
            sync = nullcontext() if (j == len(micro) - 1 or not hasattr(train_model, "no_sync")) \
                else train_model.no_sync()
            with sync:
                with autocast():
                    logps = completion_logps(train_model, padded.ids, padded.attention_mask, padded.width,
                                             temperature, padded.logit_masks)
                    out = grpo_loss(logps, padded.old_logps, padded.advantages, padded.completion_mask,
                                    loss_type=config.loss_type, epsilon_low=config.epsilon_low,
                                    epsilon_high=config.epsilon_high, beta=config.beta, ref_logps=padded.ref_logps,
                                    max_new_tokens=max_new_tokens, num_tokens=global_tokens,
                                    kl_bias_correction=config.kl_bias_correction, is_weights=padded.is_weights)
                # Normalise over the whole mini-batch (all micro-batches, all ranks); DDP averages over ranks.
                share = 1.0 if config.loss_type == "dapo" else len(chunk) / global_b
                (out.loss * share * world_size).backward()
            sums["loss"] += out.policy_loss * share
            # KL, clip fraction and ratio are token means over the whole mini-batch: weighted by this chunk's share
            # of its tokens, their sum over chunks and ranks does not depend on the split.
            weight = sum(e.loss_tokens for e in chunk) / max(1.0, global_tokens)
            if out.kl is not None:
                sums["kl"] += out.kl * weight
            sums["clip_fraction"] += out.clip_fraction * weight
            sums["ratio"] += out.ratio_mean * weight
            sums["rollouts"] += len(chunk)
            ratio_min, ratio_max = min(ratio_min, out.ratio_min), max(ratio_max, out.ratio_max)
        if world_size > 1:  # every rank logs the mini-batch's figures, not its own share
            keys = list(sums)
            sums = dict(zip(keys, _all_reduce([sums[key] for key in keys], "sum", device)))
            ratio_min = _all_reduce([ratio_min], "min", device)[0]
            ratio_max = _all_reduce([ratio_max], "max", device)[0]
        grad_norm = float(torch.nn.utils.clip_grad_norm_(params, config.max_grad_norm))
        optimizer.step()
        scheduler.step()
        # With beta 0 there is no reference pass and no KL: None, not a 0 that reads as "the policy did not move".
        kl = sums["kl"] if config.beta != 0.0 else None
        metrics = {"step": step + 1, "loss": sums["loss"], "kl": kl, "clip_fraction": sums["clip_fraction"],
                   "ratio_mean": sums["ratio"], "ratio_min": ratio_min if math.isfinite(ratio_min) else None,
                   "ratio_max": ratio_max if math.isfinite(ratio_max) else None, "grad_norm": grad_norm,
                   "lr": scheduler.get_last_lr()[0], "rollouts": global_b, "rollouts_trained": int(sums["rollouts"]),
                   "tokens": global_tokens}
        history.append(metrics)
        if on_step is not None:
            on_step(metrics)
    return history
