"""Sampling G completions per prompt, recording what the update needs.

A decoding loop of our own (rather than `model.generate`) because the update
needs, per sample: its own seed (each row draws from its own torch.Generator,
so a sample does not depend on which others shared its batch's random
stream), the completion token ids, and the log-probability of every sampled
token under softmax(logits / T), the distribution the update recomputes. With
top_p = 1 (the default) that is exactly the distribution sampled from.

With decoding guards (`guards/`), tokens a guard forbids get probability 0
where it applies, and the recorded log-probs are those of the renormalised
distribution, which the update rebuilds.

A sample stuck in a loop (its last `stop_repeats` tokens already occurred
verbatim earlier in its completion) stops there and counts as truncated: a
small model at a low temperature loops in about a third of its sketches, and
a batch runs as long as its longest row, so one loop would otherwise hold the
whole batch to the token budget. The tokens kept and their log-probs are
exactly those sampled; only the end moves. With `end_at_statement` (the
default config) that end moves back to the last complete statement
(`ending.py`), where the renderer's closing of open blocks gives code that
parses.

A row that has finished leaves the batch (its slice of the KV cache is
dropped), so the tail of a batch decodes only the rows still running. On 2
cores a decoding step costs about the same for 16 rows as for 24 (reading the
weights dominates), so the default batch holds a whole cycle's rollouts. The
KV cache grows in place (`kv_cache.py`) instead of being copied at every
step. `paint-pipeline bench sample` measures each of these against the
earlier scheme, on the same samples.

Several ranks (torchrun): rows are sharded round-robin and gathered on rank 0
in the original order.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Sequence

import torch

from paint_pipeline.policy.ending import end_unfinished
from paint_pipeline.policy.guards import GuardSet, token_pieces
from paint_pipeline.policy.kv_cache import growing_cache
from paint_pipeline.policy.prompting import render_chat
from paint_pipeline.progress import progress_bar
from paint_pipeline.sketch_code import extract_code


@dataclass
class Rollout:
    prompt_id: str
    prompt: str
    sample_index: int
    seed: int
    temperature: float
    prompt_token_ids: list[int]
    completion_token_ids: list[int] = field(default_factory=list)
    sampling_logprobs: list[float] = field(default_factory=list)
    completion: str = ""
    code: str = ""
    truncated: bool = False
    decoding_guards: tuple[str, ...] = ()  # sampled with these guards: the update applies the same masks
    sampling_dtype: str = "float32"  # the dtype of the weights that sampled it (bf16 stages: HardwareProfile)


def sample_seed(base_seed: int, prompt_id: str, sample_index: int) -> int:
    """A stable 32-bit seed per (prompt, sample), independent of batch order."""
    digest = hashlib.sha256(f"{base_seed}:{prompt_id}:{sample_index}".encode()).digest()
    return int.from_bytes(digest[:4], "little")


def output_vocab_size(model, tokenizer) -> int:
    """The width of the model's logits (the embedding matrix may be padded past the tokenizer's size)."""
    head = model.get_output_embeddings() if hasattr(model, "get_output_embeddings") else None
    return int(head.weight.shape[0]) if head is not None else len(tokenizer)


def _top_p_filter(probs: torch.Tensor, top_p: float) -> torch.Tensor:
    if top_p >= 1.0:
        return probs
    sorted_probs, order = probs.sort(dim=-1, descending=True)
    keep = sorted_probs.cumsum(-1) - sorted_probs < top_p  # always keeps the most likely token
    filtered = torch.zeros_like(probs).scatter(-1, order, sorted_probs * keep)
    return filtered / filtered.sum(-1, keepdim=True)


@torch.no_grad()
def _decode_batch(model, rows: list[Rollout], *, eos_ids: set[int], pad_id: int, max_new_tokens: int, top_p: float,
                  device, stop_repeats: int = 0, guards: GuardSet | None = None, prune_finished: bool = True,
                  grow_in_place: bool = True) -> None:
    """Fills completion_token_ids, sampling_logprobs and truncated of `rows` in place."""
    width = max(len(r.prompt_token_ids) for r in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, r in enumerate(rows):  # left padding: every row's next token is at the same position
        ids[i, width - len(r.prompt_token_ids):] = torch.tensor(r.prompt_token_ids)
        mask[i, width - len(r.prompt_token_ids):] = 1
    ids, mask = ids.to(device), mask.to(device)
    generators = [torch.Generator(device="cpu").manual_seed(r.seed) for r in rows]
    temperature = torch.tensor([r.temperature for r in rows], dtype=torch.float32, device=device).unsqueeze(1)
    done = [False] * len(rows)
    looped = [False] * len(rows)
    windows: list[set[tuple[int, ...]]] = [set() for _ in rows]  # every stop_repeats-token window seen so far
    states = [guards.new_state() for _ in rows] if guards is not None else []
    active = list(range(len(rows)))  # the rows still decoding, in the order of the batch's tensors
    past = growing_cache(model) if grow_in_place else None  # None: the model's own DynamicCache
    step_ids = ids
    positions = (mask.cumsum(-1) - 1).clamp(min=0)
    for _ in range(max_new_tokens):
        out = model(input_ids=step_ids, attention_mask=mask, position_ids=positions[:, -step_ids.size(1):],
                    cache=past, use_cache=True, logits_to_keep=1)
        past = out.cache
        scaled = out.logits[:, -1, :].float() / temperature
        if guards is not None:
            for j, i in enumerate(active):
                allowed = None if done[i] else guards.allowed(states[i])
                if allowed is not None:
                    scaled[j, ~allowed.to(scaled.device)] = float("-inf")
        logprobs = torch.log_softmax(scaled, dim=-1).cpu()
        probs = _top_p_filter(logprobs.exp(), top_p)
        next_ids = []
        for j, i in enumerate(active):
            if done[i]:  # only without pruning
                next_ids.append(pad_id)
                continue
            r = rows[i]
            token = int(torch.multinomial(probs[j], 1, generator=generators[i]))
            next_ids.append(token)
            r.completion_token_ids.append(token)
            r.sampling_logprobs.append(float(logprobs[j, token]))
            if guards is not None:
                guards.append(states[i], token)
            if token in eos_ids:
                done[i] = True
            elif stop_repeats and len(r.completion_token_ids) >= stop_repeats:
                window = tuple(r.completion_token_ids[-stop_repeats:])
                if window in windows[i]:
                    done[i] = looped[i] = True
                windows[i].add(window)
        keep = [j for j, i in enumerate(active) if not done[i]]
        if not keep:
            break
        if not prune_finished:  # finished rows ride along, masked, as in a plain batched decoder
            keep = list(range(len(active)))
        if len(keep) < len(active):
            # Finished rows leave the batch: the cache, mask and positions shrink with it, so the long tail of a
            # batch decodes only the rows still running (per-row sampling makes this invisible in the samples).
            index = torch.tensor(keep, device=device)
            if past is not None:
                past.batch_select_indices(index)
            mask, positions, temperature = mask[index], positions[index], temperature[index]
            active = [active[j] for j in keep]
            next_ids = [next_ids[j] for j in keep]
        step_ids = torch.tensor(next_ids, dtype=torch.long, device=device).unsqueeze(1)
        alive = torch.tensor([not done[i] for i in active], dtype=mask.dtype, device=device).unsqueeze(1)
        mask = torch.cat([mask, alive], dim=1)
        positions = torch.cat([positions, positions[:, -1:] + 1], dim=1)
    for i, r in enumerate(rows):
        r.truncated = looped[i] or not done[i]


def generate(
    model,
    tokenizer,
    prompts: Sequence[tuple[str, str]],
    *,
    group_size: int,
    temperature: float,
    max_new_tokens: int,
    base_seed: int = 0,
    top_p: float = 1.0,
    batch_size: int = 16,
    progress: bool = False,
    rank: int = 0,
    world_size: int = 1,
    system_prompt: str = "full",
    stop_repeats: int = 0,
    decoding_guards: Sequence[str] = (),
    prune_finished: bool = True,
    grow_in_place: bool = True,
    end_at_statement: bool = False,
) -> list[Rollout]:
    """G rollouts per (prompt_id, prompt), in prompt order then sample order (on rank 0 when distributed)."""
    device = next(model.parameters()).device
    weights_dtype = str(next((p.dtype for p in model.parameters() if p.is_floating_point()), torch.float32)
                        ).removeprefix("torch.")
    rows = []
    for prompt_id, prompt in prompts:
        chat_ids = tokenizer(render_chat(tokenizer, prompt, system_prompt), add_special_tokens=False).input_ids
        for k in range(group_size):
            rows.append(Rollout(prompt_id, prompt, k, sample_seed(base_seed, prompt_id, k), float(temperature),
                                list(chat_ids), decoding_guards=tuple(decoding_guards),
                                sampling_dtype=weights_dtype))
    mine = rows[rank::world_size]
    configured = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
    eos_ids = {tokenizer.eos_token_id} | (set(configured) if isinstance(configured, list) else {configured})
    eos_ids.discard(None)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    guards = (GuardSet(decoding_guards, tokenizer, output_vocab_size(model, tokenizer))
              if decoding_guards and mine else None)
    was_training = model.training
    model.eval()
    batches = range(0, len(mine), batch_size)
    for start in progress_bar(batches, desc="sampling", unit="batch", enabled=progress and rank == 0):
        _decode_batch(model, mine[start : start + batch_size], eos_ids=eos_ids, pad_id=pad_id,
                      max_new_tokens=max_new_tokens, top_p=top_p, device=device, stop_repeats=stop_repeats,
                      guards=guards, prune_finished=prune_finished, grow_in_place=grow_in_place)
    if was_training:
        model.train()
    if end_at_statement and any(r.truncated for r in mine):
        pieces = guards.pieces if guards is not None else token_pieces(tokenizer, output_vocab_size(model, tokenizer))
        for r in mine:
            if r.truncated:
                r.completion_token_ids, r.sampling_logprobs = end_unfinished(
                    r.completion_token_ids, r.sampling_logprobs,
                    [pieces[t] if 0 <= t < len(pieces) else "" for t in r.completion_token_ids])
    for r in mine:
        r.completion = tokenizer.decode(r.completion_token_ids, skip_special_tokens=True)
        r.code = extract_code(r.completion)
    if world_size == 1:
        return mine
    import torch.distributed as dist

    gathered: list[list[Rollout]] | None = [None] * world_size if rank == 0 else None  # type: ignore[list-item]
    dist.gather_object(mine, gathered, dst=0)
    if rank != 0:
        return []
    ordered = [None] * len(rows)
    for r_rank, part in enumerate(gathered):
        for j, rollout in enumerate(part):
            ordered[r_rank + j * world_size] = rollout
    return ordered  # type: ignore[return-value]
