"""The steps of a cycle as plain functions (the Dagster assets are thin wrappers around these).

    warm start (once) -> sample rollouts -> render them -> score them -> [GRPO update: policy/train.py]
    -> evaluate the checkpoint on held-out prompts with fixed seeds, next to its parent's evaluation

Tables follow DESIGN.md §3; every file is written atomically.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

import numpy as np
import pyarrow as pa

from paint_pipeline.pipeline.cycles import WARM_START, CycleManifest, checkpoint_dir
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.prompts import load_split
from paint_pipeline.reward.config import TIERS

Log = Callable[[str], None]


def ensure_base_model(settings: PipelineSettings) -> None:
    """The tiny profile's random base model is built on first use (seeded, so every machine builds the same)."""
    if settings.builds_tiny_base:
        from paint_pipeline.policy.tiny import save_tiny_base

        path = Path(settings.policy_config().base_model)
        if not (path / "config.json").is_file():
            save_tiny_base(path, seed=0)


def run_warm_start(settings: PipelineSettings, log: Log = print) -> Path:
    """Supervised warm start on procedural sketches of the training prompts; returns the checkpoint."""
    from paint_pipeline.warm_start.procedural import corpus
    from paint_pipeline.warm_start.sft import warm_start

    ensure_base_model(settings)
    config = settings.policy_config()
    pairs = corpus([(p.prompt, p.category) for p in load_split("train")], per_prompt=settings.warm_start_per_prompt,
                   seed=config.seed)
    log(f"warm start: {len(pairs)} procedural sketches, {settings.warm_start_steps} steps of "
        f"{settings.warm_start_batch_size}")
    return warm_start(config, pairs, checkpoint_dir(settings, WARM_START), steps=settings.warm_start_steps,
                      batch_size=settings.warm_start_batch_size, learning_rate=settings.warm_start_learning_rate,
                      max_len=settings.warm_start_max_len, log=log)


def sample_rollouts(settings: PipelineSettings, manifest: CycleManifest, *, progress: bool = True) -> pa.Table:
    """G completions for each of the cycle's prompts, from the cycle's parent policy, at the cycle's temperature."""
    from paint_pipeline.policy.policy_io import load_policy, system_prompt_for
    from paint_pipeline.policy.rollouts import to_table
    from paint_pipeline.policy.sampling import generate

    ensure_base_model(settings)
    config = settings.policy_config()
    by_id = {p.prompt_id: p for p in load_split("train")}
    missing = [pid for pid in manifest.prompt_ids if pid not in by_id]
    if missing:
        raise ValueError(f"{manifest.cycle}: prompts {missing[:3]} of its manifest are not in train.jsonl any more")
    model, tokenizer, profile = load_policy(config, manifest.parent_checkpoint)
    rollouts = generate(model, tokenizer, [(pid, by_id[pid].prompt) for pid in manifest.prompt_ids],
                        group_size=profile.group_size, temperature=manifest.temperature,
                        max_new_tokens=profile.max_new_tokens, base_seed=manifest.sampling_seed, top_p=config.top_p,
                        batch_size=config.generation_batch_size, progress=progress,
                        system_prompt=system_prompt_for(config, manifest.parent_checkpoint), stop_repeats=config.stop_repeats,
                        decoding_guards=config.decoding_guards)
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


def summarize_scorecards(table: pa.Table) -> dict[str, float]:
    """Metrics with stable names (the UI plots them across cycles)."""
    n = table.num_rows
    status = table.column("status").to_pylist()
    out = {"samples": n, "render_success_rate": status.count("SUCCESS") / n if n else 0.0,
           "mean_total": float(np.mean(table.column("total").to_numpy())) if n else 0.0}
    for tier in TIERS:
        out[f"mean_{tier}"] = float(np.mean(table.column(f"{tier}_score").to_numpy())) if n else 0.0
    return out


