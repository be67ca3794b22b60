"""The local model registry: `<registry>/<name>/<version>/` with the adapter, the model card, a scorecard
summary and the lineage. An entry is assembled in a temporary folder and renamed into place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from paint_pipeline.fileio import staged_folder


def stage_entry(folder: Path, *, adapter: Path, card: str, summary: dict[str, Any], lineage: list[dict[str, Any]],
                checkpoint_manifest: dict[str, Any]) -> Path:
    """Writes the files of a registry entry (or of an upload) into `folder`."""
    from paint_pipeline.policy.models import published_base_name

    shutil.copytree(adapter, folder / "adapter")
    config_path = folder / "adapter" / "adapter_config.json"
    if config_path.is_file():  # the base as the Hub knows it, not this machine's path to it
        config = json.loads(config_path.read_text())
        config["base_model_name_or_path"] = published_base_name(str(checkpoint_manifest.get("base_model")))
        config_path.write_text(json.dumps(config, indent=2, sort_keys=True))
    (folder / "README.md").write_text(card)
    (folder / "scorecard_summary.json").write_text(json.dumps(summary, indent=2, sort_keys=True))
    (folder / "lineage.json").write_text(json.dumps(lineage, indent=2))
    (folder / "checkpoint_manifest.json").write_text(json.dumps(checkpoint_manifest, indent=2, sort_keys=True))
    return folder


def publish_local(registry: Path, name: str, version: str, **entry: Any) -> Path:
    """Adds (or replaces) one version; a crash leaves the previous entry or none, never half of one."""
    target = registry / name / version
    with staged_folder(target) as tmp:
        stage_entry(tmp, **entry)
    return target


def list_files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
