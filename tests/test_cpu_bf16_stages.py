"""bf16 per stage on a CPU with bf16 units: chosen only where the units are and the config allows it, recorded,
and consistent between the sampler and the update (the first step's ratio is exactly 1).

The units are faked (the machines that run these tests differ: AMX, AVX512-BF16, neither); torch's bf16 autocast
computes the same on any CPU, only slower without the units.
"""

from __future__ import annotations

import pytest
import torch

from paint_pipeline.policy import hardware
from paint_pipeline.policy.checkpoint import open_checkpoint
from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError
from paint_pipeline.policy.models import add_lora
from paint_pipeline.policy.policy_io import sample_policy
from paint_pipeline.policy.rollouts import read_rollouts, to_table, write_rollouts
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer, save_tiny_base
from paint_pipeline.policy.train import train_cycle
from paint_pipeline.reward.table import write_table
from paint_pipeline.warm_start.sft import backward_batch

QUIET = lambda *a: None  # noqa: E731
from test_policy_train import scorecard_table


def with_units(monkeypatch, units: tuple[str, ...]) -> None:
    monkeypatch.setattr(hardware, "cpu_bf16_units", lambda cpuinfo=None: units)


@pytest.mark.parametrize("units, cpu_bf16, dtype, expected", [
    (("avx512_bf16",), "auto", None, "bfloat16"),
    (("amx_bf16", "avx512_bf16"), "auto", None, "bfloat16"),
    ((), "auto", None, None),  # no units: nothing changes
    (("avx512_bf16",), "off", None, None),  # forced fp32
    (("avx512_bf16",), "auto", "float32", None),  # an explicit dtype wins
])
def test_the_stages_go_bf16_only_where_the_units_are_and_the_config_allows(monkeypatch, units, cpu_bf16, dtype,
                                                                          expected):
    with_units(monkeypatch, units)
    profile = hardware.resolve(PolicyConfig(device="cpu", cpu_bf16=cpu_bf16, dtype=dtype))
    assert profile.dtype == "float32"  # master weights and optimizer state stay fp32
    assert profile.train_autocast == expected and profile.sample_dtype == expected
    if expected:
        assert profile.stage_dtypes == {"warm_start": "bfloat16 autocast over float32",
                                        "update": "bfloat16 autocast over float32",
                                        "sampling": "bfloat16", "evaluation": "bfloat16"}
        assert profile.autocast().fast_dtype == torch.bfloat16
    else:
        assert set(profile.stage_dtypes.values()) == {"float32"}
    assert hardware.HardwareProfile(**profile.to_dict()) == profile  # what checkpoints record rebuilds it


def test_a_wrong_cpu_bf16_value_is_refused_naming_the_field():
    with pytest.raises(PolicyConfigError, match="cpu_bf16"):
        PolicyConfig(cpu_bf16="yes")


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory):
    root = tmp_path_factory.mktemp("bf16")
    return root, save_tiny_base(root / "base", seed=0)


def test_sampling_uses_bf16_weights_and_the_rollouts_say_so(tiny_base, monkeypatch):
    root, base = tiny_base
    config = PolicyConfig(base_model=str(base), models_dir=str(root / "models"), device="cpu", cpu_bf16="auto",
                          max_new_tokens=6, group_size=2)
    prompts = [("p1", "a red sea")]
    with_units(monkeypatch, ("avx512_bf16",))
    bf16 = sample_policy(config, None, prompts, temperature=0.8, seed=1)
    with_units(monkeypatch, ())
    fp32 = sample_policy(config, None, prompts, temperature=0.8, seed=1)
    assert {r.sampling_dtype for r in bf16} == {"bfloat16"} and {r.sampling_dtype for r in fp32} == {"float32"}
    table = to_table(bf16, cycle="c", policy_checkpoint="base")
    assert read_rollouts(write_rollouts(table, root / "r.parquet")).column("sampling_dtype").to_pylist() == \
        ["bfloat16", "bfloat16"]


