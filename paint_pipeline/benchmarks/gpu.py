"""GPU benchmark for a lent accelerator: generation and GRPO-update tokens/s, and the share of bf16 peak.

Needs nothing from the internet: a randomly initialised model of about 0.5B parameters (Qwen2-0.5B's shape,
built from a config) with LoRA r=16, our sampler and our update loop. Runs in well under 5 minutes on one
modern GPU:

    paint-pipeline bench gpu [--json]

Achieved FLOP/s use the usual estimate of 2 * parameters per token forward and 6 per token for
forward + backward (LoRA still back-propagates through the frozen weights to reach earlier adapters, so
the backward pass costs about as much as full fine-tuning minus the weight gradients: ~4 * params).
"""

from __future__ import annotations

import argparse
import json
import time

# Dense bf16 peak (TFLOP/s) by device name fragment; used only to report the achieved share.
BF16_PEAK_TFLOPS = {"H200": 989.0, "H100": 989.0, "A100": 312.0, "L40S": 362.0, "L4": 121.0, "A10": 125.0,
                    "T4": 65.0, "V100": 125.0}


def build_model():
    import torch
    from transformers import AutoModelForCausalLM, Qwen2Config

    config = Qwen2Config(vocab_size=32000, hidden_size=896, intermediate_size=4864, num_hidden_layers=24,
                         num_attention_heads=14, num_key_value_heads=2, max_position_embeddings=4096,
                         tie_word_embeddings=True)
    torch.manual_seed(0)
    return AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16).cuda()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--batch", type=int, default=64, help="sequences (G x P)")
    parser.add_argument("--prompt-tokens", type=int, default=256)
    parser.add_argument("--new-tokens", type=int, default=256)


def run(args: argparse.Namespace) -> int:
    import torch

    if not torch.cuda.is_available():
        raise SystemExit("bench gpu needs a CUDA device")
    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.models import add_lora
    from paint_pipeline.policy.update import Example, make_optimizer, run_update

    torch.backends.cuda.matmul.allow_tf32 = True
    name = torch.cuda.get_device_name(0)
    peak = next((v for k, v in BF16_PEAK_TFLOPS.items() if k in name), None)
    model = build_model()
    params = sum(p.numel() for p in model.parameters())
    config = PolicyConfig(lora_r=16, lora_alpha=32, minibatch_size=args.batch, device="cuda", dtype="bfloat16")
    model = add_lora(model, config)

    # Generation: a KV-cached decode of new_tokens for the whole batch (EOS never stops it: random weights).
    g = torch.Generator(device="cpu").manual_seed(0)
    prompt = torch.randint(100, 32000, (args.batch, args.prompt_tokens), generator=g).cuda()
    model.eval()
    with torch.no_grad():
        for warm in (True, False):
            torch.cuda.synchronize()
            started = time.perf_counter()
            out = model(input_ids=prompt, use_cache=True)
            cache, token = out.cache, out.logits[:, -1:].argmax(-1)
            steps = 8 if warm else args.new_tokens
            for _ in range(steps):
                out = model(input_ids=token, cache=cache, use_cache=True)
                cache, token = out.cache, torch.multinomial(torch.softmax(out.logits[:, -1].float(), -1), 1)
            torch.cuda.synchronize()
            gen_s = time.perf_counter() - started
    gen_tokens_per_s = args.batch * args.new_tokens / gen_s

    # Update: our GRPO loop on the same shapes.
    examples = [Example(prompt[i].tolist(), torch.randint(100, 32000, (args.new_tokens,), generator=g).tolist(),
                        (-torch.rand(args.new_tokens, generator=g) * 3).tolist(), float(torch.randn(1, generator=g)),
                        1.0) for i in range(args.batch)]
    optimizer, scheduler = make_optimizer(model, config)
    kwargs = dict(max_new_tokens=args.new_tokens, pad_id=0, micro_batch_size=16)
    run_update(model, examples, config, optimizer, scheduler, start_step=0, steps=1, **kwargs)
    torch.cuda.synchronize()
    started = time.perf_counter()
    steps = 3
    run_update(model, examples, config, optimizer, scheduler, start_step=1, steps=steps, **kwargs)
    torch.cuda.synchronize()
    update_s = time.perf_counter() - started
    tokens = steps * args.batch * (args.prompt_tokens + args.new_tokens)
    update_tokens_per_s = steps * args.batch * args.new_tokens / update_s
    achieved = 6 * params * tokens / update_s / 1e12
    report = {
        "device": name, "parameters": params, "batch": args.batch, "prompt_tokens": args.prompt_tokens,
        "new_tokens": args.new_tokens, "gen_tokens_per_s": gen_tokens_per_s,
        "update_completion_tokens_per_s": update_tokens_per_s, "update_tflops": achieved,
        "bf16_peak_tflops": peak, "share_of_peak": achieved / peak if peak else None,
        "peak_memory_gb": torch.cuda.max_memory_allocated() / 2**30,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k:32} {v:.4g}" if isinstance(v, float) else f"{k:32} {v}")
    return 0
