"""The assets. Each is a thin wrapper: read the cycle's manifest, call a function of
`paint_pipeline.pipeline` (or the reward / policy packages), record metadata.

Per cycle (partitioned by `cycles`):
    rollouts -> renders -> scorecards -> policy_checkpoint -> evaluation -> cycle_review (human) -> published_model
Unpartitioned: prompts, policy_warm_start, reward_calibration. Backfill-only: rescored_scorecards.
"""


import json
import os
import sys
import time
import warnings
from collections import Counter

import pyarrow as pa
from dagster import (
    AssetExecutionContext,
    AssetSpec,
    Failure,
    MaterializeResult,
    MetadataValue,
    Output,
    PipesSubprocessClient,
    PreviewWarning,
    asset,
)

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.orchestration import checks
from paint_pipeline.orchestration.cycle_control import ensure_manifest
from paint_pipeline.orchestration.metadata import (
    best_and_worst,
    file_fields,
    numbers,
    render_gallery,
    reviewer_plots,
)
from paint_pipeline.orchestration.resources import (
    CheckpointStore,
    PipelineResource,
    PublisherResource,
    RendererResource,
    ScorerResource,
    table_path,
)
from paint_pipeline.orchestration.reviews import cycles, latest_reviews
from paint_pipeline.pipeline import evaluation as heldout
from paint_pipeline.pipeline import steps
from paint_pipeline.pipeline.cycles import WARM_START, manifest_path
from paint_pipeline.pipeline.dashboard import build_dashboard
from paint_pipeline.pipeline.stats import compare_evaluations, summarize_scorecards
from paint_pipeline.policy.checkpoint import open_checkpoint
from paint_pipeline.procstat import LAUNCHER_ENV
from paint_pipeline.prompts import SPLITS, check_no_overlap, load_split
from paint_pipeline.render.table import image_paths

BACKFILL_TAG = "dagster/backfill"  # on every run a backfill launches


