"""The model card of a published adapter: what it is, how it was trained, how it scores."""

from __future__ import annotations

from typing import Any

from paint_pipeline.reward.config import TIERS


def model_card(*, name: str, cycle: str, checkpoint: dict[str, Any], reward: dict[str, Any],
               evaluation: dict[str, float], lineage: list[dict[str, Any]]) -> str:
    from paint_pipeline.policy.models import published_base_name

    config = checkpoint.get("config", {})
    weights = reward.get("weights", {})
    base = published_base_name(str(checkpoint.get("base_model")))
    cycles = [step["name"] for step in lineage if step.get("kind") == "cycle"]
    lines = [
        "---", "library_name: peft", f"base_model: {base}", "tags: [lora, grpo, p5.js, "
        "p5.brush, generative-art]", "---", "",
        f"# {name} ({cycle})", "",
        "A LoRA adapter that writes p5.js sketches with the p5.brush natural-media library, trained with GRPO "
        "on a five-tier verifiable reward by paint-pipeline.", "",
        "## Training", "",
        f"- Base model: `{base}`" + (f" (trained on `{checkpoint.get('base_model')}`)"
                                     if base != checkpoint.get("base_model") else ""),
        f"- LoRA: r={config.get('lora_r')}, alpha={config.get('lora_alpha')}, dropout={config.get('lora_dropout')}, "
        f"targets {config.get('lora_target_modules') or 'chosen per architecture'}",
        f"- GRPO: loss {config.get('loss_type')}, clip [{config.get('epsilon_low')}, {config.get('epsilon_high')}], "
        f"beta {config.get('beta')}, learning rate {config.get('learning_rate')}",
        f"- Optimizer steps so far: {checkpoint.get('step')}; cycles trained: {len(cycles)} "
        f"({', '.join(reversed(cycles))})",
        f"- System prompt: {config.get('system_prompt')}; config hash `{checkpoint.get('config_hash')}`", "",
        "## Reward", "",
        f"- Version `{reward.get('reward_version')}`, alignment backend `{reward.get('alignment_backend')}`",
        "- Weights: " + ", ".join(f"{t} {weights.get(t, 0):.2f}" for t in TIERS), "",
        "## Held-out results", "",
        "| metric | value |", "|---|---|",
        *[f"| {k} | {v:.4f} |" for k, v in sorted(evaluation.items()) if isinstance(v, (int, float))],
        "", "## Lineage", "",
        *[f"- {step['kind']} `{step['name']}`" + (f" ({step['path']})" if step.get("path") else "")
          for step in lineage],
        "",
    ]
    return "\n".join(lines)
