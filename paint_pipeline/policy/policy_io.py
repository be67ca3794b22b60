"""Loading a policy for sampling: the base model, optionally with a checkpoint's adapter."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from paint_pipeline.policy.checkpoint import check_compatible, open_checkpoint
from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.hardware import HardwareProfile, resolve


def system_prompt_for(config: PolicyConfig, checkpoint: str | Path | None) -> str:
    """The system prompt a policy was trained with: the checkpoint's, else the config's.

    A warm-started adapter learned to answer one system prompt; sampling it with
    another would measure a policy nobody trained.
    """
    if checkpoint is None:
        return config.system_prompt
    ckpt = open_checkpoint(checkpoint, verify=False)
    return ckpt.manifest.get("system_prompt") or ckpt.manifest.get("config", {}).get("system_prompt") \
        or config.system_prompt


def load_policy(config: PolicyConfig, checkpoint: str | Path | None = None) -> tuple[object, object, HardwareProfile]:
    """(model, tokenizer, profile): the base, or the base with the checkpoint's adapter, in eval mode, in the
    profile's sampling dtype (bf16 weights on a CPU whose bf16 stages are on; its training dtype otherwise)."""
    from peft import PeftModel

    from paint_pipeline.policy.models import load_base, load_tokenizer, resolve_base_model

    profile = resolve(config)
    source = resolve_base_model(config.base_model, config.models_dir)
    tokenizer = load_tokenizer(source)
    model = load_base(source, dtype=profile.sample_torch_dtype, device=profile.device)
    if checkpoint is not None:
        ckpt = open_checkpoint(checkpoint)
        check_compatible(ckpt, base_model=config.base_model)
        model = PeftModel.from_pretrained(model, ckpt.adapter)
    model.eval()
    return model, tokenizer, profile


def sample_policy(config: PolicyConfig, checkpoint: str | Path | None, prompts: Sequence[tuple[str, str]], *,
                  temperature: float, seed: int, group_size: int | None = None, top_p: float | None = None,
                  progress: bool = True) -> list:
    """Rollouts of a policy (the base, or a checkpoint) on (prompt_id, prompt) pairs: `group_size` completions
    each (default: the hardware profile's), decoded the way the config says (its top-p unless `top_p` is given,
    stop on repeats, guards) with the system prompt the checkpoint was trained on. The one place a cycle, an
    evaluation and the `sample` command turn a config into a `generate` call, so none samples differently."""
    from paint_pipeline.policy.sampling import generate

    model, tokenizer, profile = load_policy(config, checkpoint)
    return generate(model, tokenizer, list(prompts), group_size=group_size or profile.group_size,
                    temperature=temperature, max_new_tokens=profile.max_new_tokens, base_seed=seed,
                    top_p=config.top_p if top_p is None else top_p, batch_size=config.generation_batch_size,
                    progress=progress, system_prompt=system_prompt_for(config, checkpoint),
                    stop_repeats=config.stop_repeats, decoding_guards=config.decoding_guards,
                    end_at_statement=config.end_at_statement)
