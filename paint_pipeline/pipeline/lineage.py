"""Lineage: from a checkpoint (or a cycle) back through the tables that trained it to the base model.

    checkpoint -> scorecards -> renders -> rollouts -> prompts, then the parent checkpoint, ... ,
    the warm start, the base model

Read from the files themselves (checkpoint manifests record their inputs' paths and sha256; cycle
manifests record parents and prompts), so it works without a Dagster instance and notices a table that
changed after training.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.pipeline.cycles import CYCLE_RE, read_manifest
from paint_pipeline.pipeline.settings import PipelineSettings


class LineageError(PaintPipelineError, ValueError):
    """The starting point or a link of the chain is missing; the message names it."""


def _sha(path: Path) -> str | None:
    if not path.is_file():
        return None
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _table(kind: str, path: Path, recorded: str | None = None) -> dict[str, Any]:
    actual = _sha(path)
    state = "missing" if actual is None else ("unchanged" if recorded in (None, actual) else "CHANGED since training")
    return {"kind": kind, "name": path.stem, "path": str(path), "sha256": actual, "state": state}


def lineage(settings: PipelineSettings, target: str) -> list[dict[str, Any]]:
    from paint_pipeline.policy.checkpoint import CheckpointError, parent_chain

    folder = settings.root / "checkpoints" / target if CYCLE_RE.match(target) else Path(target)
    try:
        return _lineage(settings, parent_chain(folder))
    except CheckpointError as exc:
        raise LineageError(str(exc)) from None


def _lineage(settings: PipelineSettings, parents) -> list[dict[str, Any]]:
    from paint_pipeline.policy.checkpoint import resolve_recorded

    chain: list[dict[str, Any]] = []
    base = None
    for folder, manifest in parents:
        base = manifest.get("base_model")
        if manifest.get("kind") == "warm_start":
            chain.append({"kind": "warm_start", "name": "warm-start", "path": str(folder),
                          "pairs": manifest.get("inputs", {}).get("pairs"),
                          "steps": manifest.get("metrics", {}).get("sft_steps"),
                          "config_hash": manifest.get("config_hash")})
            break
        cycle = manifest.get("cycle", folder.name)
        inputs = manifest.get("inputs", {})
        parent = manifest.get("parent")
        chain.append({"kind": "cycle", "name": cycle, "path": str(folder), "step": manifest.get("step"),
                      "config_hash": manifest.get("config_hash"),
                      "parent": str(resolve_recorded(parent, folder)) if parent else None})
        recorded = inputs.get("scorecards", {}).get("path")
        scorecards = (resolve_recorded(recorded, folder) if recorded
                      else settings.root / "scorecards" / f"{cycle}.parquet")
        entry = _table("scorecards", scorecards, inputs.get("scorecards", {}).get("sha256"))
        if entry["sha256"]:
            from paint_pipeline.reward.table import read_table

            versions = sorted(set(read_table(scorecards).column("reward_version").to_pylist()))
            entry["reward_version"] = ", ".join(versions)
        chain.append(entry)
        chain.append(_table("renders", settings.root / "renders" / f"{cycle}.parquet"))
        recorded = inputs.get("rollouts", {}).get("path")
        rollouts = resolve_recorded(recorded, folder) if recorded else settings.root / "rollouts" / f"{cycle}.parquet"
        chain.append(_table("rollouts", rollouts, inputs.get("rollouts", {}).get("sha256")))
        cycle_manifest = read_manifest(settings, cycle)
        if cycle_manifest is not None:
            chain.append({"kind": "prompts", "name": "train.jsonl", "path": "data/prompts/train.jsonl",
                          "prompt_ids": cycle_manifest.prompt_ids, "temperature": cycle_manifest.temperature})
    chain.append({"kind": "base_model", "name": base})
    return chain


def format_lineage(chain: list[dict[str, Any]]) -> str:
    lines = []
    for step in chain:
        kind = step["kind"]
        if kind == "cycle":
            lines.append(f"checkpoint  {step['name']}  {step['path']}  step {step['step']}  "
                         f"config {step['config_hash']}")
        elif kind in ("scorecards", "renders", "rollouts"):
            sha = (step["sha256"] or "")[:12]
            extra = f"  reward {step['reward_version']}" if step.get("reward_version") else ""
            lines.append(f"  {kind:<11} {step['path']}  sha256 {sha or '-'} ({step['state']}){extra}")
        elif kind == "prompts":
            ids = step["prompt_ids"]
            lines.append(f"  {'prompts':<11} {step['path']}: {', '.join(ids[:6])}{' ...' if len(ids) > 6 else ''} "
                         f"({len(ids)} prompts, T={step['temperature']:.3f})")
        elif kind == "warm_start":
            lines.append(f"warm start  {step['path']}  ({step['pairs']} procedural sketches, {step['steps']} steps)")
        else:
            lines.append(f"base model  {step['name']}")
    return "\n".join(lines)
