"""The human gate: a reviewer approves or rejects a cycle by reporting a `cycle_review` materialization
(from the CLI, or from the UI's "Report materialization" button, which counts as an approval)."""

from __future__ import annotations

import logging

from dagster import AssetKey, AssetMaterialization, AssetRecordsFilter, DagsterInstance, DynamicPartitionsDefinition

from paint_pipeline.orchestration.failures import read_failure_record
from paint_pipeline.orchestration.interrupted import active_runs
from paint_pipeline.pipeline.cycles import CYCLE_RE, CycleError, checkpoint_dir, cycle_index
from paint_pipeline.pipeline.settings import PipelineSettings

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


def review_gate(inst: DagsterInstance, settings: PipelineSettings, cycle: str, decision: str, *,
                override_decision: bool, override_checks: bool) -> tuple[list[str], str]:
    """What stands in the way of recording `decision` for `cycle` (each with what to do), and what the decision
    overrides (recorded with it). The gate reads the cycle's state: an approval needs a finished update, a
    finished evaluation and passed checks (failed checks may be overridden, explicitly); a decision that
    reverses an earlier one must say so."""
    problems: list[str] = []
    overrides: list[str] = []
    if cycle not in cycles_in_order(inst):
        return [f"{cycle} is not a cycle of this instance (paint-pipeline cycle status lists them)"], ""
    earlier = latest_reviews(inst).get(cycle)
    if earlier and earlier["decision"] != decision:
        if override_decision:
            overrides.append(f"the earlier decision: {earlier['decision']} by {earlier['reviewer']}")
        else:
            problems.append(f"{cycle} was already {earlier['decision']} by {earlier['reviewer']}; to reverse that, "
                            f"add --override (it is recorded as an override)")
    if decision == "approved":
        running = active_runs(inst, "train_cycle", cycle)
        if running:
            problems.append(f"{cycle} is still running (run {running[0].run_id}); review it when it has finished")
        if not (checkpoint_dir(settings, cycle) / "manifest.json").is_file():
            problems.append(f"{cycle} has no checkpoint: its update did not finish (paint-pipeline cycle resume "
                            f"{cycle}, or reject it)")
        elif cycle not in inst.get_materialized_partitions(AssetKey("evaluation")):
            problems.append(f"{cycle} has no held-out evaluation yet (paint-pipeline cycle resume {cycle})")
        failure = read_failure_record(settings.root, cycle)
        if failure and failure.get("failed_checks"):
            checks = ", ".join(failure["failed_checks"])
            if override_checks:
                overrides.append(f"failed checks: {checks}")
            else:
                problems.append(f"{cycle} failed its checks ({failure['message']}); approve it anyway only with "
                                f"--override-checks (recorded), or reject it")
    return problems, "; ".join(overrides)
