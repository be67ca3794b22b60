"""The human gate: a reviewer approves or rejects a cycle by reporting a `cycle_review` materialization
(from the CLI, or from the UI's "Report materialization" button, which counts as an approval)."""

from __future__ import annotations

import logging

from dagster import AssetKey, AssetMaterialization, AssetRecordsFilter, DagsterInstance, DynamicPartitionsDefinition

from paint_pipeline.pipeline.cycles import CYCLE_RE, CycleError, cycle_index

log = logging.getLogger(__name__)

REVIEW = AssetKey("cycle_review")
CYCLES = "cycles"
# The cycle partitions (cycle-0001, ...): every per-cycle asset, check and the review job share this definition.
cycles = DynamicPartitionsDefinition(name=CYCLES)
DECISIONS = ("approved", "rejected")


def decision_of(materialization: AssetMaterialization) -> str:
    value = materialization.metadata.get("decision")
    text = getattr(value, "value", value)
    return text if text in DECISIONS else "approved"  # a bare report from the UI approves


def report_review(instance: DagsterInstance, cycle: str, decision: str, *, by: str, note: str = "",
                  override: str = "") -> None:
    """Records a decision. `override`: what it overrides (an earlier decision, failed checks), in words."""
    if decision not in DECISIONS:
        raise CycleError(f"decision must be one of {DECISIONS}, got {decision!r}")
    if not instance.has_dynamic_partition(CYCLES, cycle):
        raise CycleError(f"{cycle} is not a cycle of this Dagster instance ({instance.root_directory})")
    if not by.strip():
        raise CycleError("a review names its reviewer (--by)")
    instance.report_runless_asset_event(AssetMaterialization(
        asset_key=REVIEW, partition=cycle, description=f"{decision} by {by}" + (f": {note}" if note else "")
        + (f" (overriding {override})" if override else ""),
        metadata={"decision": decision, "reviewer": by, "note": note, **({"override": override} if override else {})},
    ))


def latest_reviews(instance: DagsterInstance) -> dict[str, dict]:
    """Per cycle, its latest review: {"decision", "reviewer", "note", "timestamp"}."""
    out: dict[str, dict] = {}
    for cycle in instance.get_dynamic_partitions(CYCLES):
        records = instance.fetch_materializations(AssetRecordsFilter(asset_key=REVIEW, asset_partitions=[cycle]),
                                                  limit=1).records
        if records:
            mat = records[0].asset_materialization
            meta = {k: getattr(v, "value", v) for k, v in mat.metadata.items()}
            out[cycle] = {"decision": decision_of(mat), "reviewer": meta.get("reviewer", "ui"),
                          "note": meta.get("note", ""), "override": meta.get("override", ""),
                          "timestamp": records[0].timestamp}
    return out


def decisions(instance: DagsterInstance) -> dict[str, str]:
    return {cycle: r["decision"] for cycle, r in latest_reviews(instance).items()}


def cycles_in_order(instance: DagsterInstance) -> list[str]:
    """The cycle keys, in order. A partition added by hand that is not a cycle key (the UI's "Add partition"
    takes any text) is left out with a warning, never fatal."""
    keys = instance.get_dynamic_partitions(CYCLES)
    foreign = sorted(k for k in keys if not CYCLE_RE.match(k))
    if foreign:
        log.warning("ignoring partition(s) %s of %r: not cycle keys (cycle-0001, ...); delete them in the UI",
                    ", ".join(map(repr, foreign)), CYCLES)
    return sorted((k for k in keys if CYCLE_RE.match(k)), key=cycle_index)