def test_the_update_recomputes_old_log_probs_under_its_autocast_so_the_first_ratio_is_one(tiny_base, tmp_path,
                                                                                           monkeypatch):
    root, base = tiny_base
    config = PolicyConfig(base_model=str(base), models_dir=str(root / "models"), lora_r=4, lora_alpha=8,
                          group_size=2, max_new_tokens=10, steps_per_cycle=2, minibatch_size=3, learning_rate=5e-3,
                          device="cpu", cpu_bf16="auto")
    with_units(monkeypatch, ("avx512_bf16",))
    rollouts = sample_policy(config, None, [("p1", "a red sea"), ("p2", "a quiet forest"), ("p3", "three circles")],
                             temperature=0.8, seed=1)
    table = to_table(rollouts, cycle="c", policy_checkpoint="base")
    rollouts_path = write_rollouts(table, tmp_path / "rollouts.parquet")
    scorecards = write_table(scorecard_table(table.column("sample_id").to_pylist(), [0.1, 0.7, 0.4, 0.2, 0.9, 0.3]),
                             tmp_path / "scorecards.parquet")
    summary = train_cycle(config=config, rollouts=rollouts_path, scorecards=scorecards, out=tmp_path / "ckpt",
                          cycle="c", log=QUIET)
    manifest = open_checkpoint(tmp_path / "ckpt").manifest
    assert manifest["old_logprobs"] == "recompute"
    assert manifest["hardware"]["train_autocast"] == "bfloat16" and manifest["hardware"]["sample_dtype"] == "bfloat16"
    # The sampler (bf16 weights) and the update (bf16 autocast over fp32) differ: measured, and importance-weighted.
    assert 0 < summary["sampler_logprob_gap_max"] < 0.1
    assert summary["history"][0]["ratio_min"] == 1.0 == summary["history"][0]["ratio_max"]
    from safetensors.torch import load_file

    saved = load_file(str(tmp_path / "ckpt" / "adapter" / "adapter_model.safetensors"))
    assert saved and all(t.dtype == torch.float32 for t in saved.values())  # the master weights stayed fp32


def test_a_warm_start_step_under_autocast_follows_the_fp32_gradient():
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, device="cpu")
    model = add_lora(build_tiny_model(tokenizer, seed=0), config)
    ids = tokenizer("a red sea, painted with a brush", add_special_tokens=False).input_ids
    pair = (ids, [-100] * 3 + ids[3:])

    def gradient(context) -> torch.Tensor:
        model.zero_grad(set_to_none=True)
        backward_batch(model, [pair, pair], "cpu", autocast=context)
        return torch.cat([p.grad.flatten() for p in model.parameters() if p.requires_grad and p.grad is not None])

    from contextlib import nullcontext

    fp32 = gradient(nullcontext)
    bf16 = gradient(lambda: torch.autocast("cpu", dtype=torch.bfloat16))
    assert all(p.dtype == torch.float32 for p in model.parameters())  # master weights untouched
    cosine = torch.nn.functional.cosine_similarity(fp32, bf16, dim=0)
    assert fp32.norm() > 0 and cosine > 0.99, float(cosine)
    assert not torch.equal(fp32, bf16)  # the autocast really ran in bf16


