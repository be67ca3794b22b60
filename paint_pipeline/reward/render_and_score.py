"""Render a batch of sketches and score them in memory, in one call, for the
callers that need scorecards and nothing written: `paint-pipeline score` (one
sketch), the quick report of `paint-pipeline sample --score`
(`pipeline.evaluation.score_rollouts`) and the TRL reward functions
(`trl_rewards`). The Dagster cycle and the held-out evaluation render and score
in two steps instead (`pipeline.steps.render_rollouts`, `score_renders`),
because they keep the renders table and the images between the two; the
reward benchmark scores renders it already holds (`scorer.score`)."""

from __future__ import annotations

from typing import Sequence

from paint_pipeline.render.client import RendererClient, RenderItem, RenderResult
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.scorecard import Sample, Scorecard


def render_and_score(
    client: RendererClient,
    scorer: RewardScorer,
    prompts: Sequence[str],
    codes: Sequence[str],
    *,
    seeds: Sequence[int] | None = None,
    ids: Sequence[str] | None = None,
    size: int = 256,
    timeout_ms: int = 20000,
    progress: bool = False,
) -> tuple[list[RenderResult], list[Scorecard]]:
    if len(prompts) != len(codes):
        raise ValueError(f"{len(prompts)} prompts for {len(codes)} sketches")
    n = len(codes)
    seeds = list(seeds) if seeds is not None else [0] * n
    ids = list(ids) if ids is not None else [f"s{i:05d}" for i in range(n)]
    items = [RenderItem(id=ids[i], code=codes[i], seed=int(seeds[i]), size=size) for i in range(n)]
    renders = client.render_in_chunks(items, timeout_ms=timeout_ms, progress=progress)
    samples = [Sample(prompt=p, code=c, render=r, sample_id=i) for p, c, r, i in zip(prompts, codes, renders, ids)]
    return renders, scorer.score(samples, progress=progress)