def run_pipes_child(context: AssetExecutionContext, command: list[str], env: dict[str, str]):
    """Runs a worker under Dagster Pipes. Dagster's client reads a preview property of its own message reader
    on every launch; that warning (about Dagster's code) is silenced by its exact message, here only."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Function `PipesMessageReader.expected_writer_count`",
                                category=PreviewWarning)
        return PipesSubprocessClient().run(context=context, command=command, env=env)


def _lineage_fields(settings, manifest) -> dict:
    return {"cycle_parent": manifest.parent_cycle or "none", "parent_checkpoint": manifest.parent_checkpoint or "base",
            "config_hash": manifest.policy_config_hash, "settings_hash": manifest.settings_hash,
            "profile": manifest.profile, **file_fields("manifest", manifest_path(settings, manifest.cycle))}


@asset(group_name="data", description="The train / validation / test prompt sets, validated and checked for overlap.")
def prompts(context: AssetExecutionContext) -> MaterializeResult:
    splits = {name: load_split(name) for name in SPLITS}
    check_no_overlap(splits)
    categories = Counter(p.category for split in splits.values() for p in split)
    context.log.info(", ".join(f"{name}: {len(split)} prompts" for name, split in splits.items()))
    return MaterializeResult(metadata={
        **{f"{name}_prompts": len(split) for name, split in splits.items()},
        "categories": MetadataValue.json(dict(sorted(categories.items()))),
    })


@asset(group_name="policy", deps=[prompts], kinds={"pytorch"},
       description="Supervised warm start on procedural p5.brush sketches: the starting point of cycle 1.")
def policy_warm_start(context: AssetExecutionContext, pipeline: PipelineResource) -> MaterializeResult:
    settings = pipeline.settings()
    if settings.warm_start_steps == 0:
        context.log.info(f"profile {settings.profile!r} has no warm start: cycle 1 starts from the base model")
        return MaterializeResult(metadata={"steps": 0})
    # In a process of its own, so that the ~20 GB its training touches goes back to the OS before the first
    # cycle (see paint_pipeline/pipeline/warm_start_process.py).
    command = [sys.executable, "-m", "paint_pipeline.pipeline.warm_start_process", "--profile", pipeline.profile]
    result = run_pipes_child(context, command, env={**os.environ, LAUNCHER_ENV: str(os.getpid())})
    reported = result.get_materialize_result().metadata or {}
    manifest = open_checkpoint(reported["checkpoint"].value).manifest
    return MaterializeResult(metadata={**reported, "steps": settings.warm_start_steps,
                                       **numbers(manifest["metrics"]), "config_hash": manifest["config_hash"]})


@asset(partitions_def=cycles, group_name="cycle", io_manager_key="parquet", deps=[prompts, policy_warm_start],
       kinds={"pytorch", "parquet"}, description="G completions per training prompt from the cycle's parent policy, "
                                                "with token ids and sampling log-probs.")
def rollouts(context: AssetExecutionContext, pipeline: PipelineResource) -> Output[pa.Table]:
    if context.run.tags.get(BACKFILL_TAG):
        # Each cycle trains from its approved parent, one after the other: a backfill would run them all at once
        # from whatever parents exist now.
        raise Failure(description=f"{context.partition_key}: training is never backfilled (cycles are sequential, "
                                  "each from its approved parent); run `paint-pipeline cycle next`, or launch "
                                  "train_cycle for one cycle")
    settings = pipeline.settings()
    manifest = ensure_manifest(context.instance, settings, context.partition_key)
    context.log.info(f"{manifest.cycle}: parent {manifest.parent_cycle or 'none'} "
                     f"({manifest.parent_checkpoint or 'base model'}), T={manifest.temperature:.3f}, "
                     f"{len(manifest.prompt_ids)} prompts")
    started = time.perf_counter()
    table = steps.sample_rollouts(settings, manifest)
    seconds = time.perf_counter() - started
    tokens = sum(len(x) for x in table.column("completion_token_ids").to_pylist())
    return Output(table, metadata=reviewer_plots({
        **_lineage_fields(settings, manifest), "rollouts": table.num_rows, "temperature": manifest.temperature,
        "start_step": manifest.start_step, "completion_tokens": tokens, "tokens_per_s": tokens / max(seconds, 1e-9),
        "truncated_rate": sum(table.column("truncated").to_pylist()) / max(1, table.num_rows),
        "path": MetadataValue.path(str(table_path(settings, "rollouts", manifest.cycle))),
    }))


@asset(partitions_def=cycles, group_name="cycle", io_manager_key="parquet", kinds={"chromium", "parquet"},
       check_specs=[checks.spec(checks.RENDERS_SUCCEED, "renders", "Enough sketches render to learn from.", cycles)],
       description="Every rollout rendered in the sandboxed renderer; images beside the table.")
def renders(context: AssetExecutionContext, rollouts: pa.Table, pipeline: PipelineResource,
            renderer: RendererResource):
    settings = pipeline.settings()
    cycle = context.partition_key
    image_dir = settings.root / "renders" / cycle
    with renderer.session(settings) as client:
        table = steps.render_rollouts(rollouts, client, settings, image_dir)
    statuses = Counter(table.column("status").to_pylist())
    manifest = ensure_manifest(context.instance, settings, cycle)
    yield Output(table, metadata=reviewer_plots({
        "gallery": render_gallery(table),
        "render_success_rate": statuses.get("SUCCESS", 0) / max(1, table.num_rows),
        "renders": table.num_rows, "statuses": MetadataValue.json(dict(statuses)),
        "mean_render_ms": sum(table.column("render_ms").to_pylist()) / max(1, table.num_rows),
        "images": MetadataValue.path(str(image_dir)),
        **_lineage_fields(settings, manifest), **file_fields("rollouts", table_path(settings, "rollouts", cycle)),
    }))
    yield checks.render_success(table, settings)


@asset(partitions_def=cycles, group_name="cycle", io_manager_key="parquet", kinds={"parquet"},
       check_specs=[checks.spec(checks.REWARDS_VALID, "scorecards", "Totals are finite and in [0, 1].", cycles),
                    checks.spec(checks.REWARD_VARIANCE, "scorecards", "Enough groups carry a learning signal.",
                                cycles)],
       description="Five-tier scorecards with explanations and group advantages.")
def scorecards(context: AssetExecutionContext, rollouts: pa.Table, renders: pa.Table, pipeline: PipelineResource,
               scorer: ScorerResource):
    settings = pipeline.settings()
    cycle = context.partition_key
    reward = scorer.scorer(settings)
    table, stats = steps.score_renders(rollouts, renders, reward, scale_rewards=settings.policy_config().scale_rewards)
    summary = summarize_scorecards(table)
    manifest = ensure_manifest(context.instance, settings, cycle)
    yield Output(table, metadata=reviewer_plots({
        "best_and_worst": best_and_worst(table, image_paths(renders)),
        **numbers(summary), **numbers(stats), "reward_version": reward.version,
        "alignment_backend": reward.backend_name, **_lineage_fields(settings, manifest),
        **file_fields("rollouts", table_path(settings, "rollouts", cycle)),
        **file_fields("renders", table_path(settings, "renders", cycle)),
    }))
    yield checks.rewards_valid(table)
    yield checks.reward_variance(table, settings)


def _reward_version_of(scorecards_path) -> str:
    import pyarrow.parquet as pq

    versions = set(pq.read_table(scorecards_path, columns=["reward_version"]).column("reward_version").to_pylist())
    return ", ".join(sorted(versions)) or "none"


def _train_command(settings, processes: int, args: list[str]) -> list[str]:
    if processes == 1:
        return [sys.executable, "-m", "paint_pipeline.policy.train", *args]
    return [sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc_per_node={processes}",
            "-m", "paint_pipeline.policy.train", *args]


def train_processes(settings) -> int:
    """settings.train_processes, else one per GPU (1 on CPU), never more than a cycle's mini-batches can feed."""
    import torch

    from paint_pipeline.policy.hardware import resolve
    from paint_pipeline.policy.update import processes_to_launch

    if settings.train_processes:
        return settings.train_processes
    config = settings.policy_config()
    device = config.device or ("cuda" if torch.cuda.is_available() else "cpu")
    devices = max(1, torch.cuda.device_count()) if device.startswith("cuda") else 1
    return processes_to_launch(devices, config, resolve(config).group_size) if devices > 1 else 1


