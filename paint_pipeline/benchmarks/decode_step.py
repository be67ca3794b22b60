"""What one decoding step of the sampler costs, with transformers' DynamicCache and with ours grown in place.

    paint-pipeline bench decode-step [--rows 24] [--contexts 717,1100,1700] [--steps 10]

The embedded default (SmolLM2-135M-Instruct) decodes `--rows` rows at each context length (the prompt of the
default system prompt is ~720 tokens; a 1,024-token completion ends near 1,740), first with `DynamicCache`,
then with `kv_cache.growing_cache`, and prints the milliseconds per step side by side with the largest logit
difference between the two (0 when they agree bit for bit). Then the torch profiler names the share of a
`DynamicCache` step spent in `aten::cat` (the per-step copy of the cache) at the middle context.
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--contexts", default="717,1100,1700")
    parser.add_argument("--steps", type=int, default=10)


def decode(model, cache, *, rows: int, context: int, steps: int) -> tuple[float, torch.Tensor]:
    """(ms per step, the last step's logits) after a prefill of `context` tokens."""
    import torch

    with torch.no_grad():
        out = model(input_ids=torch.full((rows, context), 100), cache=cache, use_cache=True, logits_to_keep=1)
        token = torch.full((rows, 1), 100)
        started = time.perf_counter()
        for _ in range(steps):
            out = model(input_ids=token, cache=out.cache, use_cache=True, logits_to_keep=1)
        return (time.perf_counter() - started) / steps * 1000, out.logits


def cat_share(model, *, rows: int, context: int, steps: int) -> float:
    import torch
    from torch.profiler import ProfilerActivity, profile
    from transformers.cache_utils import DynamicCache

    with torch.no_grad():
        out = model(input_ids=torch.full((rows, context), 100), cache=DynamicCache(config=model.config),
                    use_cache=True, logits_to_keep=1)
        token = torch.full((rows, 1), 100)
        with profile(activities=[ProfilerActivity.CPU]) as prof:
            for _ in range(steps):
                out = model(input_ids=token, cache=out.cache, use_cache=True, logits_to_keep=1)
    events = prof.key_averages()
    total = sum(e.self_cpu_time_total for e in events)
    return sum(e.self_cpu_time_total for e in events if e.key == "aten::cat") / total


def run(args: argparse.Namespace) -> int:
    import torch
    from transformers.cache_utils import DynamicCache

    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.kv_cache import growing_cache
    from paint_pipeline.policy.models import load_base, resolve_base_model

    contexts = [int(c) for c in args.contexts.split(",")]
    config = PolicyConfig()
    model = load_base(resolve_base_model(config.base_model, config.models_dir)).eval()
    print(f"{config.base_model}: {args.rows} rows, {args.steps} decoding steps per context, "
          f"{torch.get_num_threads()} threads")
    print(f"{'context':>8}{'DynamicCache ms':>17}{'grown in place ms':>19}{'speed-up':>10}{'max |logit diff|':>18}")
    for context in contexts:
        copied, logits_copied = decode(model, DynamicCache(config=model.config), rows=args.rows, context=context,
                                          steps=args.steps)
        grown, logits_grown = decode(model, growing_cache(model), rows=args.rows, context=context,
                                        steps=args.steps)
        diff = (logits_copied - logits_grown).abs().max().item()
        print(f"{context:>8}{copied:>17.1f}{grown:>19.1f}{copied / grown:>9.2f}x{diff:>18.2e}")
    middle = contexts[len(contexts) // 2]
    share = cat_share(model, rows=args.rows, context=middle, steps=min(args.steps, 5))
    print(f"DynamicCache at {middle} tokens: {share:.0%} of a step's CPU time in aten::cat")
    return 0
