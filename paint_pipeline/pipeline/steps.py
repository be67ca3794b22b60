"""The steps of a cycle as plain functions (the Dagster assets are thin wrappers around these).

    warm start (once) -> sample rollouts -> render them -> score them -> [GRPO update: policy/train.py]
    -> evaluate the checkpoint on held-out prompts with fixed seeds, next to its parent's evaluation
       [pipeline/evaluation.py; the comparison's statistics: pipeline/stats.py]

Tables follow DESIGN.md §3; every file is written atomically.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pyarrow as pa

from paint_pipeline.pipeline.cycles import WARM_START, CycleManifest, checkpoint_dir
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.prompts import load_split

Log = Callable[[str], None]


def ensure_base_model(settings: PipelineSettings) -> None:
    """The tiny profile's random base model is built on first use (seeded, so every machine builds the same)."""
    if settings.builds_tiny_base:
        from paint_pipeline.policy.tiny import save_tiny_base

        path = Path(settings.policy_config().base_model)
        if not (path / "config.json").is_file():
            save_tiny_base(path, seed=0)


def renderer_for(settings: PipelineSettings, url: str | None = None, pool_size: int | None = None):
    """The renderer a step or command uses: the one at `url` (else the profile's renderer_url), else a local service
    with `pool_size` pages (else the profile's renderer_pool_size), for the duration of a `with` block."""
    from paint_pipeline.render.service import RendererService

    return RendererService(url or settings.renderer_url, pool_size=pool_size or settings.renderer_pool_size)


def run_warm_start(settings: PipelineSettings, *, out: Path | None = None, resume: Path | None = None,
                   log: Log = print) -> Path:
    """Supervised warm start on procedural sketches of the training prompts, as the profile sets it; returns the
    checkpoint (`out`, default where cycles look for it). `resume` continues an earlier warm start instead."""
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import warm_start

    ensure_base_model(settings)
    config = settings.policy_config()
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")], per_prompt=settings.warm_start_per_prompt,
                   seed=config.seed)
    log(f"warm start: {len(pairs)} procedural sketches, {settings.warm_start_steps} steps of "
        f"{settings.warm_start_batch_size}")
    return warm_start(config, pairs, out or checkpoint_dir(settings, WARM_START), steps=settings.warm_start_steps,
                      batch_size=settings.warm_start_batch_size, learning_rate=settings.warm_start_learning_rate,
                      max_len=settings.warm_start_max_len, resume=resume, log=log)


def sample_rollouts(settings: PipelineSettings, manifest: CycleManifest, *, progress: bool = True) -> pa.Table:
    """G completions for each of the cycle's prompts, from the cycle's parent policy, at the cycle's temperature."""
    from paint_pipeline.policy.policy_io import sample_policy
    from paint_pipeline.policy.rollouts import to_table

    ensure_base_model(settings)
    by_id = {p.prompt_id: p for p in load_split("train")}
    missing = [pid for pid in manifest.prompt_ids if pid not in by_id]
    if missing:
        raise ValueError(f"{manifest.cycle}: prompts {missing[:3]} of its manifest are not in train.jsonl any more")
    rollouts = sample_policy(settings.policy_config(), manifest.parent_checkpoint,
                             [(pid, by_id[pid].prompt) for pid in manifest.prompt_ids],
                             temperature=manifest.temperature, seed=manifest.sampling_seed, progress=progress)
    return to_table(rollouts, cycle=manifest.cycle, policy_checkpoint=manifest.parent_checkpoint or "base")


def render_rollouts(rollouts: pa.Table, client, settings: PipelineSettings, image_dir: Path, *,
                    progress: bool = True) -> pa.Table:
    from paint_pipeline.render.client import RenderItem
    from paint_pipeline.render.table import to_table

    rows = rollouts.select(["sample_id", "code", "seed"]).to_pylist()
    items = [RenderItem(id=r["sample_id"], code=r["code"] or "", seed=int(r["seed"]) % 2**31,
                        size=settings.render_size) for r in rows]
    results = client.render_in_chunks(items, timeout_ms=settings.render_timeout_ms, progress=progress)
    return to_table(results, [r["sample_id"] for r in rows], image_dir)


def score_renders(rollouts: pa.Table, renders: pa.Table, scorer, *, scale_rewards: str = "group",
                  progress: bool = True) -> tuple[pa.Table, dict]:
    """Scorecards of a cycle with group advantages; also the statistics of the groups."""
    from paint_pipeline.policy.advantages import group_advantages
    from paint_pipeline.render.table import load_results
    from paint_pipeline.reward.scorecard import Sample
    from paint_pipeline.reward.table import to_table
    from paint_pipeline.reward.tiers.compile_gate import RENDERER_FAULTS

    rows = rollouts.select(["sample_id", "prompt_id", "prompt", "code"]).to_pylist()
    results = {r.id: r for r in load_results(renders)}
    missing = [r["sample_id"] for r in rows if r["sample_id"] not in results]
    if missing:
        raise ValueError(f"no render for {len(missing)} rollouts (first: {missing[0]})")
    samples = [Sample(prompt=r["prompt"], code=r["code"] or "", render=results[r["sample_id"]],
                      sample_id=r["sample_id"]) for r in rows]
    cards = scorer.score(samples, progress=progress)
    # A renderer fault that persisted through its fresh-browser retry says nothing about the sketch: no advantage.
    faults = [c.status in RENDERER_FAULTS for c in cards]
    advantages, stats = group_advantages([c.total for c in cards], [r["prompt_id"] for r in rows],
                                         scale=scale_rewards, include=[not f for f in faults])
    return to_table(cards, advantages), {
        "frac_reward_zero_std": stats.frac_reward_zero_std, "mean_group_std": stats.mean_group_std,
        "groups": stats.groups, "zero_std_groups": stats.zero_std_groups, "renderer_faults": sum(faults),
    }
