"""How far the sampler's log-probs lie from the update's, per compute dtype, on the real policy.

    paint-pipeline analyze sampler-update-gap [--checkpoint artifacts/checkpoints/warm-start] [--prompts 4]
        [--group 2] [--tokens 96] [--dtypes float32,bfloat16]

For each dtype: samples G completions of the first validation prompts with the sampler (KV-cached decoding),
then recomputes their log-probs with the update's forward pass in the cycle's micro-batches, and prints the
gap |l_update - l_sampler| (mean, 99th percentile, max over tokens) and the truncated importance weights
min(exp(l_update - l_sampler), 3) that `old_logprobs = "recompute"` would apply. The dtypes run on the same
prompts and seeds. fp32's gap is rounding (~1e-6); a bf16 gap is what the correction is for.
"""

from __future__ import annotations

import argparse
import time


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--checkpoint", default=None, help="a checkpoint folder (default: the base model)")
    parser.add_argument("--prompts", type=int, default=4)
    parser.add_argument("--group", type=int, default=2)
    parser.add_argument("--tokens", type=int, default=96)
    parser.add_argument("--dtypes", default="float32,bfloat16")


def run(args: argparse.Namespace) -> int:
    import numpy as np
    import torch

    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.policy_io import load_policy, system_prompt_for
    from paint_pipeline.policy.sampling import generate
    from paint_pipeline.policy.update import Example, completion_logprobs_of, cycle_minibatches, importance_weights
    from paint_pipeline.prompts import load_split

    prompts = [(p.prompt_id, p.prompt) for p in load_split("validation")[: args.prompts]]
    print(f"torch {torch.__version__}, CPU capability {torch.backends.cpu.get_cpu_capability()}, "
          f"{torch.get_num_threads()} threads; {len(prompts)} prompts x {args.group}, up to {args.tokens} tokens")
    print(f"{'dtype':<10}{'tokens':>8}{'gap mean':>11}{'gap p99':>11}{'gap max':>11}{'IS w min':>10}{'IS w max':>10}"
          f"{'capped':>8}{'seconds':>9}")
    for dtype in args.dtypes.split(","):
        started = time.perf_counter()
        config = PolicyConfig(device="cpu", dtype=dtype)
        model, tokenizer, profile = load_policy(config, args.checkpoint)
        rollouts = generate(model, tokenizer, prompts, group_size=args.group, temperature=0.7,
                            max_new_tokens=args.tokens, base_seed=0,
                            system_prompt=system_prompt_for(config, args.checkpoint),
                            batch_size=len(prompts) * args.group)
        examples = [Example(r.prompt_token_ids, r.completion_token_ids, r.sampling_logprobs, 0.0, r.temperature)
                    for r in rollouts if r.completion_token_ids]
        plan = cycle_minibatches(len(examples), 1, len(examples), 0, 0)
        recomputed = completion_logprobs_of(model, examples, plan, pad_id=tokenizer.pad_token_id,
                                            micro_batch_size=profile.micro_batch_size)
        gaps = np.concatenate([np.abs(np.asarray(a) - np.asarray(e.sampling_logprobs))
                               for a, e in zip(recomputed, examples)])
        from dataclasses import replace

        _, stats = importance_weights([replace(e, recomputed_logprobs=a) for e, a in zip(examples, recomputed)], 3.0)
        print(f"{dtype:<10}{gaps.size:>8}{gaps.mean():>11.2e}{np.percentile(gaps, 99):>11.2e}{gaps.max():>11.2e}"
              f"{stats['is_weight_min']:>10.4f}{stats['is_weight_max']:>10.4f}{stats['is_weight_capped_share']:>8.1%}"
              f"{time.perf_counter() - started:>9.1f}")
    return 0