@asset(partitions_def=cycles, group_name="cycle", deps=[scorecards, rollouts], kinds={"pytorch"}, pool="policy_update",
       check_specs=[checks.spec(checks.CHECKPOINT_LOADS, "policy_checkpoint", "Every file matches the manifest.",
                                cycles)],
       description="The GRPO update (torchrun through Dagster Pipes), written atomically as a checkpoint.")
def policy_checkpoint(context: AssetExecutionContext, pipeline: PipelineResource, checkpoints: CheckpointStore):
    settings = pipeline.settings()
    cycle = context.partition_key
    manifest = ensure_manifest(context.instance, settings, cycle)
    config_file = settings.root / "cycles" / f"{cycle}.policy.json"
    atomic_write_bytes(config_file, json.dumps(manifest.policy_config, indent=2).encode())
    out = checkpoints.folder(settings, cycle)
    args = ["--config", str(config_file), "--rollouts", str(table_path(settings, "rollouts", cycle)),
            "--scorecards", str(table_path(settings, "scorecards", cycle)), "--out", str(out), "--cycle", cycle]
    if manifest.parent_checkpoint:
        args += ["--parent", manifest.parent_checkpoint]
    processes = train_processes(settings)
    context.log.info(f"{cycle}: GRPO update in {processes} process(es) from {manifest.parent_checkpoint or 'the base'}")
    # LAUNCHER_ENV: the update stops when this process is gone (policy/train.py), so a killed run never leaves a
    # trainer behind that a resumed one would race.
    env = {**os.environ, LAUNCHER_ENV: str(os.getpid()),
           "PYTORCH_CUDA_ALLOC_CONF": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")}
    result = run_pipes_child(context, _train_command(settings, processes, args), env)
    materialization = result.get_materialize_result()
    yield MaterializeResult(metadata=reviewer_plots({
        **(materialization.metadata or {}), **_lineage_fields(settings, manifest),
        **file_fields("rollouts", table_path(settings, "rollouts", cycle)),
        **file_fields("scorecards", table_path(settings, "scorecards", cycle)),
        "checkpoint_path": MetadataValue.path(str(out)), "processes": processes,
        "reward_version": _reward_version_of(table_path(settings, "scorecards", cycle)),
    }))
    yield checks.checkpoint_loads(out)


@asset(partitions_def=cycles, group_name="cycle", io_manager_key="parquet", deps=[policy_checkpoint],
       kinds={"pytorch", "parquet"},
       check_specs=[checks.spec(checks.NOT_WORSE, "evaluation", "Held-out reward not below the parent's.", cycles)],
       description="The checkpoint on held-out prompts with fixed seeds, next to its parent.")
def evaluation(context: AssetExecutionContext, pipeline: PipelineResource, renderer: RendererResource,
               scorer: ScorerResource, checkpoints: CheckpointStore):
    settings = pipeline.settings()
    cycle = context.partition_key
    manifest = ensure_manifest(context.instance, settings, cycle)
    folder = checkpoints.folder(settings, cycle)
    reward = scorer.scorer(settings)
    with renderer.session(settings) as client:
        current = heldout.cached_evaluation(settings, str(folder), client, reward, label=cycle, log=context.log.info)
        parent = heldout.cached_evaluation(settings, manifest.parent_checkpoint, client, reward,
                                         label=manifest.parent_cycle or (WARM_START if manifest.parent_checkpoint
                                                                         else "base"), log=context.log.info)
    comparison = compare_evaluations(current, parent, confidence=settings.eval_confidence)
    dashboard = build_dashboard(settings)  # regenerated after every cycle
    images = heldout.evaluation_images(settings, str(folder), reward.version)
    yield Output(current, metadata=reviewer_plots({
        "best_and_worst": best_and_worst(current, images), **numbers(comparison), "reward_version": reward.version,
        **_lineage_fields(settings, manifest), "checkpoint_path": MetadataValue.path(str(folder)),
        "dashboard": MetadataValue.path(str(dashboard))}))
    yield checks.not_worse(comparison, settings)


cycle_review = AssetSpec(
    "cycle_review", partitions_def=cycles, deps=[evaluation], group_name="review", kinds={"human"},
    description="The human gate. In the UI: launch the `review_cycle` job on the cycle with a decision, a reviewer "
                "and a note; from a shell: `paint-pipeline cycle approve CYCLE --by NAME` or `paint-pipeline cycle "
                "reject CYCLE --by NAME --note WHY`.",
)


@asset(partitions_def=cycles, group_name="review", deps=[cycle_review, policy_checkpoint, evaluation],
       kinds={"huggingface"}, description="An approved cycle's adapter in the registry (and on a hub if configured).")
def published_model(context: AssetExecutionContext, pipeline: PipelineResource, publisher: PublisherResource,
                    checkpoints: CheckpointStore) -> MaterializeResult:
    from paint_pipeline.publish.publishing import publish_cycle

    settings = pipeline.settings()
    cycle = context.partition_key
    review = latest_reviews(context.instance).get(cycle)
    if review is None or review["decision"] != "approved":
        state = "has no review" if review is None else f"was rejected by {review['reviewer']}: {review['note']}"
        raise Failure(f"{cycle} {state}; only approved cycles are published")
    report = publish_cycle(settings, cycle, checkpoints.folder(settings, cycle), publisher.registry(settings),
                           dry_run=publisher.dry_run, log=context.log.info)
    return MaterializeResult(metadata={"registry_entry": MetadataValue.path(str(report["registry_entry"])),
                                       "approved_by": review["reviewer"],
                                       "targets": MetadataValue.json(report["targets"]),
                                       **file_fields("checkpoint_manifest", checkpoints.folder(settings, cycle) /
                                                     "manifest.json")})


@asset(group_name="data", kinds={"chromium"},
       description="The labelled calibration sketches scored: evidence that the reward still ranks them right.")
def reward_calibration(context: AssetExecutionContext, pipeline: PipelineResource, renderer: RendererResource,
                       scorer: ScorerResource) -> MaterializeResult:
    from paint_pipeline.reward.calibration.labelled import run_calibration

    settings = pipeline.settings()
    reward = scorer.scorer(settings)
    with renderer.session(settings) as client:
        report = run_calibration(client, reward)
    passed = sum(c.passed for c in report.checks)
    context.log.info(report.table())
    if not report.passed:
        raise Failure(f"the reward ranks {len(report.checks) - passed} of {len(report.checks)} calibration pairs "
                      f"wrongly under {reward.version}:\n{report.table()}")
    return MaterializeResult(metadata={"orderings_passed": passed, "orderings": len(report.checks),
                                       "reward_version": reward.version, "report": MetadataValue.md(
                                           "```\n" + report.table() + "\n```")})


@asset(partitions_def=cycles, group_name="backfill", io_manager_key="parquet", deps=[scorecards, rollouts, renders],
       kinds={"parquet"}, output_required=False,
       description="A past cycle re-scored under the current reward version (backfill it over all cycles; a cycle "
                   "not yet scored is skipped, with a message); the training scorecards stay as they were.")
def rescored_scorecards(context: AssetExecutionContext, pipeline: PipelineResource, scorer: ScorerResource):
    import pyarrow.parquet as pq

    from paint_pipeline.policy.rollouts import read_rollouts
    from paint_pipeline.render.table import read_renders

    settings = pipeline.settings()
    cycle = context.partition_key
    needed = [table_path(settings, kind, cycle) for kind in ("rollouts", "renders", "scorecards")]
    missing = [p for p in needed if not p.is_file()]
    if missing:  # an unfinished cycle in a backfill over all of them: skipped, not a failed run
        context.log.warning(f"{cycle}: skipped, nothing to re-score yet ({', '.join(map(str, missing))} missing)")
        return
    rollouts, renders = read_rollouts(needed[0]), read_renders(needed[1])
    reward = scorer.scorer(settings)
    table, _ = steps.score_renders(rollouts, renders, reward, progress=False)
    before = pq.read_table(table_path(settings, "scorecards", context.partition_key),
                           columns=["sample_id", "total", "reward_version"]).to_pylist()
    previous = {r["sample_id"]: r for r in before}
    ids = table.column("sample_id").to_pylist()
    table = table.append_column("previous_total", pa.array([previous[i]["total"] for i in ids], pa.float64()))
    table = table.append_column("previous_reward_version", pa.array([previous[i]["reward_version"] for i in ids]))
    summary = summarize_scorecards(table)
    yield Output(table, metadata=reviewer_plots({
        **numbers(summary), "reward_version": reward.version,
        "previous_reward_version": before[0]["reward_version"] if before else "none"}))
