"""The GRPO update on a CPU: rollouts one per forward pass against four, same weights, same rollouts.

    paint-pipeline bench update-micro-batch [--steps 2] [--rollouts 6]

The policy is the embedded default with a fresh LoRA adapter (its B moved off zero, as after any update).
The rollouts are real sketches: procedural sketches of the first training prompts, with their chat prompts,
stored log-probs of -1 and advantages of alternating sign, so the clipped ratio and every token count. Each
way starts from the same adapter with a fresh optimizer and runs `run_update` for --steps optimizer steps
over all the rollouts (one mini-batch), after a warm-up step that is not timed. It prints seconds per step,
the peak resident memory after each way (micro-batch 1 runs first, so the second figure is the high-water
mark of both), and how far the two runs' step losses and final adapters are apart.
"""

from __future__ import annotations

import argparse
import resource
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--steps", type=int, default=2, help="timed optimizer steps per way (after one warm-up)")
    parser.add_argument("--rollouts", type=int, default=6, help="rollouts per step (the default profile's 6)")


def run(args: argparse.Namespace) -> int:
    import torch

    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.prompting import render_chat
    from paint_pipeline.policy.tiny import move_lora_b_off_zero
    from paint_pipeline.policy.train import build_policy
    from paint_pipeline.policy.update import Example, make_optimizer, run_update
    from paint_pipeline.prompts import load_split
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import completion_text

    settings = load_settings("default")
    config = settings.policy_config().replace(minibatch_size=args.rollouts)
    profile = resolve(config)
    model, tokenizer = build_policy(config, profile, None)
    move_lora_b_off_zero(model, std=0.02, seed=config.seed)
    start = {n: p.detach().clone() for n, p in model.named_parameters() if p.requires_grad}
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")[: args.rollouts]], per_prompt=1,
                   seed=config.seed)
    examples = []
    for i, (prompt, code) in enumerate(pairs[: args.rollouts]):
        completion = tokenizer(completion_text(code), add_special_tokens=False).input_ids[: profile.max_new_tokens]
        prompt_ids = tokenizer(render_chat(tokenizer, prompt, config.system_prompt), add_special_tokens=False).input_ids
        examples.append(Example(prompt_ids, completion, [-1.0] * len(completion), 1.0 if i % 2 else -1.0, 0.5))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    seconds, losses, finals, peak = {}, {}, {}, {}
    for micro in (1, 4):
        with torch.no_grad():
            for n, p in model.named_parameters():
                if n in start:
                    p.copy_(start[n])
        optimizer, scheduler = make_optimizer(model, config)
        kwargs = dict(max_new_tokens=profile.max_new_tokens, pad_id=pad, micro_batch_size=micro)
        history = run_update(model, examples, config, optimizer, scheduler, start_step=0, steps=1, **kwargs)
        started = time.perf_counter()
        history += run_update(model, examples, config, optimizer, scheduler, start_step=1, steps=args.steps, **kwargs)
        seconds[micro] = (time.perf_counter() - started) / args.steps
        losses[micro] = [m["loss"] for m in history]
        finals[micro] = torch.cat([p.detach().flatten() for n, p in model.named_parameters() if n in start])
        peak[micro] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print(f"micro-batch {micro}: {seconds[micro]:.1f} s/step, losses {losses[micro]}", flush=True)
    tokens = sum(len(e.prompt_token_ids) + len(e.completion_token_ids) for e in examples)
    print(f"\nGRPO update, {len(examples)} rollouts a step ({tokens} tokens), {torch.get_num_threads()} threads")
    print("| micro-batch | s/step | peak RSS after (GB) |\n|---|---|---|")
    for micro in (1, 4):
        print(f"| {micro} | {seconds[micro]:.1f} | {peak[micro]:.1f} |")
    moved = (finals[4] - start_flat(start)).norm()
    apart = (finals[1] - finals[4]).norm()
    dloss = max(abs(a - b) for a, b in zip(losses[1], losses[4]))
    print(f"\nmicro-batch 1 is {seconds[4] / seconds[1]:.2f}x the speed of 4; the adapters end {apart / moved:.1e} of "
          f"their move apart; largest step-loss difference {dloss:.1e}")
    return 0


def start_flat(start: dict) -> torch.Tensor:
    import torch

    return torch.cat([t.flatten() for t in start.values()])
