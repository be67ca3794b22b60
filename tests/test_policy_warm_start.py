"""The supervised warm start on a tiny model: it learns, and its checkpoint carries its system prompt."""

from __future__ import annotations

import re

import pytest

from paint_pipeline.policy.checkpoint import open_checkpoint
from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.policy_io import system_prompt_for
from paint_pipeline.policy.tiny import move_lora_b_off_zero, save_tiny_base
from paint_pipeline.warm_start.procedural import corpus
from paint_pipeline.warm_start.sft import encode_pair, warm_start


def test_labels_cover_only_the_answer():
    from paint_pipeline.policy.tiny import build_tiny_tokenizer

    tokenizer = build_tiny_tokenizer()
    ids, labels = encode_pair(tokenizer, "a red sea", "function setup() {}", max_len=4096)
    answer = [t for t in labels if t != -100]
    assert len(ids) == len(labels) and 0 < len(answer) < len(ids)
    assert labels[: len(ids) - len(answer)] == [-100] * (len(ids) - len(answer))  # the prompt is never a target
    assert answer[-1] == tokenizer.eos_token_id


def test_warm_start_lowers_the_loss_and_records_its_prompt(tmp_path):
    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          device="cpu", system_prompt="compact", max_new_tokens=64)
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=1)
    logs: list[str] = []
    out = warm_start(config, pairs, tmp_path / "warm", steps=12, batch_size=2, learning_rate=5e-3, max_len=1024,
                     log=logs.append)
    manifest = open_checkpoint(out).manifest
    assert manifest["kind"] == "warm_start" and manifest["system_prompt"] == "compact"
    assert manifest["metrics"]["final_loss"] < manifest["metrics"]["first_loss"]
    sizes = [line for line in logs if "2 pairs: prompts" in line]  # the corpus' token lengths, before training
    assert len(sizes) == 1 and re.search(r"sketches \d+ on average, \d+ at most", sizes[0]), logs
    # a budget of 64 tokens would cut every sketch it taught off: the log says so before training
    assert any("warning: the longest sketch is" in line and "budget 64" in line for line in logs), logs
    # sampling the checkpoint uses the prompt it was trained with, whatever the config says
    assert system_prompt_for(config.replace(system_prompt="full"), out) == "compact"
    assert system_prompt_for(config.replace(system_prompt="full"), None) == "full"


def test_a_resumed_warm_start_continues_the_adapter_and_counts_every_step(tmp_path):
    import pytest

    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          device="cpu", system_prompt="compact")
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=1)
    logs: list[str] = []
    first = warm_start(config, pairs, tmp_path / "warm", steps=12, batch_size=2, learning_rate=5e-3, max_len=1024,
                       log=logs.append)
    assert not any("warning" in line for line in logs), logs  # the default budget holds these sketches
    first_final = open_checkpoint(first).manifest["metrics"]["final_loss"]
    more = warm_start(config, pairs, tmp_path / "warm-more", steps=6, batch_size=2, learning_rate=5e-3, max_len=1024,
                      resume=first, log=lambda _: None)
    manifest = open_checkpoint(more).manifest
    assert manifest["metrics"]["sft_steps"] == 18
    assert manifest["resumed_from"]["sft_steps"] == 12
    # it starts where the first run ended, not from a fresh adapter's loss
    assert manifest["metrics"]["first_loss"] < open_checkpoint(first).manifest["metrics"]["first_loss"]
    assert manifest["metrics"]["first_loss"] < first_final * 1.5
    with pytest.raises(ValueError, match="system_prompt is 'compact'"):
        warm_start(config.replace(system_prompt="api"), pairs, tmp_path / "x", steps=1, resume=first,
                   log=lambda _: None)
    assert not (tmp_path / "x").exists()


class _Stopped(Exception):
    pass


