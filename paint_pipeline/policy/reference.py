"""The KL reference of a GRPO cycle, and its log-probs.

GRPO's KL term keeps the policy near a reference. Ours is the policy the cycles started from: the warm start
(its adapter, frozen) when the chain of parents leads to one, else the base model. The base alone would be the
wrong anchor after a warm start: it writes prose and canvas code, and the KL would pull the policy back towards
that. Each cycle's manifest records its reference (`kl_reference`), so the next cycle finds it without walking
the whole chain, and the warm start's adapter is verified against the hash recorded at that time.

The reference is fixed during a cycle, so its log-probs are computed once per rollout before the first step
(`reference_logprobs`), with the reference adapter loaded beside the trained one and removed afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from paint_pipeline.policy.checkpoint import ADAPTER, CheckpointError, parent_chain, resolve_recorded, sha256_file

WEIGHTS = f"{ADAPTER}/adapter_model.safetensors"
REFERENCE_ADAPTER = "kl_reference"


@dataclass(frozen=True)
class Reference:
    kind: str  # "warm_start" or "base"
    path: str | None = None  # the warm start's checkpoint folder
    adapter_sha256: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "path": self.path, "adapter_sha256": self.adapter_sha256}

    def describe(self) -> str:
        return f"the warm start {self.path}" if self.kind == "warm_start" else "the base model (no warm start)"


def resolve_reference(parent: Path | None) -> Reference:
    """The reference of a cycle trained from `parent` (None: from a fresh adapter on the base)."""
    for folder, manifest in parent_chain(parent):
        if manifest.get("kind") == "warm_start":
            digest = manifest.get("files", {}).get(WEIGHTS)
            if not digest:
                raise CheckpointError(f"{folder}: the warm start's manifest has no hash of {WEIGHTS}")
            return Reference("warm_start", str(folder), digest)
        recorded = manifest.get("kl_reference")
        if recorded:
            path = str(resolve_recorded(recorded["path"], folder)) if recorded.get("path") else None
            return Reference(recorded["kind"], path, recorded.get("adapter_sha256"))
    return Reference("base")


def reference_logprobs(model, examples: Sequence, reference: Reference, plan: Sequence[Sequence[int]], *,
                       pad_id: int, micro_batch_size: int, rank: int = 0,
                       world_size: int = 1) -> list[tuple[float, ...]]:
    """Each example's completion log-probs under the reference (`plan`: the cycle's mini-batches, see
    update.completion_logprobs_of). `model` is the peft model before DDP wraps it; its trainable adapter is left
    as it was (checked)."""
    from paint_pipeline.policy.update import completion_logprobs_of

    def compute():
        return completion_logprobs_of(model, examples, plan, pad_id=pad_id, micro_batch_size=micro_batch_size,
                                      rank=rank, world_size=world_size)

    if reference.kind == "base":
        with model.disable_adapter():
            return compute()
    weights = Path(reference.path) / WEIGHTS
    if not weights.is_file():
        raise CheckpointError(f"the KL reference {weights} is missing (the warm start this chain of cycles started "
                              f"from); restore it, or train with beta 0")
    if sha256_file(weights) != reference.adapter_sha256:
        raise CheckpointError(f"the KL reference {weights} does not match the hash recorded when the cycles started "
                              f"from it (replaced or altered)")
    trainable = [name for name, p in model.named_parameters() if p.requires_grad]
    active = model.active_adapter
    model.load_adapter(str(Path(reference.path) / ADAPTER), adapter_name=REFERENCE_ADAPTER, is_trainable=False)
    try:
        model.set_adapter(REFERENCE_ADAPTER, inference_mode=True)
        return compute()
    finally:
        model.set_adapter(active)  # trainable again
        model.delete_adapter(REFERENCE_ADAPTER)
        after = [name for name, p in model.named_parameters() if p.requires_grad]
        if after != trainable:
            raise RuntimeError(f"the reference pass changed which parameters train ({len(trainable)} before, "
                               f"{len(after)} after)")
