"""The GRPO update of one cycle, as a torchrun entry point.

    torchrun --nproc_per_node=N -m paint_pipeline.policy.train \\
        --config policy.json --rollouts R.parquet --scorecards S.parquet \\
        --out artifacts/checkpoints/cycle-0002 --cycle cycle-0002 [--parent artifacts/checkpoints/cycle-0001]

One process works too (`python -m paint_pipeline.policy.train ...`). With several, DDP runs over NCCL on
GPUs and gloo on CPU; every rank reads the same inputs, trains on its share of each mini-batch, and only
rank 0 writes the checkpoint, prints metrics and talks to Dagster Pipes (when launched by Dagster).
Several machines: torchrun's own rendezvous flags (`--nnodes`, `--node-rank`, `--rdzv-endpoint`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path

import torch

from paint_pipeline.policy.advantages import group_advantages
from paint_pipeline.policy.checkpoint import (
    CheckpointError,
    check_compatible,
    model_fingerprint,
    open_checkpoint,
    recorded_path,
    save_checkpoint,
    set_rng_state,
    sha256_file,
)
from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError
from paint_pipeline.policy.credit import blame_starts
from paint_pipeline.policy.guards import GuardSet, guard_names, masks_for_completion
from paint_pipeline.policy.hardware import HardwareProfile, resolve
from paint_pipeline.policy.reference import reference_logprobs, resolve_reference
from paint_pipeline.policy.rollouts import RolloutFileError, read_rollouts
from paint_pipeline.policy.sampling import output_vocab_size
from paint_pipeline.policy.update import (
    Example,
    apply_config_to_optimizer,
    check_world,
    completion_logprobs_of,
    cycle_minibatches,
    importance_weights,
    make_optimizer,
    plan_summary,
    run_update,
)
from paint_pipeline.procstat import LAUNCHER_ENV, exit_with_launcher
from paint_pipeline.reward.table import ScorecardFileError, read_table
from paint_pipeline.reward.tiers.compile_gate import RENDERER_FAULTS


def load_examples(rollouts_path: Path, scorecards_path: Path, config: PolicyConfig,
                  guards_for=None, tokenizer=None) -> tuple[list[Example], dict]:
    """Joins rollouts and scorecards on sample_id; advantages from the scorecards (or their totals).

    Rollouts sampled with decoding guards get their masks back (`guards_for(names)` builds a GuardSet).
    With `failure_credit="error_line"` a failed rollout's blame starts at its error line (credit.py), which
    takes the tokenizer that sampled it.
    """
    rollouts = read_rollouts(rollouts_path).to_pylist()
    cards = {row["sample_id"]: row for row in read_table(scorecards_path).to_pylist()}
    missing = [r["sample_id"] for r in rollouts if r["sample_id"] not in cards]
    if missing:
        raise ValueError(f"{scorecards_path}: no scorecard for {len(missing)} rollouts (first: {missing[0]})")
    # A renderer fault is not the policy's failure: such a rollout is left out (and counted), never trained on.
    faults = [r for r in rollouts if cards[r["sample_id"]]["status"] in RENDERER_FAULTS]
    rollouts = [r for r in rollouts if cards[r["sample_id"]]["status"] not in RENDERER_FAULTS]
    advantages = [cards[r["sample_id"]]["advantage"] for r in rollouts]
    totals = [cards[r["sample_id"]]["total"] for r in rollouts]
    values, s = group_advantages(totals, [r["prompt_id"] for r in rollouts], scale=config.scale_rewards)
    # Groups whose rewards are all equal teach nothing (every advantage 0): counted always, dropped on request.
    stats = {"groups": s.groups, "zero_std_groups": s.zero_std_groups, "reward_mean": s.reward_mean,
             "renderer_faults_left_out": len(faults)}
    if any(a is None for a in advantages):
        advantages = [float(v) for v in values]
    flat_groups = _zero_std_groups(rollouts, totals)
    starts = [0] * len(rollouts)
    if config.failure_credit == "error_line":
        if tokenizer is None:
            raise ValueError("failure_credit 'error_line' needs the tokenizer to find a line's first token")
        failures = [{**r, "advantage": a, "error_line": _error_line(cards[r["sample_id"]], scorecards_path)}
                    for r, a in zip(rollouts, advantages)]
        starts, credit = blame_starts(failures, lambda ids: tokenizer.decode(ids, skip_special_tokens=True))
        stats |= credit.to_dict()
    guard_sets: dict[tuple[str, ...], GuardSet] = {}
    examples = []
    for r, a, start in zip(rollouts, advantages, starts):
        masks = ()
        try:  # recorded with their rule versions (guard_ids)
            names = guard_names(r["decoding_guards"] or ())
        except ValueError as exc:
            raise ValueError(f"{rollouts_path}: {r['sample_id']}: {exc}") from None
        if names:
            if names not in guard_sets:
                if guards_for is None:
                    raise ValueError(f"{rollouts_path}: rollouts sampled with decoding guards {list(names)}, and "
                                     "no tokenizer to rebuild their masks")
                guard_sets[names] = guards_for(names)
            try:
                masks = tuple(masks_for_completion(guard_sets[names], r["completion_token_ids"]))
            except ValueError as exc:
                raise ValueError(f"{rollouts_path}: {r['sample_id']}: {exc}") from None
        if config.drop_zero_std_groups and r["prompt_id"] in flat_groups:
            continue
        examples.append(Example(r["prompt_token_ids"], r["completion_token_ids"], r["sampling_logprobs"], float(a),
                                float(r["temperature"]), masks, credit_start=start,
                                masked=bool(config.mask_truncated_completions and r["truncated"])))
    if config.drop_zero_std_groups:
        stats["dropped_zero_std_rollouts"] = sum(r["prompt_id"] in flat_groups for r in rollouts)
    if config.mask_truncated_completions:
        stats["masked_truncated"] = sum(e.masked for e in examples)
    return [e for e in examples if e.completion_token_ids], stats


def _zero_std_groups(rollouts: list[dict], totals: list[float]) -> set[str]:
    by_group: dict[str, list[float]] = {}
    for r, t in zip(rollouts, totals):
        by_group.setdefault(r["prompt_id"], []).append(t)
    return {g for g, values in by_group.items() if max(values) - min(values) <= 1e-12}


def _error_line(card: dict, scorecards_path: Path) -> int | None:
    """The compile gate's `error_line` detail of a scorecard row (reward/tiers/compile_gate.py), if any."""
    try:
        line = json.loads(card["details"] or "{}").get("error_line")
    except (json.JSONDecodeError, AttributeError):
        raise ValueError(f"{scorecards_path}: {card['sample_id']}: the details column is not a JSON object") from None
    return None if line is None else int(line)


