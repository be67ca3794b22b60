"""One warm-start step two ways, on the same weights and the same batches of the real corpus.

    paint-pipeline bench warm-start-step [--steps 3] [--profile default]

"padded" is the step the warm start took until it went pairwise: one right-padded forward of the batch and
transformers' own loss (`backward_padded`). "pairwise" is what `sft` runs on a CPU now (`backward_batch` with one pair
per pass): each pair on its own, logits for its answer tokens only, the batch mean's gradient accumulated. No
optimizer step is taken, so both see the same weights; after a warm-up batch each, the next --steps batches of the
warm start's own order are timed. It prints seconds per step, the tokens each way puts through the model, the peak
resident memory after each way (the pairwise way runs first, so the padded figure is the high-water mark of both),
and how far the two gradients and losses are apart.
"""

from __future__ import annotations

import argparse
import resource
import time


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--steps", type=int, default=3, help="timed batches per way (after one warm-up batch)")
    parser.add_argument("--profile", default="default", help="pipeline profile whose warm start is measured")


def run(args: argparse.Namespace) -> int:
    import torch

    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.tiny import move_lora_b_off_zero
    from paint_pipeline.policy.train import build_policy
    from paint_pipeline.prompts import load_split
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import backward_batch, backward_padded, batch_order, encode_corpus

    settings = load_settings(args.profile)
    config = settings.policy_config()
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")], per_prompt=settings.warm_start_per_prompt,
                   seed=config.seed)
    model, tokenizer = build_policy(config, resolve(config), None)
    move_lora_b_off_zero(model, std=0.02, seed=config.seed)  # as after a first step: A gets a gradient too
    encoded, _ = encode_corpus(tokenizer, pairs, settings.warm_start_max_len, config.system_prompt)
    batches = batch_order(encoded, settings.warm_start_batch_size, config.seed)
    batches = [next(batches) for _ in range(args.steps + 1)]
    params = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    model.train()
    ways = {"pairwise": lambda b: backward_batch(model, b, "cpu", micro_batch_size=1),
            "padded": lambda b: backward_padded(model, b, "cpu", pad)}
    seconds, losses, grads, peak = {}, {}, {}, {}
    for way, backward in ways.items():
        seconds[way], losses[way], grads[way] = [], [], []
        for i, batch in enumerate(batches):
            model.zero_grad(set_to_none=True)
            started = time.perf_counter()
            loss = backward(batch)
            if i:  # the first batch warms up
                seconds[way].append(time.perf_counter() - started)
                losses[way].append(loss)
                grads[way].append(torch.cat([p.grad.flatten() for _, p in params]))
            print(f"{way} batch {i}: {time.perf_counter() - started:.1f} s", flush=True)
        peak[way] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    timed = batches[1:]
    tokens = {"pairwise": sum(len(ids) for b in timed for ids, _ in b),
              "padded": sum(len(b) * max(len(ids) for ids, _ in b) for b in timed)}
    print(f"\nwarm-start step, profile {args.profile!r}: {args.steps} batches of {settings.warm_start_batch_size}, "
          f"{torch.get_num_threads()} threads")
    print("| way | s/step | tokens through the model | peak RSS after (GB) |\n|---|---|---|---|")
    for way in ways:
        print(f"| {way} | {sum(seconds[way]) / len(seconds[way]):.1f} | {tokens[way]} | {peak[way]:.1f} |")
    rel = max(float((a - b).norm() / b.norm()) for a, b in zip(grads["pairwise"], grads["padded"]))
    dloss = max(abs(a - b) for a, b in zip(losses["pairwise"], losses["padded"]))
    speedup = sum(seconds["padded"]) / sum(seconds["pairwise"])
    print(f"\npairwise is {speedup:.2f}x the padded step's speed; largest gradient difference |g1-g2|/|g2| "
          f"{rel:.1e}, largest loss difference {dloss:.1e}")
    return 0
