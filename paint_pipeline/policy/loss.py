"""The GRPO loss, written out so it can be read top to bottom (and checked against TRL's).

For completion token t of sequence i, with log-prob l = log pi(token | prefix) under the
current policy at temperature T, the stored sampling log-prob l_old, and the token's
advantage A_it (the sequence's group advantage A_i; with `failure_credit="error_line"`, 0 on
the tokens before the line where a failed sketch failed, see credit.py):

    ratio        r = exp(l - l_old)
    clipped      r_c = clip(r, 1 - eps_low, 1 + eps_high)          (asymmetric: DAPO's clip-higher)
    policy term  -min(r * A_it, r_c * A_it) * w_t
                 w_t: the truncated importance weight min(exp(l_old - l_sampler), C) when l_old was recomputed
                 by the update's forward pass (TRL's vLLM correction, token_truncate), else 1
    KL term      beta * (exp(l_ref - l) - (l_ref - l) - 1)          (k3 estimator; l_ref: the warm-start policy,
                                                                     reference.py)
                 times r when kl_bias_correction (the samples came from the old policy; TRL's default)

and the per-token losses are aggregated over the completion mask m:

    grpo     mean_i( sum_t loss * m / sum_t m )                     (each sequence weighs the same)
    dr_grpo  sum_it(loss * m) / (num_sequences * max_new_tokens)    (no length bias)
    dapo     sum_it(loss * m) / num_tokens                          (each token weighs the same)

`num_tokens` for dapo is the count over the whole optimizer step (all micro-batches and
ranks), passed in, so gradient accumulation and DDP give the same update as one big batch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from paint_pipeline.policy.config import LOSS_TYPES


@dataclass
class LossOutput:
    loss: torch.Tensor
    policy_loss: float
    kl: float | None  # None when beta is 0: the reference pass is skipped, so the KL is not measured
    clip_fraction: float
    ratio_mean: float
    ratio_min: float  # over the unmasked tokens; +inf / -inf when there are none
    ratio_max: float


def completion_logps(model, input_ids: torch.Tensor, attention_mask: torch.Tensor, completion_len: int,
                     temperature: float, logit_masks=()) -> torch.Tensor:
    """Per-token log-probs (batch, completion_len) of the last `completion_len` tokens under softmax(logits / T).

    Position ids count the attended tokens of each row, as the sampler's do: with left padding, a model with
    absolute positions (GPT-2) would otherwise see every padded row shifted.

    `logit_masks`: (row, completion position, allowed bool mask over the vocabulary) where the sampler's API
    guard applied; there the distribution is renormalised over the allowed tokens, as it was when sampled.
    """
    position_ids = (attention_mask.long().cumsum(-1) - 1).clamp(min=0)
    logits = model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids,
                   logits_to_keep=completion_len + 1).logits
    logits = logits[:, -(completion_len + 1) : -1, :]
    if logits.dtype in (torch.float16, torch.bfloat16):  # log-softmax in half precision loses the small log-probs
        logits = logits.float()
    # In place: the head's backward needs its input and weight, not its output, so this saves a
    # (batch x length x vocabulary) copy.
    logits.div_(temperature)
    if logit_masks:
        # One in-place fill over the whole tensor: a fill per position would record one CopySlices each, and the
        # backward pass would copy the full (batch x length x vocabulary) gradient once per guarded position.
        forbidden = torch.zeros(logits.shape, dtype=torch.bool, device=logits.device)
        for row, position, allowed in logit_masks:
            forbidden[row, position] = ~allowed.to(logits.device)
        logits.masked_fill_(forbidden, float("-inf"))
    targets = input_ids[:, -completion_len:]
    # log softmax at the sampled token only: logit - logsumexp, without materialising the full log-softmax.
    return logits.gather(-1, targets.unsqueeze(-1)).squeeze(-1) - torch.logsumexp(logits, dim=-1)


def grpo_loss(
    logps: torch.Tensor,
    old_logps: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    *,
    loss_type: str,
    epsilon_low: float,
    epsilon_high: float,
    beta: float = 0.0,
    ref_logps: torch.Tensor | None = None,
    max_new_tokens: int | None = None,
    num_tokens: float | None = None,
    kl_bias_correction: bool = True,
    is_weights: torch.Tensor | None = None,
) -> LossOutput:
    """The loss of one micro-batch (see the module docstring). Shapes: (B, T); advantages (B,) (one per
    sequence) or (B, T) (one per token)."""
    if loss_type not in LOSS_TYPES:
        raise ValueError(f"loss_type must be one of {LOSS_TYPES}, got {loss_type!r}")
    mask = mask.to(logps.dtype)
    adv = advantages.to(logps.dtype)
    if adv.dim() == 1:
        adv = adv.unsqueeze(1)
    ratio = torch.exp(logps - old_logps)
    clipped = torch.clamp(ratio, 1 - epsilon_low, 1 + epsilon_high)
    per_token = -torch.min(ratio * adv, clipped * adv)
    if is_weights is not None:
        per_token = per_token * is_weights.to(logps.dtype)
    kl = None  # not measured without a reference pass (beta 0)
    if beta != 0.0:
        if ref_logps is None:
            raise ValueError("beta > 0 needs the reference log-probs")
        delta = ref_logps - logps
        per_token_kl = torch.exp(delta) - delta - 1
        if kl_bias_correction:
            per_token_kl = per_token_kl * ratio
        per_token = per_token + beta * per_token_kl
        kl = float(((per_token_kl * mask).sum() / mask.sum().clamp(min=1.0)).detach())

    if loss_type == "grpo":
        loss = ((per_token * mask).sum(-1) / mask.sum(-1).clamp(min=1.0)).mean()
    elif loss_type == "dr_grpo":
        if max_new_tokens is None:
            raise ValueError("dr_grpo needs max_new_tokens")
        loss = (per_token * mask).sum() / (per_token.size(0) * max_new_tokens)
    else:  # dapo
        denominator = num_tokens if num_tokens is not None else mask.sum()
        loss = (per_token * mask).sum() / torch.as_tensor(denominator, dtype=logps.dtype).clamp(min=1.0)

    with torch.no_grad():
        n = mask.sum().clamp(min=1.0)
        is_clipped = ((ratio < 1 - epsilon_low) & (adv < 0)) | ((ratio > 1 + epsilon_high) & (adv > 0))
        clip_fraction = float((is_clipped.to(mask.dtype) * mask).sum() / n)
        ratio_mean = float((ratio * mask).sum() / n)
        on = mask > 0
        ratio_min = float(ratio[on].min()) if bool(on.any()) else math.inf
        ratio_max = float(ratio[on].max()) if bool(on.any()) else -math.inf
    return LossOutput(loss=loss, policy_loss=float(loss.detach()), kl=kl, clip_fraction=clip_fraction,
                      ratio_mean=ratio_mean, ratio_min=ratio_min, ratio_max=ratio_max)
