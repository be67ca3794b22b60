"""The reward as TRL reward functions: one per tier, so a TRL `GRPOTrainer`
logs each tier and weighs them with `GRPOConfig(reward_weights=...)`.

TRL calls every reward function with the same batch (`prompts, completions,
completion_ids, **kwargs` -> list of floats). The batch is rendered and
scored once, on the first call, and the other tiers read the cached
scorecards.

    funcs = make_trl_reward_functions(scorer, client)
    GRPOConfig(..., reward_weights=trl_reward_weights(scorer.config))
    GRPOTrainer(..., reward_funcs=funcs)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from paint_pipeline.render.client import RendererClient
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import TIERS, RewardConfig
from paint_pipeline.reward.render_and_score import render_and_score
from paint_pipeline.sketch_code import extract_code


def _text(message: Any) -> str:
    """A plain string, or the last message's content of a conversational prompt/completion."""
    if isinstance(message, str):
        return message
    if isinstance(message, list) and message and isinstance(message[-1], dict):
        content = message[-1].get("content", "")
        if isinstance(content, list):  # multimodal content parts
            return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
        return str(content)
    raise TypeError(f"cannot read text from a {type(message).__name__}")


def _prompt_text(prompt: Any) -> str:
    """The user's request: the last user message of a conversation, else the string."""
    if isinstance(prompt, list):
        users = [m for m in prompt if isinstance(m, dict) and m.get("role") == "user"]
        return _text(users[-1:] or prompt)
    return _text(prompt)


def trl_reward_weights(config: RewardConfig) -> list[float]:
    return [config.weights()[t] for t in TIERS]


def make_trl_reward_functions(
    scorer: RewardScorer, client: RendererClient, *, size: int = 256, seed: int = 0, timeout_ms: int = 20000,
    prompt_of: Callable[[Any], str] = _prompt_text,
) -> list[Callable[..., list[float]]]:
    """Five functions named reward_compile, reward_alignment, ... in TIERS order."""
    cache: dict[tuple, list] = {}

    def scorecards(prompts: Sequence[Any], completions: Sequence[Any]):
        key = (tuple(map(repr, prompts)), tuple(map(repr, completions)))
        if key not in cache:
            cache.clear()  # one batch at a time
            texts = [prompt_of(p) for p in prompts]
            codes = [extract_code(_text(c)) for c in completions]
            _, cards = render_and_score(client, scorer, texts, codes, seeds=[seed] * len(codes),
                                        size=size, timeout_ms=timeout_ms)
            cache[key] = cards
        return cache[key]

    def make(tier: str):
        def reward(prompts, completions, completion_ids=None, **kwargs) -> list[float]:
            return [card.tiers[tier].score for card in scorecards(prompts, completions)]

        reward.__name__ = f"reward_{tier}"
        reward.__qualname__ = reward.__name__
        reward.__doc__ = f"The {tier} tier of paint-pipeline's reward, in [0, 1]."
        return reward

    return [make(t) for t in TIERS]
