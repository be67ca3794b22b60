"""The human gate: a reviewer approves or rejects a cycle by reporting a `cycle_review` materialization
(from the CLI, or from the UI's "Report materialization" button, which counts as an approval)."""

from __future__ import annotations

from dagster import AssetKey, AssetMaterialization, AssetRecordsFilter, DagsterInstance

from paint_pipeline.pipeline.cycles import CycleError, cycle_index

REVIEW = AssetKey("cycle_review")
CYCLES = "cycles"
DECISIONS = ("approved", "rejected")


def decision_of(materialization: AssetMaterialization) -> str:
    value = materialization.metadata.get("decision")
    text = getattr(value, "value", value)
    return text if text in DECISIONS else "approved"  # a bare report from the UI approves


def report_review(instance: DagsterInstance, cycle: str, decision: str, *, by: str, note: str = "") -> None:
    if decision not in DECISIONS:
        raise CycleError(f"decision must be one of {DECISIONS}, got {decision!r}")
    if not instance.has_dynamic_partition(CYCLES, cycle):
        raise CycleError(f"{cycle} is not a cycle of this Dagster instance ({instance.root_directory})")
    if not by.strip():
        raise CycleError("a review names its reviewer (--by)")
    instance.report_runless_asset_event(AssetMaterialization(
        asset_key=REVIEW, partition=cycle, description=f"{decision} by {by}" + (f": {note}" if note else ""),
        metadata={"decision": decision, "reviewer": by, "note": note},
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
                          "note": meta.get("note", ""), "timestamp": records[0].timestamp}
    return out


def decisions(instance: DagsterInstance) -> dict[str, str]:
    return {cycle: r["decision"] for cycle, r in latest_reviews(instance).items()}


def cycles_in_order(instance: DagsterInstance) -> list[str]:
    return sorted(instance.get_dynamic_partitions(CYCLES), key=cycle_index)