def _stop_at(line: str):
    """A log that raises at the given progress line: the run is killed there, after its last snapshot."""
    def log(message: str) -> None:
        if message.startswith(line):
            raise _Stopped(message)
    return log


def _adapter_tensors(folder):
    from safetensors.torch import load_file

    return load_file(str(folder / "adapter" / "adapter_model.safetensors"))


def test_a_stopped_warm_start_continues_from_its_snapshot_and_ends_as_an_unstopped_one(tmp_path):
    import torch

    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    # dropout on: the continued run must also restore the random state, not only the weights and the optimizer
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          lora_dropout=0.1, device="cpu", system_prompt="compact")
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=2)
    run = {"steps": 10, "batch_size": 2, "learning_rate": 5e-3, "max_len": 1024}
    whole = warm_start(config, pairs, tmp_path / "whole", **run, log=lambda _: None)
    assert not (tmp_path / "whole.in-progress").exists()

    with pytest.raises(_Stopped):
        warm_start(config, pairs, tmp_path / "warm", **run, log=_stop_at("[warm-start] step 6/10"))
    assert open_checkpoint(tmp_path / "warm.in-progress").manifest["step"] == 5
    assert not (tmp_path / "warm").exists()
    logs: list[str] = []
    out = warm_start(config, pairs, tmp_path / "warm", **run, log=logs.append)
    assert any("continuing from the snapshot at step 5" in line for line in logs), logs
    assert not (tmp_path / "warm.in-progress").exists()
    assert [line for line in logs if "] step " in line][0].startswith("[warm-start] step 6/10")
    expected, got = _adapter_tensors(whole), _adapter_tensors(out)
    assert expected.keys() == got.keys() and all(torch.equal(expected[k], got[k]) for k in expected)
    assert open_checkpoint(out).manifest["metrics"] == open_checkpoint(whole).manifest["metrics"]


def test_a_snapshot_of_another_run_or_a_damaged_one_is_not_continued(tmp_path):
    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          device="cpu", system_prompt="compact")
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=1)
    run = {"steps": 4, "batch_size": 2, "max_len": 1024}
    with pytest.raises(_Stopped):
        warm_start(config, pairs, tmp_path / "warm", learning_rate=5e-3, **run, log=_stop_at("[warm-start] step 3/4"))
    logs: list[str] = []
    with pytest.raises(_Stopped):  # another learning rate: another run, whose snapshot replaces this one
        warm_start(config, pairs, tmp_path / "warm", learning_rate=1e-3, **run,
                   log=lambda m: (logs.append(m), _stop_at("[warm-start] step 3/4")(m)))
    assert any("starting afresh" in line and "snapshot of another run" in line for line in logs), logs
    (tmp_path / "warm.in-progress" / "training_state.pt").write_bytes(b"truncated")
    logs.clear()
    out = warm_start(config, pairs, tmp_path / "warm", learning_rate=1e-3, **run, log=logs.append)
    assert any("starting afresh: the snapshot is unusable" in line and "training_state.pt" in line
               for line in logs), logs
    assert open_checkpoint(out).manifest["metrics"]["sft_steps"] == 4


