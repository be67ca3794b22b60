"""How far GRPO moved the policy: each checkpoint's LoRA adapter against a reference checkpoint.

    paint-pipeline analyze adapter-change artifacts/checkpoints/warm-start artifacts/checkpoints/cycle-000{1,2,3}

Prints, per checkpoint, the relative change of its adapter weights against the first one given
(||W - W_ref|| / ||W_ref|| over all adapter tensors) and the update's own figures from its manifest
(optimizer steps so far, learning rate, mean KL to the base when beta > 0 measured it, clipped-token
fraction, mean ratio). A policy that
barely moves cannot move the held-out numbers either; this says which of the two is the case.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("checkpoints", nargs="+", type=Path, help="checkpoint folders; the first is the reference")


def adapter_tensors(folder: Path) -> tuple[dict, dict]:
    """(adapter tensors, manifest)."""
    from safetensors.torch import load_file

    from paint_pipeline.policy.checkpoint import ADAPTER, open_checkpoint

    checkpoint = open_checkpoint(folder)  # verifies the files against the manifest's hashes
    return load_file(str(checkpoint.folder / ADAPTER / "adapter_model.safetensors")), checkpoint.manifest


def relative_change(weights: dict, reference: dict) -> float:
    if weights.keys() != reference.keys():
        raise ValueError("the adapters have different tensors (another LoRA rank or target modules)")
    diff = sum(float(((weights[k].double() - reference[k].double()) ** 2).sum()) for k in reference)
    norm = sum(float((reference[k].double() ** 2).sum()) for k in reference)
    return math.sqrt(diff / norm)


def labels(folders: list[Path]) -> list[str]:
    """Each folder's name, or each path as given when two names are equal."""
    names = [f.name for f in folders]
    return names if len(set(names)) == len(names) else [str(f) for f in folders]


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.checkpoint import CheckpointError

    try:
        loaded = [(folder, *adapter_tensors(folder)) for folder in args.checkpoints]
    except CheckpointError as exc:
        print(f"adapter_change: {exc}", file=sys.stderr)
        return 1
    reference = loaded[0][1]
    names = labels([folder for folder, _, _ in loaded])
    width = max(28, *(len(n) for n in names))
    print(f"{'checkpoint':<{width}} {'change':>9} {'steps':>6} {'lr':>8} {'kl':>8} {'clipped':>8} {'ratio':>7}")
    for name, (folder, weights, manifest) in zip(names, loaded):
        m = dict(manifest.get("metrics", {}))
        if manifest.get("config", {}).get("beta") == 0:
            m["kl"] = None  # beta 0: no reference pass, so no KL (older checkpoints recorded a 0 here)

        def num(key: str, fmt: str) -> str:
            return "-" if m.get(key) is None else format(m[key], fmt)

        print(f"{name:<{width}} {relative_change(weights, reference):>9.2e} {num('step', 'd'):>6} "
              f"{num('lr', '.1e'):>8} {num('kl', '.4f'):>8} {num('clip_fraction', '.3f'):>8} "
              f"{num('ratio_mean', '.4f'):>7}")
    return 0
