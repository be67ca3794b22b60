"""The supervised warm start: teach the base model the shape of a p5.brush sketch before GRPO.

GRPO learns only from differences within a group; if almost no completion
compiles, every group scores the same and there is nothing to learn (the
embedded SmolLM2-135M writes plain canvas code, not p5.brush). So, as its own
step, LoRA is fine-tuned on (prompt, sketch) pairs from the procedural
generator (`procedural/`): cross-entropy on the assistant's tokens only, the
prompt formatted with the same system prompt and chat template as sampling.
The result is a checkpoint of kind "warm_start": GRPO cycles use its adapter
as their starting point, with a fresh optimizer and step counter.

On a CPU the warm start takes about an hour, so every tenth of the run is saved
as a snapshot beside the target (`<out>.in-progress`): a run that is stopped
and started again with the same corpus and settings continues from its last
snapshot and ends where an uninterrupted run ends.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from contextlib import nullcontext
from pathlib import Path
from typing import Callable, Iterator, Sequence

import torch

from paint_pipeline.policy.checkpoint import (
    Checkpoint,
    CheckpointError,
    model_fingerprint,
    open_checkpoint,
    save_checkpoint,
    set_rng_state,
)
from paint_pipeline.policy.config import MAX_CUT_SHARE, PolicyConfig, PolicyConfigError
from paint_pipeline.policy.prompting import render_chat
from paint_pipeline.progress import progress_bar

# A sampled sketch runs somewhat longer than the one it imitates: the corpus' longest should stay within this share
# of the sampling budget, or sampling cuts good sketches off.
SAMPLING_HEADROOM = 0.9


def completion_text(code: str) -> str:
    return f"```javascript\n{code.strip()}\n```"


def encode_pair(tokenizer, prompt: str, code: str, max_len: int,
                system: str = "compact") -> tuple[list[int], list[int]]:
    """Token ids and labels (-100 on the prompt) of one training pair, cut to max_len."""
    prompt_ids = tokenizer(render_chat(tokenizer, prompt, system), add_special_tokens=False).input_ids
    answer_ids = tokenizer(completion_text(code), add_special_tokens=False).input_ids + [tokenizer.eos_token_id]
    ids = (prompt_ids + answer_ids)[:max_len]
    labels = ([-100] * len(prompt_ids) + answer_ids)[:max_len]
    return ids, labels


def encode_corpus(tokenizer, pairs: Sequence[tuple[str, str]], max_len: int, system: str = "compact",
                  log: Callable[[str], None] | None = None) -> tuple[list[tuple[list[int], list[int]]], int]:
    """Every pair encoded and cut to max_len, and how many were cut. Refuses, naming the numbers, a max_len that
    cuts more than MAX_CUT_SHARE of the pairs or leaves a prompt no room for its sketch."""
    encoded, full_lengths, prompt_lengths = [], [], []
    for prompt, code in pairs:
        ids, labels = encode_pair(tokenizer, prompt, code, 10**9, system)
        prompt_lengths.append(labels.count(-100))
        full_lengths.append(len(ids))
        encoded.append((ids[:max_len], labels[:max_len]))
    cut = sum(length > max_len for length in full_lengths)
    if log is not None and encoded:
        answers = [full - prompt for full, prompt in zip(full_lengths, prompt_lengths)]
        log(f"[warm-start] {len(encoded)} pairs: prompts {min(prompt_lengths)}-{max(prompt_lengths)} tokens, "
            f"sketches {sum(answers) / len(answers):.0f} on average, {max(answers)} at most")
    if encoded and (max(prompt_lengths) >= max_len or cut > MAX_CUT_SHARE * len(encoded)):
        raise PolicyConfigError(
            f"warm-start max_len {max_len} cuts {cut} of {len(encoded)} pairs before their sketch ends (the "
            f"{system!r} system prompt and request take {min(prompt_lengths)}-{max(prompt_lengths)} tokens): the "
            f"model would never learn to finish a sketch. Raise warm_start_max_len (--max-len) to "
            f"{max(full_lengths)}, which fits every pair, or use a shorter system prompt")
    return encoded, cut


def right_padded(batch: Sequence[tuple[list[int], list[int]]], pad: int):
    """(input ids, labels, attention mask) of the pairs, right-padded to the longest: with causal attention a
    pair's own tokens never see the padding after them, so its logits are those it would have alone."""
    width = max(len(ids) for ids, _ in batch)
    ids = torch.full((len(batch), width), pad, dtype=torch.long)
    labels = torch.full((len(batch), width), -100, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    for i, (x, y) in enumerate(batch):
        ids[i, : len(x)] = torch.tensor(x)
        labels[i, : len(y)] = torch.tensor(y)
        mask[i, : len(x)] = 1
    return ids, labels, mask


def backward_batch(model, batch: Sequence[tuple[list[int], list[int]]], device, *, micro_batch_size: int = 1,
                   pad: int = 0, autocast=nullcontext) -> float:
    """Backpropagates the batch's mean token cross-entropy, `micro_batch_size` pairs per forward pass; returns
    that mean.

    The gradient is the padded batch's (backward_padded: a mean over every answer token of the batch), but
    logits are computed only from the first answer token of a micro-batch on (not for the prompts), and only one
    micro-batch's activations are alive at a time. With one pair per pass (a CPU's HardwareProfile) no position
    is padding; a GPU fills its width with a few right-padded pairs. `labels` are -100 on the prompt, then the
    answer (encode_pair). `autocast`: the context of the forward pass and the loss (HardwareProfile.autocast); the
    backward pass runs outside it."""
    answers = [len(labels) - labels.count(-100) for _, labels in batch]
    total = sum(answers)
    loss_sum = 0.0
    pairs = [pair for pair, n in zip(batch, answers) if n]
    for start in range(0, len(pairs), micro_batch_size):
        chunk = pairs[start : start + micro_batch_size]
        ids, targets, mask = right_padded(chunk, pad)
        # Logits are kept from the earliest first answer token of the chunk to the end.
        width = ids.shape[1]
        keep = width - min(labels.count(-100) for _, labels in chunk)
        with autocast():
            logits = model(input_ids=ids.to(device), attention_mask=mask.to(device) if len(chunk) > 1 else None,
                           logits_to_keep=keep + 1).logits[:, :-1]
            chunk_sum = torch.nn.functional.cross_entropy(logits.float().reshape(-1, logits.shape[-1]),
                                                          targets[:, width - keep :].reshape(-1).to(device),
                                                          ignore_index=-100, reduction="sum")
        (chunk_sum / total).backward()
        loss_sum += float(chunk_sum.detach())
    return loss_sum / max(1, total)


def backward_padded(model, batch: Sequence[tuple[list[int], list[int]]], device, pad: int) -> float:
    """The reference for backward_batch: one right-padded forward and transformers' own loss."""
    ids, labels, attn = right_padded(batch, pad)
    loss = model(input_ids=ids.to(device), attention_mask=attn.to(device), labels=labels.to(device)).loss
    loss.backward()
    return float(loss.detach())


def batch_order(encoded: Sequence, batch_size: int, seed: int) -> Iterator[list]:
    """Batches of pairs without end: epoch after epoch, each in a fresh shuffled order."""
    rng = random.Random(seed)
    order: list[int] = []
    while True:
        batch = []
        for _ in range(batch_size):
            if not order:
                order = list(range(len(encoded)))
                rng.shuffle(order)
            batch.append(encoded[order.pop()])
        yield batch


def sft(model, encoded: Sequence[tuple[list[int], list[int]]], *, steps: int, batch_size: int,
        learning_rate: float, seed: int = 0, micro_batch_size: int = 1, pad: int = 0, progress: bool = True,
        log: Callable[[str], None] = print, autocast=nullcontext, restart: Checkpoint | None = None,
        snapshot: Callable[[int, object, object, list[float]], None] | None = None):
    """Fine-tunes the trainable (LoRA) parameters on encoded pairs (encode_corpus), `micro_batch_size` pairs per
    forward pass (padded with `pad`); returns (optimizer, scheduler, losses). The micro-batch changes speed and
    memory, not the step (backward_batch).

    `snapshot(done, optimizer, scheduler, losses)` is called at every tenth of the run but the last; `restart`, a
    snapshot it wrote (with the model already holding the snapshot's adapter), continues that run from there."""
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=learning_rate, weight_decay=0.0)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / 10) * max(0.1, 1 - s / steps))
    losses: list[float] = []
    batches = batch_order(encoded, batch_size, seed)
    if restart is not None:
        state = restart.training_state()
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        set_rng_state(state["rng"])
        losses = list(restart.manifest["metrics"]["losses"])  # one per step done
        for _ in losses:  # the batches the snapshot has seen, in the same order
            next(batches)
    device = next(model.parameters()).device
    model.train()
    every = max(1, steps // 10)
    for step in progress_bar(range(len(losses), steps), desc="warm start", enabled=progress, lines=False):
        batch = next(batches)
        optimizer.zero_grad(set_to_none=True)
        loss = backward_batch(model, batch, device, micro_batch_size=micro_batch_size, pad=pad, autocast=autocast)
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        optimizer.step()
        scheduler.step()
        losses.append(loss)
        if (step + 1) % every == 0:  # the progress bar logs nothing: this is the progress line
            log(f"[warm-start] step {step + 1}/{steps}: loss {sum(losses[-10:]) / len(losses[-10:]):.3f}")
            if snapshot is not None and step + 1 < steps:
                snapshot(step + 1, optimizer, scheduler, losses)
    return optimizer, scheduler, losses


def run_identity(config: PolicyConfig, pairs: Sequence[tuple[str, str]], settings: dict,
                 resumed: dict | None) -> str:
    """What a snapshot must match to be continued: the config, the corpus, the run's settings, and the warm start
    it resumes (by its files' hashes)."""
    digest = hashlib.sha256(json.dumps([config.config_hash(), settings, (resumed or {}).get("files")],
                                       sort_keys=True).encode())
    for prompt, code in pairs:
        digest.update(json.dumps([prompt, code]).encode())
    return digest.hexdigest()[:16]


def snapshot_to_continue(folder: Path, identity: str, log: Callable[[str], None]) -> Checkpoint | None:
    """The snapshot in `folder` when it belongs to this run (`identity`); None, saying why, for any other."""
    if not folder.exists():
        return None
    try:
        snapshot = open_checkpoint(folder)
    except CheckpointError as exc:
        log(f"[warm-start] starting afresh: the snapshot is unusable ({exc})")
        return None
    if snapshot.manifest.get("kind") != "warm_start_snapshot" or snapshot.manifest.get("run") != identity:
        log(f"[warm-start] starting afresh: {folder} is the snapshot of another run (another corpus, config or "
            f"settings)")
        return None
    log(f"[warm-start] continuing from the snapshot at step {snapshot.manifest['step']} ({folder})")
    return snapshot


def _resumable(resume: Path, config: PolicyConfig) -> dict:
    """The manifest of the warm start to continue; refuses anything else, naming the folder and the mismatch."""
    manifest = open_checkpoint(resume).manifest
    if manifest.get("kind") != "warm_start":
        raise ValueError(f"{resume}: --resume needs a warm-start checkpoint, "
                         f"this one is of kind {manifest.get('kind')!r}")
    for field in ("base_model", "system_prompt"):
        if manifest.get(field) != getattr(config, field):
            raise ValueError(f"{resume}: its {field} is {manifest.get(field)!r}, this run's is "
                             f"{getattr(config, field)!r}; a warm start continues only with the same one")
    return manifest


def warm_start(config: PolicyConfig, pairs: Sequence[tuple[str, str]], out: Path, *, steps: int, batch_size: int = 4,
               learning_rate: float = 2e-4, max_len: int = 1024, resume: Path | None = None,
               log: Callable[[str], None] = print) -> Path:
    """Fine-tunes a fresh LoRA adapter, or continues the adapter of the warm start `resume` (more epochs on the
    corpus without paying again for the first ones: a fresh optimizer and schedule, its steps added to the
    resumed one's)."""
    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.models import load_tokenizer, resolve_base_model
    from paint_pipeline.policy.train import build_policy

    resume = Path(resume) if resume is not None else None
    previous = _resumable(resume, config) if resume is not None else None
    # Encoded before the model loads, so a max_len that cuts the sketches fails in seconds.
    tokenizer = load_tokenizer(resolve_base_model(config.base_model, config.models_dir))
    encoded, cut = encode_corpus(tokenizer, pairs, max_len, config.system_prompt, log)
    if cut:
        log(f"[warm-start] {cut} of {len(pairs)} pairs are longer than max_len {max_len} and lose their ending")
    profile = resolve(config)
    longest = max((sum(1 for t in labels if t != -100) for _, labels in encoded), default=0)
    if longest > SAMPLING_HEADROOM * profile.max_new_tokens:
        log(f"[warm-start] warning: the longest sketch is {longest} tokens and the sampling budget "
            f"{profile.max_new_tokens} (max_new_tokens): a sampled sketch a little longer is cut off, and a cut "
            f"sketch fails. Raise max_new_tokens or shorten the corpus")
    snapshots = Path(out).with_name(Path(out).name + ".in-progress")
    identity = run_identity(config, pairs, {"steps": steps, "batch_size": batch_size, "learning_rate": learning_rate,
                                            "max_len": max_len}, previous)
    restart = snapshot_to_continue(snapshots, identity, log)
    model, _ = build_policy(config, profile, restart.folder if restart else resume)
    earlier = previous["metrics"]["sft_steps"] if previous else 0
    common = {"cycle": "warm-start", "system_prompt": config.system_prompt, "parent": None,
              "base_model": config.base_model, "base_model_fingerprint": model_fingerprint(config.base_model),
              "config": config.to_dict(), "config_hash": config.config_hash(), "hardware": profile.to_dict(),
              "world_size": 1, "inputs": {"pairs": len(pairs), "max_len": max_len, "cut_pairs": cut}}

    def snapshot(done: int, optimizer, scheduler, losses: list[float]) -> None:
        save_checkpoint(snapshots, model, optimizer, scheduler, step=done,
                        manifest={**common, "kind": "warm_start_snapshot", "run": identity,
                                  "metrics": {"losses": losses}})

    # A resumed run shuffles with another seed, so it does not replay the first run's order.
    optimizer, scheduler, losses = sft(model, encoded, steps=steps, batch_size=batch_size,
                                       learning_rate=learning_rate, seed=config.seed + earlier,
                                       micro_batch_size=profile.micro_batch_size,
                                       pad=tokenizer.pad_token_id,  # load_tokenizer always sets one
                                       log=log, autocast=profile.autocast, restart=restart, snapshot=snapshot)
    manifest = {
        **common, "kind": "warm_start",
        "metrics": {"sft_steps": earlier + steps, "first_loss": losses[0],
                    "final_loss": sum(losses[-10:]) / min(10, len(losses))},
    }
    if previous:
        manifest["resumed_from"] = {"folder": str(resume), "sft_steps": earlier,
                                    "files": previous.get("files", {}), "inputs": previous.get("inputs", {})}
    save_checkpoint(out, model, optimizer, scheduler, step=0, manifest=manifest)
    shutil.rmtree(snapshots, ignore_errors=True)
    log(f"[warm-start] checkpoint written to {out}")
    return out
