"""CPU training and sampling in fp32 against bf16, stage by stage, against this machine's own limits.

    paint-pipeline bench cpu-bf16 [--rounds 5] [--decode-tokens 48] [--prompts 2]

The policy is the embedded default (SmolLM2-135M-Instruct) with a LoRA adapter, fp32 master weights. Ways:
- fp32: as the project trains and samples today;
- bf16 autocast: the same fp32 weights under `torch.autocast("cpu", dtype=torch.bfloat16)` (matmuls in bf16,
  reductions in fp32), what a training stage would use (fp32 master weights and optimizer state);
- bf16 frozen base (warm start only): bf16 autocast over a copy whose frozen base Linear weights are stored
  in bf16 (LoRA, embeddings, head and norms fp32): the same products, without converting those weights on each
  pass; it says whether the casts a bf16 pass spends are the weights' or the activations';
- bf16 weights (sampling only): a bf16 copy of the model, so a decoding step reads half the bytes and casts
  nothing.

Stages: the matmuls of the model's own shapes (the best is the dtype's peak on this machine), one warm-start
pair forward and backward (`backward_batch`, a real procedural sketch), one GRPO update step (`run_update`, two
real rollouts), and sampling (`generate`, --prompts prompts x 2, --decode-tokens new tokens each). The ways of a
stage run interleaved, round by round, in alternating order; each row prints the median seconds of each way, the
median of the per-round ratios and their range. Achieved FLOP/s is model work over time: 4·N·T for a training pass
(forward 2·N·T, backward through the frozen base 2·N·T: LoRA leaves no weight gradients in it) and 2·N·T for
decoding, as a share of the matmul peak of the dtype that does the work. Decoding is also set against the
memory-bandwidth bound: each step reads every weight once (N x bytes per weight) at the measured copy
bandwidth. Last, one warm-start pass of each way under torch.profiler, its self time split by operator kind
(matmuls, attention, casts, loss, norms, elementwise, autograd), says where the time the matmuls do not take goes.

On a CPU without bf16 units, bf16 runs through emulated paths tens of times slower than fp32; the benchmark says
which units it found and what `cpu_bf16 = "auto"` chooses there (fp32 everywhere, as "off": the project runs as
before), measures both dtypes' matmul peak (the emulation's rate, in seconds), and times the stages in fp32
only: the way each of them runs there. `--emulated-bf16` times the bf16 ways too (an hour rather than minutes).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per stage (each way once a round)")
    parser.add_argument("--decode-tokens", type=int, default=48, help="new tokens per sampled sequence")
    parser.add_argument("--prompts", type=int, default=2, help="prompts sampled per call (2 sequences each)")
    parser.add_argument("--emulated-bf16", action="store_true",
                        help="on a CPU without bf16 units, time the stages' bf16 ways too (emulated: slow)")


def cpu_facts() -> dict:
    import torch

    from paint_pipeline.policy.hardware import cpu_bf16_units

    name = "unknown"
    try:
        name = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name")), name)
    except OSError:
        pass
    return {"cpu": name, "bf16_units": cpu_bf16_units(),
            "capability": torch.backends.cpu.get_cpu_capability(), "threads": torch.get_num_threads()}


def auto_choice(config, units: tuple[str, ...]) -> str:
    """What `cpu_bf16 = "auto"` makes of this CPU's units, said in one line: on a CPU without them the stages stay
    fp32, exactly as with "off", so the project runs as it did before the switch (the bf16 rows below then time
    emulated paths the project never takes)."""
    from paint_pipeline.policy.hardware import cpu_bf16_stages

    if cpu_bf16_stages(config.replace(cpu_bf16="auto", dtype=None, device="cpu"), units) is None:
        return ('with cpu_bf16 = "auto" every stage stays fp32 on this CPU (no bf16 units), as with "off": nothing '
                'changes; bf16 here would run through emulated paths the project never takes')
    return (f'with cpu_bf16 = "auto" this CPU ({", ".join(units)}) trains under bf16 autocast over fp32 weights '
            'and samples and evaluates with bf16 weights')


def interleaved(ways: dict, rounds: int) -> dict[str, list[float]]:
    """Seconds of each way per round; the order alternates every round, so a drift of the machine's speed
    lands on both ways. One untimed call of each way first (allocations, one-time casts)."""
    for fn in ways.values():
        fn()
    names = list(ways)
    seconds = {name: [] for name in names}
    for r in range(rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            started = time.perf_counter()
            ways[name]()
            seconds[name].append(time.perf_counter() - started)
    return seconds


def ratio_summary(seconds: dict[str, list[float]], base: str, other: str) -> str:
    ratios = sorted(b / o for b, o in zip(seconds[base], seconds[other]))
    return f"{statistics.median(ratios):.2f}x [{ratios[0]:.2f}-{ratios[-1]:.2f}]"


# Operator kinds of a training pass, by aten name; the first kind whose fragment a name contains wins.
OP_KINDS = ("attention", "matmul", "casts and copies", "loss and softmax", "norms and activations",
            "elementwise", "autograd nodes")
_KIND_FRAGMENTS = (
    ("attention", ("scaled_dot_product", "flash_attention")),
    ("matmul", ("aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "mkldnn", "aten::linear",
                "aten::matmul")),
    ("casts and copies", ("aten::to", "aten::_to_copy", "aten::copy_", "aten::clone", "aten::contiguous",
                          "aten::cat", "aten::empty", "aten::zeros", "aten::fill_")),
    ("loss and softmax", ("softmax", "nll_loss", "cross_entropy", "logsumexp")),
    ("norms and activations", ("rsqrt", "pow", "mean", "silu", "sigmoid", "tanh", "gelu")),
    ("elementwise", ("aten::mul", "aten::add", "aten::sub", "aten::div", "aten::neg", "aten::sum",
                     "aten::where", "aten::masked_fill")),
    ("autograd nodes", ("Backward", "autograd::")),
)


def op_kind(name: str) -> str:
    for kind, fragments in _KIND_FRAGMENTS:
        if any(fragment in name for fragment in fragments):
            return kind
    return "other"


def op_breakdown(run) -> dict[str, float]:
    """Seconds of self CPU time per operator kind over one call of `run` (one untimed call first)."""
    from torch.profiler import ProfilerActivity, profile

    run()
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        run()
    seconds: dict[str, float] = {}
    for event in prof.key_averages():
        kind = op_kind(event.key)
        seconds[kind] = seconds.get(kind, 0.0) + event.self_cpu_time_total / 1e6
    return seconds


def with_frozen_base_in_bf16(model):
    """A copy of a LoRA model whose frozen base Linear layers hold bf16 weights (LoRA matrices, embeddings, the
    output head and norms stay fp32): under bf16 autocast its matmuls compute the same products as the fp32
    model's (autocast rounds each weight to bf16 anyway) without converting the frozen weights on every pass."""
    import copy

    import torch

    twin = copy.deepcopy(model)
    head = twin.get_output_embeddings()
    for module in twin.modules():  # frozen: the LoRA matrices train, so they stay fp32
        if isinstance(module, torch.nn.Linear) and module is not head and not module.weight.requires_grad:
            module.to(torch.bfloat16)
    return twin