def bootstrap_ci(values, *, resamples: int = 2000, seed: int = 0, level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean."""
    x = np.asarray(values, dtype=np.float64)
    if len(x) == 0:
        return (float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, len(x), size=(resamples, len(x)))].mean(axis=1)
    lo, hi = np.quantile(means, [(1 - level) / 2, 1 - (1 - level) / 2])
    return float(lo), float(hi)


def evaluation_key(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> str:
    """Identity of an evaluation: the policy's weights, the evaluation settings and the reward version."""
    config = settings.policy_config()
    if checkpoint is None:
        weights = "base:" + config.base_model
    else:
        # The manifest and the adapter's bytes as they are now: a replaced or corrupted adapter is another key
        # (and then fails its hash check when loaded), never a hit on the old scores.
        digest = hashlib.sha256((Path(checkpoint) / "manifest.json").read_bytes())
        for path in sorted((Path(checkpoint) / "adapter").rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(checkpoint).as_posix().encode() + b"\0" + path.read_bytes())
        weights = digest.hexdigest()
    spec = [weights, settings.eval_split, settings.eval_prompts, settings.eval_samples_per_prompt,
            settings.eval_temperature, settings.eval_seed, settings.render_size, reward_version, config.stop_repeats]
    if config.decoding_guards:  # appended only when set: unguarded evaluations keep their keys
        from paint_pipeline.policy.guards import guard_ids

        spec.append(guard_ids(config.decoding_guards))
    return hashlib.sha256(json.dumps(spec).encode()).hexdigest()[:16]


def evaluate_policy(settings: PipelineSettings, checkpoint: str | None, client, scorer, *, label: str,
                    progress: bool = True, renders_path: Path | None = None) -> pa.Table:
    """Scorecards of a policy on the first `eval_prompts` held-out prompts, with the same seeds every time;
    the renders table (where each painting is) is written to `renders_path` when given."""
    from paint_pipeline.policy.policy_io import load_policy, system_prompt_for
    from paint_pipeline.policy.rollouts import to_table as rollouts_table
    from paint_pipeline.policy.sampling import generate

    ensure_base_model(settings)
    config = settings.policy_config()
    prompts = load_split(settings.eval_split)[: settings.eval_prompts]
    model, tokenizer, profile = load_policy(config, checkpoint)
    rollouts = generate(model, tokenizer, [(p.prompt_id, p.prompt) for p in prompts],
                        group_size=settings.eval_samples_per_prompt, temperature=settings.eval_temperature,
                        max_new_tokens=profile.max_new_tokens, base_seed=settings.eval_seed,
                        batch_size=config.generation_batch_size, progress=progress,
                        system_prompt=system_prompt_for(config, checkpoint), stop_repeats=config.stop_repeats,
                        decoding_guards=config.decoding_guards)
    del model
    table = rollouts_table(rollouts, cycle=f"eval-{label}", policy_checkpoint=checkpoint or "base")
    renders = render_rollouts(table, client, settings, settings.root / "evaluation_images" / label, progress=progress)
    cards, _ = score_renders(table, renders, scorer, progress=progress)
    if renders_path is not None:
        from paint_pipeline.parquet_io import write_table

        write_table(renders, renders_path)
    return cards


def evaluation_cache_path(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> Path:
    return settings.root / "evaluation_cache" / f"{evaluation_key(settings, checkpoint, reward_version)}.parquet"


def evaluation_renders_path(cache_path: Path) -> Path:
    """The renders table kept beside a cached evaluation (for its gallery)."""
    return cache_path.with_suffix(".renders.parquet")


def cached_evaluation(settings: PipelineSettings, checkpoint: str | None, client, scorer, *, label: str,
                      log: Log = print) -> pa.Table:
    """The evaluation of a checkpoint, computed once per (weights, evaluation settings, reward version)."""
    from paint_pipeline.parquet_io import write_table
    from paint_pipeline.reward.table import read_table

    path = evaluation_cache_path(settings, checkpoint, scorer.version)
    if path.is_file():
        log(f"evaluation of {label}: cached at {path}")
        return read_table(path)
    table = evaluate_policy(settings, checkpoint, client, scorer, label=label,
                            renders_path=evaluation_renders_path(path))
    write_table(table, path)
    return table


def evaluation_images(settings: PipelineSettings, checkpoint: str | None, reward_version: str) -> dict[str, str]:
    """sample_id -> image path of a cached evaluation's paintings; empty when its renders were not kept."""
    from paint_pipeline.parquet_io import TableFileError
    from paint_pipeline.render.table import image_paths, read_renders

    path = evaluation_renders_path(evaluation_cache_path(settings, checkpoint, reward_version))
    if not path.is_file():
        return {}
    try:
        renders = read_renders(path)
    except TableFileError:
        return {}
    return image_paths(renders)


def sample_key(sample_id: str) -> str:
    """`<prompt_id>/<k>` of a held-out sample id `<label>/<prompt_id>/<k>`: the policy's label dropped, so the
    evaluations of two policies on the same prompts and seeds pair key by key."""
    return sample_id.split("/", 1)[-1]


def sample_totals(table: pa.Table) -> dict[str, float]:
    """Each held-out sample's total by its sample_key."""
    ids = [sample_key(sid) for sid in table.column("sample_id").to_pylist()]
    return dict(zip(ids, (float(t) for t in table.column("total").to_pylist())))


def paired_deltas(now: dict[str, float], before: dict[str, float]) -> np.ndarray:
    """`now[k] - before[k]` over the samples both hold (sample_totals), in sorted key order. Pairing removes the
    prompt-to-prompt spread (some prompts are simply harder) from the comparison; what is left is the change of
    the policy plus resampling noise."""
    if set(now) != set(before):
        missing = sorted(set(now) ^ set(before))
        raise ValueError(f"the two evaluations did not sample the same prompts and seeds ({len(missing)} unpaired "
                         f"samples, e.g. {missing[:3]}): were they made with different evaluation settings?")
    return np.array([now[k] - before[k] for k in sorted(now)], dtype=np.float64)


def paired_total_deltas(current: pa.Table, parent: pa.Table) -> np.ndarray:
    """Total reward of each held-out sample minus its parent's on the same prompt and seed (paired_deltas)."""
    return paired_deltas(sample_totals(current), sample_totals(parent))


def compare_evaluations(current: pa.Table, parent: pa.Table, *, confidence: float = 0.95) -> dict[str, float]:
    """Held-out metrics of a checkpoint next to its parent's: 95% bootstrap intervals of each mean total, and
    `eval_total_delta_upper`, the one-sided `confidence` upper bound of the paired mean change."""
    now, before = summarize_scorecards(current), summarize_scorecards(parent)
    lo, hi = bootstrap_ci(current.column("total").to_numpy())
    plo, phi = bootstrap_ci(parent.column("total").to_numpy())
    deltas = paired_total_deltas(current, parent)
    # The upper end of a two-sided interval at level 2c-1 is the one-sided upper bound at level c.
    _, delta_upper = bootstrap_ci(deltas, level=2 * confidence - 1)
    out = {f"eval_{k}": v for k, v in now.items()}
    out.update({f"parent_{k}": v for k, v in before.items() if k != "samples"})
    out.update({"eval_total_ci_low": lo, "eval_total_ci_high": hi, "parent_total_ci_low": plo,
                "parent_total_ci_high": phi, "eval_total_delta": float(deltas.mean()),
                "eval_total_delta_upper": delta_upper})
    return out
