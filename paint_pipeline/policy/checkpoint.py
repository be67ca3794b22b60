"""Checkpoints: `<root>/<cycle>/` with the LoRA adapter, the training state and a manifest.

    adapter/              what `PeftModel.from_pretrained(base, folder)` loads (safetensors)
    training_state.pt     optimizer, scheduler, global step, RNG states
    manifest.json         parent, base model, config and its hash, inputs and their hashes, metrics,
                          and the sha256 of every file above

Written into a temporary folder next to the target and renamed into place, so a
crash leaves either no checkpoint or a complete one. Loading checks the
manifest's hashes first: a missing, truncated or altered file is named.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.fileio import staged_folder

MANIFEST = "manifest.json"
STATE = "training_state.pt"
ADAPTER = "adapter"
FORMAT = 1


class CheckpointError(PaintPipelineError, RuntimeError):
    """A checkpoint is missing, incomplete or does not match; the message names the file."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def rng_state() -> dict[str, Any]:
    return {"torch": torch.get_rng_state(), "python": random.getstate(), "numpy": np.random.get_state(),
            "cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None}


def set_rng_state(state: dict[str, Any]) -> None:
    torch.set_rng_state(state["torch"])
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    if state.get("cuda") is not None and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def save_checkpoint(folder: str | Path, model, optimizer, scheduler, *, step: int, manifest: dict[str, Any]) -> Path:
    """Writes the checkpoint atomically; returns its folder. `model` is the (unwrapped) peft model."""
    folder = Path(folder)
    with staged_folder(folder) as tmp:
        model.save_pretrained(tmp / ADAPTER, safe_serialization=True)
        torch.save({"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "step": step,
                    "rng": rng_state()}, tmp / STATE)
        files = {str(p.relative_to(tmp)): sha256_file(p) for p in sorted(tmp.rglob("*")) if p.is_file()}
        full = {"format": FORMAT, **manifest, "step": step, "files": files}
        (tmp / MANIFEST).write_text(json.dumps(full, indent=2, sort_keys=True))
    return folder


@dataclass(frozen=True)
class Checkpoint:
    folder: Path
    manifest: dict[str, Any]

    @property
    def adapter(self) -> Path:
        return self.folder / ADAPTER

    def training_state(self) -> dict[str, Any]:
        try:
            return torch.load(self.folder / STATE, map_location="cpu", weights_only=False)
        except Exception as exc:  # torch raises several types for a corrupt file
            raise CheckpointError(f"{self.folder / STATE}: cannot read the training state: {exc}") from None


def open_checkpoint(folder: str | Path, *, verify: bool = True) -> Checkpoint:
    folder = Path(folder)
    manifest_path = folder / MANIFEST
    if not folder.is_dir():
        raise CheckpointError(f"checkpoint {folder} does not exist")
    if not manifest_path.is_file():
        raise CheckpointError(f"{manifest_path} is missing: {folder} is not a complete checkpoint")
    try:
        manifest = json.loads(manifest_path.read_text())
    except json.JSONDecodeError as exc:
        raise CheckpointError(f"{manifest_path} is not valid JSON: {exc}") from None
    if manifest.get("format") != FORMAT:
        raise CheckpointError(f"{manifest_path}: unknown checkpoint format {manifest.get('format')!r}")
    if verify:
        for name, digest in manifest.get("files", {}).items():
            path = folder / name
            if not path.is_file():
                raise CheckpointError(f"{path} is missing from the checkpoint")
            if sha256_file(path) != digest:
                raise CheckpointError(f"{path} does not match its sha256 in the manifest (truncated or altered)")
    return Checkpoint(folder, manifest)


def parent_chain(folder: str | Path | None):
    """(folder, manifest) of a checkpoint and each of its parents in turn, newest first (files not verified)."""
    seen: set[str] = set()
    folder = Path(folder) if folder is not None else None
    while folder is not None:
        if str(folder) in seen:
            raise CheckpointError(f"{folder}: the chain of parent checkpoints loops")
        seen.add(str(folder))
        manifest = open_checkpoint(folder, verify=False).manifest
        yield folder, manifest
        folder = resolve_recorded(manifest["parent"], folder) if manifest.get("parent") else None


def recorded_path(path: str | Path, folder: str | Path) -> str:
    """How a manifest in `folder` records a path: relative to the folder, so a tree of artifacts moved or copied
    whole still finds its parents and inputs."""
    return os.path.relpath(os.path.abspath(path), os.path.abspath(folder))


def resolve_recorded(value: str, folder: str | Path) -> Path:
    """The path a manifest in `folder` recorded (relative to it; absolute in manifests written before)."""
    path = Path(value)
    return path if path.is_absolute() else Path(os.path.normpath(Path(folder).absolute() / path))


def model_fingerprint(spec: str) -> str | None:
    """What identifies a local base model wherever its folder lies (its config and the names, sizes and first MiB
    of its weight files); None for a hub id or a named embedded model, which their name identifies."""
    path = Path(spec)
    if not (path.is_dir() and (path / "config.json").is_file()):
        return None
    digest = hashlib.sha256((path / "config.json").read_bytes())
    for weights in sorted(path.glob("*.safetensors")) + sorted(path.glob("*.bin")):
        with open(weights, "rb") as handle:
            digest.update(f"{weights.name}:{weights.stat().st_size}:".encode() + handle.read(2**20))
    return digest.hexdigest()


def check_compatible(checkpoint: Checkpoint, *, base_model: str) -> None:
    """The checkpoint's adapter was trained on this base model: the same name, or a local folder with the same
    fingerprint (the artifacts folder, models included, moved elsewhere)."""
    recorded = checkpoint.manifest.get("base_model")
    if recorded == base_model:
        return
    fingerprint = checkpoint.manifest.get("base_model_fingerprint")
    if fingerprint is not None and fingerprint == model_fingerprint(base_model):
        return
    raise CheckpointError(f"{checkpoint.folder / MANIFEST}: trained on base model {recorded!r}, "
                          f"but the config asks for {base_model!r}")