PEAK_TOKENS = 1024  # about a warm-start pair (926 tokens for the longest of the benchmark's four)


def matmul_probe(dtype, m: int, k: int, n: int, repeats: int = 20):
    """A callable of `repeats` (m x k) @ (k x n) products in `dtype`, and its FLOPs."""
    import torch

    a, b = torch.randn(m, k, dtype=dtype), torch.randn(k, n, dtype=dtype)

    def run():
        for _ in range(repeats):
            torch.mm(a, b)
    return run, 2.0 * m * k * n * repeats


def copy_bandwidth_gb_s(megabytes: int = 256, repeats: int = 5) -> float:
    """Best read+write rate of a large tensor copy: the memory roof a decoding step runs into."""
    import torch

    x = torch.empty(megabytes * 2**20 // 4, dtype=torch.float32).uniform_()
    y = torch.empty_like(x)
    best = 0.0
    for _ in range(repeats):
        started = time.perf_counter()
        y.copy_(x)
        best = max(best, 2 * x.numel() * 4 / (time.perf_counter() - started) / 1e9)
    return best


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch

    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.models import resolve_base_model
    from paint_pipeline.policy.prompting import render_chat
    from paint_pipeline.policy.sampling import generate
    from paint_pipeline.policy.tiny import move_lora_b_off_zero
    from paint_pipeline.policy.train import build_policy
    from paint_pipeline.policy.update import Example, make_optimizer, run_update
    from paint_pipeline.prompts import load_split
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import backward_batch, completion_text, encode_corpus

    facts = cpu_facts()
    print(f"CPU: {facts['cpu']}; bf16 units: {', '.join(facts['bf16_units']) or 'none'}; torch capability "
          f"{facts['capability']}; {facts['threads']} threads; torch {torch.__version__}", flush=True)
    settings = load_settings("default")
    config = settings.policy_config()
    print(auto_choice(config, facts["bf16_units"]), flush=True)
    time_bf16 = bool(facts["bf16_units"]) or args.emulated_bf16
    if not time_bf16:
        print("the stages below are timed in fp32 only, the way each runs on this CPU (--emulated-bf16 times "
              "the emulated bf16 ways too)", flush=True)
    profile = resolve(config)
    resolve_base_model(config.base_model, config.models_dir)  # the GGUF converted once, before any timing
    model, tokenizer = build_policy(config, profile, None)
    move_lora_b_off_zero(model, std=0.02, seed=config.seed)
    n_params = sum(p.numel() for name, p in model.named_parameters() if "lora_" not in name)
    hidden, inter = model.config.hidden_size, model.config.intermediate_size
    bf16 = lambda: torch.autocast("cpu", dtype=torch.bfloat16)  # noqa: E731
    rows = []

    # The limits: the best rate of the model's own matmul shapes over a warm-start pair's worth of tokens (a
    # smaller probe understates the peak: the pass's own matmuls then run above it), and memory.
    peaks = {"fp32": 0.0, "bf16": 0.0}
    for shape in ((PEAK_TOKENS, hidden, inter), (PEAK_TOKENS, inter, hidden), (PEAK_TOKENS, hidden, hidden)):
        ways, work = {}, {}
        for label, dtype in (("fp32", torch.float32), ("bf16", torch.bfloat16)):
            # Emulated bf16 runs one product a call: twenty would take minutes per shape.
            ways[label], work[label] = matmul_probe(dtype, *shape, repeats=20 if time_bf16 or label == "fp32" else 1)
        seconds = interleaved(ways, args.rounds)
        for label in ways:
            peaks[label] = max(peaks[label], work[label] / min(seconds[label]) / 1e9)
        # Rows compare seconds per product, so both ways' repeats are on one scale.
        seconds = {label: [t * work["fp32"] / work[label] for t in ts] for label, ts in seconds.items()}
        rows.append(("matmul " + "x".join(map(str, shape)), seconds, "fp32", "bf16", None))
    bandwidth = copy_bandwidth_gb_s()
    print(f"matmul peak (best of the model's shapes at {PEAK_TOKENS} tokens): fp32 {peaks['fp32']:.1f}, bf16 "
          f"{peaks['bf16']:.1f} GFLOP/s; copy bandwidth {bandwidth:.1f} GB/s", flush=True)

    # Warm start: one real pair, forward and backward.
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")[:4]], per_prompt=1, seed=config.seed)
    encoded, _ = encode_corpus(tokenizer, pairs, settings.warm_start_max_len, config.system_prompt)
    pair = max(encoded, key=lambda e: len(e[0]))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    model.train()

    def warm_step(target, context):
        def run():  # as the warm start calls it: forward and loss under the context, backward outside it
            backward_batch(target, [pair], "cpu", micro_batch_size=1, pad=pad, autocast=context)
            target.zero_grad(set_to_none=True)
        return run
    warm_ways = {"fp32": (model, contextlib.nullcontext)}
    frozen_bf16 = None
    if time_bf16:  # the twin is a whole copy of the model: made only when its way is timed
        frozen_bf16 = with_frozen_base_in_bf16(model)
        warm_ways.update({"bf16 autocast": (model, bf16), "bf16 frozen base": (frozen_bf16, bf16)})
    seconds = interleaved({way: warm_step(*how) for way, how in warm_ways.items()}, args.rounds)
    breakdown = {way: op_breakdown(warm_step(*how)) for way, how in warm_ways.items()}
    del frozen_bf16, warm_ways  # the twin's memory back before the update stage
    pair_flops = 4 * n_params * len(pair[0])
    for other in ("bf16 autocast", "bf16 frozen base") if time_bf16 else (None,):
        rows.append((f"warm-start pair fwd+bwd ({len(pair[0])} tokens)", seconds, "fp32", other, pair_flops))

    # The GRPO update: two real rollouts, one optimizer step (run_update: old log-probs from the sampler).
    examples = []
    for i, (prompt, code) in enumerate(pairs[:2]):
        completion = tokenizer(completion_text(code), add_special_tokens=False).input_ids[: profile.max_new_tokens]
        prompt_ids = tokenizer(render_chat(tokenizer, prompt, config.system_prompt), add_special_tokens=False).input_ids
        examples.append(Example(prompt_ids, completion, [-1.0] * len(completion), 1.0 if i % 2 else -1.0, 0.5))
    optimizer, scheduler = make_optimizer(model, config)

    def update_step(context):
        def run():
            run_update(model, examples, config.replace(minibatch_size=2), optimizer, scheduler, start_step=0,
                       steps=1, max_new_tokens=profile.max_new_tokens, pad_id=pad, micro_batch_size=1,
                       autocast=context)
        return run
    update_ways = {"fp32": update_step(contextlib.nullcontext)}
    if time_bf16:
        update_ways["bf16 autocast"] = update_step(bf16)
    seconds = interleaved(update_ways, args.rounds)
    tokens = sum(len(e.prompt_token_ids) + len(e.completion_token_ids) for e in examples)
    rows.append((f"GRPO update step (2 rollouts, {tokens} tokens)", seconds, "fp32",
                 "bf16 autocast" if time_bf16 else None, 4 * n_params * tokens))

    # Sampling: fp32 weights, the same under autocast, and a bf16 copy of the weights.
    model.eval()
    bf16_model = None
    prompts = [(p.prompt_id, p.prompt) for p in load_split("validation")[: args.prompts]]
    generated = {}

    def sample(which, context):
        def run():
            target = bf16_model if which == "bf16 weights" else model
            with context():
                out = generate(target, tokenizer, prompts, group_size=2, temperature=0.7,
                               max_new_tokens=args.decode_tokens, base_seed=1, batch_size=len(prompts) * 2,
                               system_prompt=config.system_prompt)
            generated[which] = sum(len(r.completion_token_ids) for r in out)
        return run
    import copy

    sample_ways = {"fp32": sample("fp32", contextlib.nullcontext)}
    if time_bf16:
        bf16_model = copy.deepcopy(model).to(torch.bfloat16)
        sample_ways.update({"bf16 autocast": sample("bf16 autocast", bf16),
                            "bf16 weights": sample("bf16 weights", contextlib.nullcontext)})
    seconds = interleaved(sample_ways, args.rounds)
    for other in ("bf16 autocast", "bf16 weights") if time_bf16 else (None,):
        rows.append((f"sampling {len(prompts) * 2} rows x {args.decode_tokens} tokens", seconds, "fp32", other,
                     None))

    print(f"\nN = {n_params / 1e6:.1f}M base parameters; {args.rounds} interleaved rounds per stage; "
          f"ratio = fp32 seconds / other seconds (median [min-max] over rounds)\n")
    print("| stage | fp32 s | other | other s | speed-up | fp32 % of peak | other % of peak |")
    print("|---|---|---|---|---|---|---|")
    for label, seconds, base, other, flops in rows:
        share = lambda way, peak: (f"{100 * flops / statistics.median(seconds[way]) / 1e9 / peak:.0f}%"  # noqa: E731
                                   if flops else "-")
        if other is None:  # fp32 only: a CPU without bf16 units
            print(f"| {label} | {statistics.median(seconds[base]):.3f} | - | - | - | "
                  f"{share(base, peaks['fp32'])} | - |")
            continue
        print(f"| {label} | {statistics.median(seconds[base]):.3f} | {other} | {statistics.median(seconds[other]):.3f} "
              f"| {ratio_summary(seconds, base, other)} | {share(base, peaks['fp32'])} | "
              f"{share(other, peaks['bf16'])} |")
    steps = len(prompts) * 2 * args.decode_tokens
    print("\nDecoding against its limits (tokens/s over all rows; the bound: rows x bandwidth / weight bytes):")
    for way, bytes_per_weight, peak in (("fp32", 4, peaks["fp32"]), ("bf16 autocast", 4, peaks["bf16"]),
                                        ("bf16 weights", 2, peaks["bf16"]))[: 3 if time_bf16 else 1]:
        rate = generated[way] / statistics.median(seconds[way])
        bound = len(prompts) * 2 * bandwidth * 1e9 / (n_params * bytes_per_weight)
        print(f"- {way}: {rate:.1f} tokens/s; memory bound {bound:.0f} tokens/s ({100 * rate / bound:.0f}%); "
              f"{100 * 2 * n_params * rate / 1e9 / peak:.0f}% of the matmul peak")
    print(f"(each sampled call made {steps} tokens at most; fewer when a row ended)")
    print(f"\nWhere a warm-start pair's time goes (torch.profiler, one pass of each way; self time per kind of "
          f"operator, so nothing is counted twice; the profiler's own overhead lands mostly on the small ops):\n")
    print("| kind | " + " | ".join(f"{way} s | {way} share" for way in breakdown) + " |")
    print("|---|" + "---|---|" * len(breakdown))
    totals = {way: sum(seconds_by_kind.values()) for way, seconds_by_kind in breakdown.items()}
    for kind in OP_KINDS + ("other",):
        cells = []
        for way, seconds_by_kind in breakdown.items():
            spent = seconds_by_kind.get(kind, 0.0)
            cells += [f"{spent:.3f}", f"{100 * spent / totals[way]:.0f}%"]
        print(f"| {kind} | " + " | ".join(cells) + " |")
    for way, dtype in (("fp32", "fp32"), ("bf16 autocast", "bf16"), ("bf16 frozen base", "bf16")):
        matmul = breakdown.get(way, {}).get("matmul", 0.0)
        if matmul:
            print(f"- {way}: the matmuls alone run at {100 * pair_flops / matmul / 1e9 / peaks[dtype]:.0f}% of the "
                  f"{dtype} matmul peak; the rest of the pass is the other kinds above")
    return 0
