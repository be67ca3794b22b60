"""The online alternative: TRL's own `GRPOTrainer` loop driven by our reward functions.

For users who prefer TRL's loop to the Dagster cycle: TRL samples, our
renderer and reward score (one function per tier, weighted by the reward
config, so TRL logs every tier), and TRL updates the LoRA adapter. The same
policy config supplies G, the token budget, the loss and its clipping.
"""

from __future__ import annotations

from pathlib import Path

from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.prompting import chat_messages


def train_online(config: PolicyConfig, *, scorer, client, steps: int, out_dir: Path, prompts: list[str],
                 model=None, tokenizer=None) -> Path:
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.models import add_lora, load_base, load_tokenizer, resolve_base_model
    from paint_pipeline.reward.trl_rewards import make_trl_reward_functions, trl_reward_weights

    if config.decoding_guards:  # TRL samples with its own generate(), which knows nothing of the guards' masks
        raise ValueError(f"policy config field 'decoding_guards' = {list(config.decoding_guards)}: the TRL online "
                         "trainer cannot sample with decoding guards; set it to [] for this command")
    profile = resolve(config)
    if model is None:
        source = resolve_base_model(config.base_model, config.models_dir)
        tokenizer = load_tokenizer(source)
        model = add_lora(load_base(source, dtype=profile.torch_dtype, device=profile.device), config)
    group = profile.group_size
    args = GRPOConfig(
        output_dir=str(out_dir), max_steps=steps, num_generations=group, per_device_train_batch_size=group,
        max_completion_length=profile.max_new_tokens, temperature=config.temperature_max, top_p=config.top_p,
        learning_rate=config.learning_rate, beta=config.beta, loss_type=config.loss_type,
        epsilon=config.epsilon_low, epsilon_high=config.epsilon_high, max_grad_norm=config.max_grad_norm,
        reward_weights=trl_reward_weights(scorer.config), use_cpu=profile.device == "cpu",
        bf16=profile.dtype == "bfloat16", fp16=profile.dtype == "float16", report_to=[], logging_steps=1,
        save_strategy="no", seed=config.seed,
    )
    data = Dataset.from_dict({"prompt": [chat_messages(p, config.system_prompt) for p in prompts]})
    trainer = GRPOTrainer(model=model, reward_funcs=make_trl_reward_functions(scorer, client), args=args,
                          train_dataset=data, processing_class=tokenizer)
    trainer.train()
    trainer.model.save_pretrained(out_dir / "adapter")
    return out_dir
