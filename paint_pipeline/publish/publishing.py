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
from paint_pipeline.reward.config import TIERS
from paint_pipeline.publish.registry import list_files, publish_local, stage_entry


def _evaluation_summary(settings: PipelineSettings, cycle: str) -> dict[str, float]:
    from paint_pipeline.pipeline.steps import bootstrap_ci, summarize_scorecards
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
    from paint_pipeline.pipeline.steps import summarize_scorecards

    summary = {"cycle": cycle, "training": summarize_scorecards(cards), "held_out": evaluation, **reward}
    return {"adapter": checkpoint / "adapter", "card": card, "summary": summary, "lineage": chain,
            "checkpoint_manifest": manifest}


def publish_cycle(settings: PipelineSettings, cycle: str, checkpoint: Path, registry: Path, *, dry_run: bool = False,
                  log: Callable[[str], None] = print) -> dict[str, Any]:
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
    atomic_write_bytes(folder.parent / "latest.json", json.dumps({"version": cycle, "path": str(folder)}).encode())
    return {"registry_entry": folder, "targets": targets, "files": list_files(folder), "dry_run": False,
            "token_present": bool(os.environ.get("HF_TOKEN"))}