def build_policy(config: PolicyConfig, profile: HardwareProfile, parent: Path | None):
    """The base model with a trainable LoRA adapter: the parent's, or a fresh one seeded by config.seed."""
    from peft import PeftModel

    from paint_pipeline.policy.models import add_lora, load_base, load_tokenizer, resolve_base_model

    source = resolve_base_model(config.base_model, config.models_dir)
    tokenizer = load_tokenizer(source)
    base = load_base(source, dtype=profile.torch_dtype, device=profile.device)
    if parent is None:
        torch.manual_seed(config.seed)
        return add_lora(base, config), tokenizer
    return PeftModel.from_pretrained(base, parent / "adapter", is_trainable=True), tokenizer


@contextmanager
def dagster_pipes_session(rank: int = 0):
    """Dagster Pipes on rank 0 when Dagster launched us; otherwise nothing (every rank inherits the env)."""
    if rank != 0 or "DAGSTER_PIPES_CONTEXT" not in os.environ:
        yield None
        return
    from dagster_pipes import open_dagster_pipes

    with open_dagster_pipes() as pipes:
        yield pipes


def train_cycle(*, config: PolicyConfig, rollouts: Path, scorecards: Path, out: Path, cycle: str,
                parent: Path | None = None, rank: int = 0, world_size: int = 1, log=print) -> dict:
    profile = resolve(config)
    if world_size > 1 and profile.device.startswith("cuda"):
        profile = HardwareProfile(**{**profile.to_dict(), "device": f"cuda:{int(os.environ.get('LOCAL_RANK', 0))}"})
        torch.cuda.set_device(profile.device)
    checkpoint = None
    if parent is not None:
        checkpoint = open_checkpoint(parent)
        check_compatible(checkpoint, base_model=config.base_model)
    reference = resolve_reference(parent) if config.beta != 0.0 else None
    model, tokenizer = build_policy(config, profile, parent)
    optimizer, scheduler = make_optimizer(model, config)
    start_step = 0
    changed: list[str] = []
    # A warm start's optimizer belongs to the supervised loss: GRPO starts its own, at step 0.
    if checkpoint is not None and checkpoint.manifest.get("kind") != "warm_start":
        state = checkpoint.training_state()
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        start_step = int(state["step"])
        set_rng_state(state["rng"])
        # The moments carry over; the settings are this run's config (a resumed state would restore the old ones).
        changed = apply_config_to_optimizer(optimizer, scheduler, config)
    examples, stats = load_examples(rollouts, scorecards, config,
                                    guards_for=lambda names: GuardSet(names, tokenizer,
                                                                      output_vocab_size(model, tokenizer)),
                                    tokenizer=tokenizer)
    if not examples:
        raise ValueError(f"{rollouts}: no rollouts left to train on")
    plan = cycle_minibatches(len(examples), config.steps_per_cycle, config.minibatch_size, config.seed, start_step)
    check_world(plan, world_size, len(examples), config)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    batch_kwargs = dict(pad_id=pad_id, micro_batch_size=profile.micro_batch_size, rank=rank, world_size=world_size)
    is_weights = None
    old_logprobs = config.old_logprobs
    if old_logprobs == "auto":
        # The sampler's log-probs are the update's only when both compute in fp32 alike; otherwise they are
        # recomputed in the update's own forward passes (first-step ratio 1) and the gap is importance-weighted.
        alike = profile.dtype == "float32" and profile.train_autocast is None and profile.sample_dtype is None
        old_logprobs = "sampler" if alike else "recompute"
    if old_logprobs == "recompute":
        with profile.autocast():
            recomputed = completion_logprobs_of(model, examples, plan, **batch_kwargs)
        examples = [replace(e, recomputed_logprobs=lp) for e, lp in zip(examples, recomputed)]
        is_weights, is_stats = importance_weights(examples, config.importance_sampling_cap)
        stats |= is_stats
    if reference is not None:
        with profile.autocast():
            ref = reference_logprobs(model, examples, reference, plan, **batch_kwargs)
        examples = [replace(e, ref_logprobs=lp) for e, lp in zip(examples, ref)]
    train_model = model
    if world_size > 1:
        from torch.nn.parallel import DistributedDataParallel

        train_model = DistributedDataParallel(model, device_ids=[profile.device] if profile.device != "cpu" else None)
    if rank == 0:
        log(f"[train] {cycle}: {len(examples)} rollouts, steps {start_step}..{start_step + config.steps_per_cycle}, "
            f"{world_size} process(es), {profile.describe()}; old log-probs from the {old_logprobs}"
            + (f"; KL reference: {reference.describe()}" if reference is not None else ""))
        if changed:
            log(f"[train] the parent's optimizer state had other settings; this config's apply: {'; '.join(changed)}")
        if "sampler_logprob_gap_max" in stats:
            log(f"[train] sampler vs update log-probs: mean gap {stats['sampler_logprob_gap_mean']:.2e}, max "
                f"{stats['sampler_logprob_gap_max']:.2e}; importance weights {stats['is_weight_min']:.3f}.."
                f"{stats['is_weight_max']:.3f} ({stats['is_weight_capped_share']:.1%} capped)")
        if "error_line_located" in stats:
            log(f"[train] error-line credit: {stats['error_line_located']} failed rollouts blamed from their error "
                f"line on ({stats['error_line_freed_share']:.0%} of their tokens freed on average), "
                f"{stats['error_line_unlocated']} not located (blamed whole)")
    history = run_update(
        model, examples, config, optimizer, scheduler, start_step=start_step, steps=config.steps_per_cycle,
        max_new_tokens=profile.max_new_tokens, train_model=train_model, is_weights=is_weights,
        autocast=profile.autocast, **batch_kwargs,
        on_step=(lambda m: log(f"[train] step {m['step']}: loss {m['loss']:.4f} "
                               f"kl {'-' if m['kl'] is None else format(m['kl'], '.4f')} "
                               f"clip {m['clip_fraction']:.3f} grad {m['grad_norm']:.3f}")) if rank == 0 else None,
    )
    summary = {"cycle": cycle, "steps": history[-1]["step"], "history": history, **stats}
    if rank == 0:
        # Paths relative to the checkpoint's folder: the artifacts tree can be moved or copied whole.
        manifest = {
            "cycle": cycle, "parent": recorded_path(parent, out) if parent else None, "base_model": config.base_model,
            "base_model_fingerprint": model_fingerprint(config.base_model),
            "config": config.to_dict(), "config_hash": config.config_hash(), "hardware": profile.to_dict(),
            "world_size": world_size, "old_logprobs": old_logprobs,
            "kl_reference": ({**reference.to_dict(), "path": recorded_path(reference.path, out) if reference.path
                              else None} if reference is not None else None),
            "optimizer_settings_changed": changed,
            "inputs": {"rollouts": {"path": recorded_path(rollouts, out), "sha256": sha256_file(rollouts)},
                       "scorecards": {"path": recorded_path(scorecards, out), "sha256": sha256_file(scorecards)}},
            "metrics": {k: v for k, v in history[-1].items()} | stats, "history": history,
            "minibatches": plan_summary(plan, len(examples)),
        }
        save_checkpoint(out, model, optimizer, scheduler, step=history[-1]["step"], manifest=manifest)
        log(f"[train] checkpoint written to {out}")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m paint_pipeline.policy.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", type=Path, help="policy config JSON (default: the defaults)")
    parser.add_argument("--rollouts", type=Path, required=True)
    parser.add_argument("--scorecards", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True, help="checkpoint folder to write")
    parser.add_argument("--cycle", required=True)
    parser.add_argument("--parent", type=Path, default=None, help="parent checkpoint (default: the base model)")
    args = parser.parse_args(argv)
    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    try:
        config = PolicyConfig.from_file(args.config) if args.config else PolicyConfig()
    except PolicyConfigError as exc:
        print(f"paint_pipeline.policy.train: {exc}", file=sys.stderr)
        return 1
    if os.environ.get(LAUNCHER_ENV, "").isdigit():
        exit_with_launcher(int(os.environ[LAUNCHER_ENV]))
    if world_size > 1:
        import torch.distributed as dist

        dist.init_process_group("nccl" if torch.cuda.is_available() and (config.device or "cuda") != "cpu" else "gloo")
    from paint_pipeline.fileio import LockBusy, exclusive_lock, lock_path_for

    try:
        # Held for the trainer's life: `cycle resume` refuses while it is, and a second trainer of the same
        # checkpoint stops here.
        lock = exclusive_lock(lock_path_for(args.out, "train"), what=f"another update writing {args.out}") \
            if rank == 0 else nullcontext()
        with lock, dagster_pipes_session(rank) as pipes:
            log = pipes.log.info if pipes is not None else print
            summary = train_cycle(config=config, rollouts=args.rollouts, scorecards=args.scorecards, out=args.out,
                                  cycle=args.cycle, parent=args.parent, rank=rank, world_size=world_size, log=log)
            if pipes is not None:
                last = summary["history"][-1]
                pipes.report_asset_materialization(metadata={
                    "checkpoint": {"raw_value": str(args.out), "type": "path"},
                    "step": last["step"], "loss": last["loss"], "grad_norm": last["grad_norm"],
                    **({"kl": last["kl"]} if last["kl"] is not None else {}),  # beta 0: not measured
                })
            elif rank == 0:
                print(json.dumps({k: v for k, v in summary.items() if k != "history"}))
    except (CheckpointError, PolicyConfigError, RolloutFileError, ScorecardFileError, ValueError, LockBusy) as exc:
        # Bad inputs: one line naming the file and the problem, not a traceback.
        print(f"paint_pipeline.policy.train: {exc}", file=sys.stderr)
        return 1
    finally:
        if world_size > 1:
            import torch.distributed as dist

            dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
