"""`paint-pipeline bench update`: the update's speed against TRL's, and generation speed.

Update: the same tiny model (SmolLM2's architecture, random weights, LoRA r=16),
the same batch of rollouts (B completions of L tokens with stored log-probs and
advantages), the same loss settings. "ours" is `run_update` (forward, loss,
backward, clip, AdamW); "trl" is what TRL's GRPOTrainer does per step once the
completions exist: `compute_loss` on the same inputs (its fused log-prob head),
backward, clip, AdamW. Both warm up for one step and are timed over the next
ones; tokens/s counts completion tokens.

Generation: our sampler with SmolLM2-135M (the embedded default) at batch 1 and
at batch G x P; tokens/s counts tokens actually produced.
"""

from __future__ import annotations

import time
from typing import Any

import torch

from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.models import add_lora
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer
from paint_pipeline.policy.update import Example, make_optimizer, run_update

TINY = dict(hidden=256, layers=4, heads=4, intermediate=768)


def _batch(tokenizer, batch: int, length: int, seed: int = 0) -> list[Example]:
    g = torch.Generator().manual_seed(seed)
    prompt = tokenizer("Paint: a stormy sea at dusk in charcoal").input_ids
    out = []
    for _ in range(batch):
        ids = torch.randint(5, len(tokenizer), (length,), generator=g).tolist()
        logps = (-torch.rand(length, generator=g) * 3).tolist()
        out.append(Example(prompt, ids, logps, float(torch.randn(1, generator=g)), 1.0))
    return out


def bench_ours(config: PolicyConfig, examples: list[Example], steps: int) -> tuple[float, float]:
    """Tokens/s, and the loss of the first (warm-up) step."""
    tokenizer = build_tiny_tokenizer()
    model = add_lora(build_tiny_model(tokenizer, seed=0, **TINY), config)
    optimizer, scheduler = make_optimizer(model, config)
    kwargs = dict(max_new_tokens=len(examples[0].completion_token_ids), pad_id=tokenizer.pad_token_id,
                  micro_batch_size=len(examples))
    first = run_update(model, examples, config, optimizer, scheduler, start_step=0, steps=1, **kwargs)  # warm-up
    started = time.perf_counter()
    run_update(model, examples, config, optimizer, scheduler, start_step=1, steps=steps, **kwargs)
    elapsed = time.perf_counter() - started
    return steps * sum(len(e.completion_token_ids) for e in examples) / elapsed, first[0]["loss"]


def bench_trl(config: PolicyConfig, examples: list[Example], steps: int) -> tuple[float, float]:
    """Tokens/s, and the loss of the first (warm-up) step."""
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    tokenizer = build_tiny_tokenizer()
    model = add_lora(build_tiny_model(tokenizer, seed=0, **TINY), config)
    length = len(examples[0].completion_token_ids)
    args = GRPOConfig(output_dir="/tmp/pp-bench-trl", loss_type=config.loss_type, beta=config.beta,
                      epsilon=config.epsilon_low, epsilon_high=config.epsilon_high, max_completion_length=length,
                      num_generations=2, per_device_train_batch_size=len(examples), use_cpu=True, bf16=False,
                      report_to=[], learning_rate=config.learning_rate, max_grad_norm=config.max_grad_norm)
    trainer = GRPOTrainer(model=model, reward_funcs=[lambda prompts, completions, **k: [0.0] * len(prompts)],
                          args=args, train_dataset=Dataset.from_dict({"prompt": ["a", "b"]}),
                          processing_class=tokenizer)
    trainer.current_gradient_accumulation_steps = 1
    model = trainer.model
    p = len(examples[0].prompt_token_ids)
    inputs = {
        "prompt_ids": torch.tensor([e.prompt_token_ids for e in examples]),
        "prompt_mask": torch.ones((len(examples), p), dtype=torch.long),
        "completion_ids": torch.tensor([e.completion_token_ids for e in examples]),
        "completion_mask": torch.ones((len(examples), length), dtype=torch.long),
        "advantages": torch.tensor([e.advantage for e in examples]),
        "old_per_token_logps": torch.tensor([e.sampling_logprobs for e in examples]),
        "num_items_in_batch": torch.tensor(float(len(examples) * length)),
    }
    params = [q for q in model.parameters() if q.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=config.learning_rate, betas=tuple(config.adam_betas))
    model.train()

    def step() -> float:
        optimizer.zero_grad(set_to_none=True)
        loss = trainer.compute_loss(model, inputs)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, config.max_grad_norm)
        optimizer.step()
        return float(loss.detach())

    first = step()  # warm-up
    started = time.perf_counter()
    for _ in range(steps):
        step()
    elapsed = time.perf_counter() - started
    return steps * len(examples) * length / elapsed, first


