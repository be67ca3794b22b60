"""Publishing one approved cycle: assemble the entry (adapter, model card, scorecard summary, lineage),
add it to the local registry, then upload the same folder to the Hugging Face Hub and Kaggle Models when
the profile names them. `dry_run` lists the files and targets instead of writing or uploading."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.pipeline.lineage import lineage
from paint_pipeline.pipeline.settings import PipelineSettings
from paint_pipeline.publish.hub import PublishError
from paint_pipeline.publish.model_card import model_card
from paint_pipeline.publish.registry import list_files, publish_local, stage_entry
from paint_pipeline.reward.config import TIERS


def _evaluation_summary(settings: PipelineSettings, cycle: str) -> dict[str, float]:
    from paint_pipeline.pipeline.stats import bootstrap_ci, summarize_scorecards
    from paint_pipeline.reward.table import read_table

    path = settings.root / "evaluation" / f"{cycle}.parquet"
    if not path.is_file():
        return {}
    table = read_table(path)
    lo, hi = bootstrap_ci(table.column("total").to_numpy())
    return {**summarize_scorecards(table), "total_ci_low": lo, "total_ci_high": hi}


def verify_training_inputs(settings: PipelineSettings, cycle: str, manifest: dict[str, Any]) -> None:
    """The rollouts and scorecards a model card summarises are the files the checkpoint was trained on: their
    sha256 matches the one its manifest recorded, or publishing stops, naming the file."""
    from paint_pipeline.policy.checkpoint import sha256_file

    for kind in ("rollouts", "scorecards"):
        recorded = manifest.get("inputs", {}).get(kind, {}).get("sha256")
        path = settings.root / kind / f"{cycle}.parquet"
        if recorded is None:
            raise PublishError(f"{cycle}: the checkpoint's manifest records no hash of its {kind}: cannot show that "
                               f"{path} is what it was trained on")
        if not path.is_file():
            raise PublishError(f"{path} is missing: the {kind} {cycle} was trained on are gone")
        if sha256_file(path) != recorded:
            raise PublishError(f"{path} has CHANGED since training (its sha256 is not the one the checkpoint "
                               f"recorded): refusing to publish a summary of other data; restore the file, or "
                               f"re-run the cycle")


def entry_contents(settings: PipelineSettings, cycle: str, checkpoint: Path) -> dict[str, Any]:
    from paint_pipeline.policy.checkpoint import open_checkpoint
    from paint_pipeline.reward.table import read_table

    manifest = open_checkpoint(checkpoint).manifest  # verifies every file first
    verify_training_inputs(settings, cycle, manifest)
    chain = lineage(settings, str(checkpoint))
    cards = read_table(settings.root / "scorecards" / f"{cycle}.parquet")
    reward = {"reward_version": cards.column("reward_version")[0].as_py() if cards.num_rows else None,
              "alignment_backend": cards.column("alignment_backend")[0].as_py() if cards.num_rows else None,
              "weights": {t: getattr(settings.reward_config(), f"w_{t}") for t in TIERS}}
    evaluation = _evaluation_summary(settings, cycle)
    card = model_card(name=settings.registry_name, cycle=cycle, checkpoint=manifest, reward=reward,
                      evaluation=evaluation, lineage=chain)
    from paint_pipeline.pipeline.stats import summarize_scorecards

    summary = {"cycle": cycle, "training": summarize_scorecards(cards), "held_out": evaluation, **reward}
    return {"adapter": checkpoint / "adapter", "card": card, "summary": summary, "lineage": chain,
            "checkpoint_manifest": manifest}


RETRACTED = "RETRACTED.json"


def published_versions(models: Path) -> list[str]:
    """The cycles published under `<registry>/<name>/` and not retracted, oldest first."""
    from paint_pipeline.pipeline.cycles import CYCLE_RE, cycle_index

    found = [p.name for p in models.glob("cycle-*") if p.is_dir() and CYCLE_RE.match(p.name)
             and not (p / RETRACTED).exists()]
    return sorted(found, key=cycle_index)


def _point_latest(models: Path, version: str | None) -> None:
    latest = models / "latest.json"
    if version is None:
        latest.unlink(missing_ok=True)
    else:
        atomic_write_bytes(latest, json.dumps({"version": version, "path": str(models / version)}).encode())


def _latest_version(models: Path) -> str | None:
    try:
        return json.loads((models / "latest.json").read_text())["version"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def retract(settings: PipelineSettings, cycle: str, *, reason: str) -> list[str]:
    """A cycle rejected after it was published: its registry entry is marked retracted (kept, for the record) and
    `latest` moves to the newest published cycle still standing (or goes, when none is). Returns what it did."""
    models = settings.root / "registry" / settings.registry_name
    entry = models / cycle
    if not entry.is_dir() or (entry / RETRACTED).exists():
        return []
    from datetime import datetime, timezone

    atomic_write_bytes(entry / RETRACTED, json.dumps({"reason": reason, "at": datetime.now(timezone.utc).isoformat(
        timespec="seconds")}).encode())
    said = [f"retracted the published {entry} ({RETRACTED})"]
    if _latest_version(models) == cycle:
        standing = published_versions(models)
        _point_latest(models, standing[-1] if standing else None)
        said.append(f"latest now points at {standing[-1]}" if standing else "no published cycle is left: latest "
                                                                               "removed")
    return said


def publish_cycle(settings: PipelineSettings, cycle: str, checkpoint: Path, registry: Path, *, dry_run: bool = False,
                  move_latest_back: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """`move_latest_back`: point `latest` at this cycle even when a newer one is published (never by default)."""
    entry = entry_contents(settings, cycle, checkpoint)
    targets: list[str] = [f"registry:{registry / settings.registry_name / cycle}"]
    if settings.hub_repo_id:
        targets.append(f"huggingface:{settings.hub_repo_id}")
    if settings.kaggle_handle:
        targets.append(f"kaggle:{settings.kaggle_handle}")
    if dry_run:
        with tempfile.TemporaryDirectory() as tmp:
            files = list_files(stage_entry(Path(tmp) / "entry", **entry))
        for target in targets:
            log(f"[dry run] would publish {len(files)} files to {target}: {', '.join(files)}")
        return {"registry_entry": registry / settings.registry_name / cycle, "targets": targets, "files": files,
                "dry_run": True}
    folder = publish_local(registry, settings.registry_name, cycle, **entry)
    log(f"published {cycle} to {folder}")
    if settings.hub_repo_id:
        from paint_pipeline.publish.hub import upload_to_hub

        url = upload_to_hub(folder, settings.hub_repo_id, commit_message=f"paint-pipeline {cycle}")
        log(f"uploaded {cycle} to {url}")
    if settings.kaggle_handle:
        from paint_pipeline.publish.kaggle import upload_to_kaggle

        upload_to_kaggle(folder, settings.kaggle_handle, version_notes=f"paint-pipeline {cycle}")
        log(f"uploaded {cycle} to Kaggle Models {settings.kaggle_handle}")
    from paint_pipeline.pipeline.cycles import cycle_index

    current = _latest_version(folder.parent)
    if current and current != cycle and cycle_index(current) > cycle_index(cycle) and not move_latest_back \
            and current in published_versions(folder.parent):
        log(f"latest stays at {current} (newer than {cycle}; publish with --move-latest-back to point it here)")
    else:
        _point_latest(folder.parent, cycle)
    return {"registry_entry": folder, "targets": targets, "files": list_files(folder), "dry_run": False,
            "token_present": bool(os.environ.get("HF_TOKEN"))}