def test_a_max_len_that_cuts_the_sketches_is_refused_before_the_model_loads(tmp_path):
    import pytest

    from paint_pipeline.policy.tiny import build_tiny_tokenizer
    from paint_pipeline.warm_start.sft import encode_corpus

    tokenizer = build_tiny_tokenizer()
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=5)
    full = [len(encode_pair(tokenizer, p, c, 10**9)[0]) for p, c in pairs]
    encoded, cut = encode_corpus(tokenizer, pairs, max(full))
    assert cut == 0 and [len(ids) for ids, _ in encoded] == full
    # one pair cut of ten is tolerated, counted, and cut exactly as encode_pair cuts it
    second_longest = sorted(full)[-2]
    assert second_longest < max(full)
    encoded, cut = encode_corpus(tokenizer, pairs, second_longest)
    longest = full.index(max(full))
    assert cut == 1 and encoded[longest] == encode_pair(tokenizer, *pairs[longest], second_longest)
    refusal = rf"max_len {min(full) - 1} cuts 10 of 10 pairs.*\(--max-len\) to {max(full)}, which fits every pair"
    with pytest.raises(ValueError, match=refusal):
        encode_corpus(tokenizer, pairs, min(full) - 1)

    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          device="cpu", system_prompt="compact")
    with pytest.raises(ValueError, match="never learn to finish a sketch"):
        warm_start(config, pairs, tmp_path / "warm", steps=2, batch_size=2, max_len=min(full) - 1, log=lambda _: None)
    assert not (tmp_path / "warm").exists()
    out = warm_start(config, pairs, tmp_path / "warm", steps=2, batch_size=2, max_len=max(full), log=lambda _: None)
    assert open_checkpoint(out).manifest["inputs"] == {"pairs": 10, "max_len": max(full), "cut_pairs": 0}


@pytest.mark.parametrize("micro_batch_size", [1, 3])
def test_the_micro_batched_gradient_is_the_padded_batch_gradient(tmp_path, micro_batch_size):
    """backward_batch skips prompt logits, and padding where a pass holds one pair; the gradient and the loss must
    not change. Micro-batches of 3 over 4 pairs: one padded pass of 3, one pass of 1."""
    import torch

    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.train import build_policy
    from paint_pipeline.warm_start.sft import backward_batch, backward_padded, encode_corpus

    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(tmp_path / "models"), lora_r=8, lora_alpha=16,
                          device="cpu", system_prompt="compact")
    model, tokenizer = build_policy(config, resolve(config), None)
    pairs = corpus([("a red sea at dawn", "water"), ("three yellow circles", "geometric")], per_prompt=2)
    batch, _ = encode_corpus(tokenizer, pairs, 4096, "compact")
    assert len(batch) == 4 and len({len(ids) for ids, _ in batch[:3]}) > 1  # lengths differ: padding
    move_lora_b_off_zero(model, std=0.02, seed=1)
    params = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    model.train()
    padded_loss = backward_padded(model, batch, "cpu", tokenizer.pad_token_id)
    padded = {n: p.grad.clone() for n, p in params}
    model.zero_grad(set_to_none=True)
    loss = backward_batch(model, batch, "cpu", micro_batch_size=micro_batch_size, pad=tokenizer.pad_token_id)
    assert abs(loss - padded_loss) < 1e-5 * padded_loss
    for n, p in params:
        assert torch.allclose(p.grad, padded[n], rtol=1e-4, atol=1e-7), n
    # and the comparison can fail: one pair left out changes the gradient
    model.zero_grad(set_to_none=True)
    backward_batch(model, batch[:-1], "cpu", micro_batch_size=micro_batch_size, pad=tokenizer.pad_token_id)
    assert not all(torch.allclose(p.grad, padded[n], rtol=1e-4, atol=1e-7) for n, p in params)


def test_the_cpus_bf16_units_are_read_from_its_flags_never_assumed():
    from paint_pipeline.policy.hardware import cpu_bf16_units, resolve

    epyc = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 avx2 avx512f avx512_bf16 avx512_vnni\n"
    sapphire = "flags\t\t: avx512f avx512_bf16 amx_bf16 amx_tile amx_int8\n"
    assert cpu_bf16_units(epyc) == ("avx512_bf16",)
    assert cpu_bf16_units(sapphire) == ("amx_bf16", "avx512_bf16")
    assert cpu_bf16_units("flags\t\t: fpu sse2 avx2 avx512f\n") == ()
    assert cpu_bf16_units("") == ()  # no flags line (not Linux, a container hiding it)
    profile = resolve(PolicyConfig(device="cpu"))
    assert profile.cpu_bf16_units == cpu_bf16_units() and profile.dtype == "float32"  # recorded, not used yet