def test_the_benchmarks_bf16_frozen_base_computes_what_autocast_over_fp32_computes():
    """`bench cpu-bf16`'s "bf16 frozen base" way stores the frozen base weights in bf16: under autocast the
    same products (autocast rounds each fp32 weight to those bf16 values), so its row times only the casts."""
    from contextlib import nullcontext

    from paint_pipeline.benchmarks.cpu_bf16 import with_frozen_base_in_bf16

    tokenizer = build_tiny_tokenizer()
    model = add_lora(build_tiny_model(tokenizer, seed=0), PolicyConfig(lora_r=4, lora_alpha=8, device="cpu"))
    ids = tokenizer("a red sea, painted with a brush", add_special_tokens=False).input_ids
    pair = (ids, [-100] * 3 + ids[3:])
    twin = with_frozen_base_in_bf16(model)
    autocast = lambda: torch.autocast("cpu", dtype=torch.bfloat16)  # noqa: E731

    def loss_and_gradient(target, context):
        target.zero_grad(set_to_none=True)
        loss = backward_batch(target, [pair], "cpu", autocast=context)
        return loss, {n: p.grad for n, p in target.named_parameters() if p.requires_grad and p.grad is not None}

    loss, grads = loss_and_gradient(model, autocast)
    twin_loss, twin_grads = loss_and_gradient(twin, autocast)
    assert twin_loss == pytest.approx(loss, rel=1e-6) and grads.keys() == twin_grads.keys() and grads
    for name, grad in grads.items():
        assert torch.allclose(grad, twin_grads[name], rtol=1e-4, atol=1e-7), name
    dtypes = {n: p.dtype for n, p in twin.named_parameters()}
    assert dtypes["base_model.model.model.layers.0.self_attn.q_proj.base_layer.weight"] == torch.bfloat16
    assert all(dtypes[n] == torch.float32 for n in dtypes if "lora_" in n or "embed" in n or "norm" in n)
    assert all(p.dtype == torch.float32 for p in model.parameters())  # the benchmark's fp32 model untouched
    with pytest.raises(RuntimeError):  # without autocast a bf16 weight meets fp32 activations: it is not a way
        loss_and_gradient(twin, nullcontext)


def test_the_benchmark_says_what_auto_chooses_on_a_cpu_with_and_without_units():
    from paint_pipeline.benchmarks.cpu_bf16 import auto_choice

    default = PolicyConfig(device="cpu")  # cpu_bf16 "off", as the default profile: the line says what "auto" does
    assert "stays fp32" in auto_choice(default, ()) and "nothing changes" in auto_choice(default, ())
    with_units = auto_choice(default, ("avx512_bf16",))
    assert "avx512_bf16" in with_units and "bf16 autocast" in with_units and "fp32 on this CPU" not in with_units


def test_an_evaluation_sampled_with_bf16_weights_is_never_the_fp32_ones_cache(monkeypatch):
    from paint_pipeline.pipeline.evaluation import evaluation_key
    from paint_pipeline.pipeline.settings import load_settings

    settings = load_settings("tiny")
    auto = settings.replace(policy={**settings.policy, "cpu_bf16": "auto"})
    with_units(monkeypatch, ())
    fp32 = evaluation_key(settings, None, "rv")
    assert evaluation_key(auto, None, "rv") == fp32  # no units: the same evaluation, the same key
    with_units(monkeypatch, ("avx512_bf16",))
    assert evaluation_key(settings, None, "rv") == fp32  # off: unchanged
    assert evaluation_key(auto, None, "rv") != fp32


def test_the_benchmarks_op_breakdown_puts_a_passes_time_in_the_right_kinds():
    """`bench cpu-bf16` says where a training pass's time goes: the profiler's self times, by operator kind."""
    from paint_pipeline.benchmarks.cpu_bf16 import OP_KINDS, op_breakdown, op_kind

    assert op_kind("aten::mm") == op_kind("aten::addmm") == "matmul"
    assert op_kind("aten::_scaled_dot_product_flash_attention_for_cpu") == "attention"
    assert op_kind("aten::_to_copy") == "casts and copies"
    assert op_kind("aten::_log_softmax") == "loss and softmax"
    assert op_kind("aten::rsqrt") == "norms and activations"
    # A backward node's own time is the engine's; the matmuls it calls are counted as aten::mm.
    assert op_kind("MmBackward0") == "autograd nodes"
    assert op_kind("SomethingNew") == "other"

    layer = torch.nn.Linear(256, 256)
    x = torch.randn(512, 256)

    def one_pass():
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = torch.nn.functional.cross_entropy(layer(x).float(), torch.zeros(512, dtype=torch.long))
        loss.backward()

    seconds = op_breakdown(one_pass)
    assert set(seconds) <= set(OP_KINDS) | {"other"}
    assert seconds["matmul"] > 0 and seconds["casts and copies"] > 0 and seconds["loss and softmax"] > 0