def check_same_work(ours_loss: float, trl_loss: float, *, rtol: float = 1e-4) -> None:
    """A speed comparison means something only if both sides computed the same loss on the same inputs."""
    if not abs(ours_loss - trl_loss) <= rtol * max(abs(ours_loss), abs(trl_loss), 1e-8):
        raise RuntimeError(f"the two sides computed different losses on the same batch (ours {ours_loss:.8g}, TRL "
                           f"{trl_loss:.8g}): they do not do the same work, so their speeds are not comparable")


def bench_generation(config: PolicyConfig, *, batch: int, new_tokens: int) -> dict[str, float]:
    from paint_pipeline.policy.policy_io import load_policy
    from paint_pipeline.policy.sampling import generate

    model, tokenizer, _ = load_policy(config)
    out = {}
    for label, prompts, group in (("b1", [("g0", "a stormy sea at dusk")], 1),
                                  ("batch", [(f"g{i}", f"a stormy sea number {i}") for i in range(batch // 4)], 4)):
        started = time.perf_counter()
        rollouts = generate(model, tokenizer, prompts, group_size=group, temperature=1.0, max_new_tokens=new_tokens,
                            batch_size=len(prompts) * group)
        elapsed = time.perf_counter() - started
        out[label] = sum(len(r.completion_token_ids) for r in rollouts) / elapsed
    return out


def run_update_benchmark(*, batch: int = 8, length: int = 128, steps: int = 5, gen_batch: int = 16,
                         gen_tokens: int = 64, generation: bool = True) -> dict[str, Any]:
    torch.manual_seed(0)
    config = PolicyConfig(lora_r=16, lora_alpha=32, minibatch_size=batch, loss_type="dapo", device="cpu")
    examples = _batch(build_tiny_tokenizer(), batch, length)
    ours, ours_loss = bench_ours(config, examples, steps)
    trl, trl_loss = bench_trl(config, examples, steps)
    check_same_work(ours_loss, trl_loss)
    report: dict[str, Any] = {
        "first_step_loss_ours": ours_loss, "first_step_loss_trl": trl_loss,
        "model": f"tiny llama {TINY}", "batch": batch, "completion_tokens": length, "steps": steps,
        "threads": torch.get_num_threads(), "ours_tokens_per_s": ours, "trl_tokens_per_s": trl, "ratio": ours / trl,
    }
    if generation:
        gen = bench_generation(PolicyConfig(device="cpu"), batch=gen_batch, new_tokens=gen_tokens)
        report.update(gen_model="SmolLM2-135M-Instruct (embedded)", gen_batch=gen_batch, gen_new_tokens=gen_tokens,
                      gen_tokens_per_s_b1=gen["b1"], gen_tokens_per_s_batch=gen["batch"])
    return report


def format_table(r: dict[str, Any]) -> str:
    lines = [
        f"update: {r['model']}, batch {r['batch']} x {r['completion_tokens']} completion tokens, {r['steps']} steps, "
        f"{r['threads']} threads",
        f"  first step's loss: ours {r['first_step_loss_ours']:.6f}, "
        f"TRL {r['first_step_loss_trl']:.6f} (checked equal)",
        f"  {'':<28}{'tokens/s':>10}",
        f"  {'ours (run_update)':<28}{r['ours_tokens_per_s']:>10.0f}",
        f"  {'TRL GRPOTrainer loss step':<28}{r['trl_tokens_per_s']:>10.0f}",
        f"  ours / TRL: {r['ratio']:.2f}x (target >= 1.0x)",
    ]
    if "gen_tokens_per_s_b1" in r:
        lines += [
            f"generation: {r['gen_model']}, {r['gen_new_tokens']} new tokens",
            f"  batch 1{'':<21}{r['gen_tokens_per_s_b1']:>10.1f}",
            f"  batch {r['gen_batch']} (G x P){'':<13}{r['gen_tokens_per_s_batch']:>10.1f}",
        ]
    return "\n".join(lines)


# --- `paint-pipeline bench sample`: a cycle's rollouts, decoded four ways -------------------------------------

# (label, batch size (None: the whole cycle), finished rows leave the batch, the KV cache grows in place)
SAMPLING_WAYS = (
    ("earlier: batches of 16, finished rows ride along", 16, False, False),
    ("one batch, finished rows ride along", None, False, False),
    ("one batch, finished rows leave it", None, True, False),
    ("ours: ... and the KV cache grows in place", None, True, True),
)


def run_sampling_benchmark(config: PolicyConfig, *, checkpoint=None, prompts: int = 6, group: int = 4,
                           temperature: float = 0.6, max_new_tokens: int | None = None, seed: int = 1,
                           system_prompt: str | None = None, progress: bool = True) -> dict[str, Any]:
    """The same rollouts (first `prompts` validation prompts x `group`, fixed seeds) decoded each of SAMPLING_WAYS.

    Each row draws from its own generator, so every way must produce the very same tokens: the report says
    whether it did, next to the seconds each took.
    """
    from paint_pipeline.policy.policy_io import load_policy, system_prompt_for
    from paint_pipeline.policy.sampling import generate
    from paint_pipeline.prompts import load_split

    chosen = [(p.prompt_id, p.prompt) for p in load_split("validation")[:prompts]]
    model, tokenizer, profile = load_policy(config, checkpoint)
    budget = max_new_tokens or profile.max_new_tokens
    n = len(chosen) * group
    system_prompt = system_prompt or system_prompt_for(config, checkpoint)
    generate(model, tokenizer, chosen[:1], group_size=1, temperature=temperature, max_new_tokens=4)  # warm-up
    ways, reference = [], None
    for label, batch, prune, grow in SAMPLING_WAYS:
        started = time.perf_counter()
        rollouts = generate(model, tokenizer, chosen, group_size=group, temperature=temperature,
                            max_new_tokens=budget, base_seed=seed, batch_size=batch or n, progress=progress,
                            system_prompt=system_prompt, stop_repeats=config.stop_repeats,
                            decoding_guards=config.decoding_guards, prune_finished=prune, grow_in_place=grow)
        elapsed = time.perf_counter() - started
        tokens = [r.completion_token_ids for r in rollouts]
        reference = reference or tokens
        produced = sum(map(len, tokens))
        ways.append({"way": label, "batch": batch or n, "prune_finished": prune, "grow_in_place": grow,
                     "seconds": elapsed, "tokens": produced, "tokens_per_s": produced / elapsed,
                     "same_samples": tokens == reference})
    for w in ways:
        w["speedup"] = ways[0]["seconds"] / w["seconds"]
    lengths = sorted(len(t) for t in reference)
    return {"model": config.base_model, "checkpoint": str(checkpoint or "base"), "rollouts": n,
            "max_new_tokens": budget, "guards": list(config.decoding_guards), "temperature": temperature,
            "threads": torch.get_num_threads(), "completion_tokens_min_median_max":
            [lengths[0], lengths[len(lengths) // 2], lengths[-1]], "ways": ways}


def format_sampling_table(r: dict[str, Any]) -> str:
    lo, mid, hi = r["completion_tokens_min_median_max"]
    lines = [
        f"sampling: {r['model']} ({r['checkpoint']}), {r['rollouts']} rollouts at T={r['temperature']}, "
        f"guards {','.join(r['guards']) or 'none'}, budget {r['max_new_tokens']} tokens, {r['threads']} threads",
        f"completion tokens: min {lo}, median {mid}, max {hi}",
        f"  {'':<50}{'seconds':>9}{'tokens/s':>10}{'speed-up':>10}  same samples",
    ]
    for w in r["ways"]:
        lines.append(f"  {w['way']:<50}{w['seconds']:>9.1f}{w['tokens_per_s']:>10.1f}{w['speedup']:>9.2f}x  "
                     f"{'yes' if w['same_samples'] else 'NO'}")
    return "\n".join(lines)
