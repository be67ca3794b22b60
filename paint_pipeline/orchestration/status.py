"""`paint-pipeline cycle status`: one row per cycle, read from the instance's materializations and the cycle's
files (manifest, failure record), so a corrupt file costs its own row's details and never the table."""

from __future__ import annotations

from pathlib import Path

from dagster import AssetKey, AssetRecordsFilter, DagsterInstance

from paint_pipeline.orchestration.failures import read_failure_record
from paint_pipeline.orchestration.reviews import cycles_in_order, latest_reviews
from paint_pipeline.pipeline.cycles import WARM_START, CycleError, read_manifest
from paint_pipeline.pipeline.settings import PipelineSettings


def _latest_metadata(inst: DagsterInstance, asset: str, cycle: str) -> dict:
    records = inst.fetch_materializations(AssetRecordsFilter(asset_key=AssetKey(asset), asset_partitions=[cycle]),
                                          limit=1).records
    if not records:
        return {}
    return {k: getattr(v, "value", v) for k, v in records[0].asset_materialization.metadata.items()}


def status_rows(inst: DagsterInstance, settings: PipelineSettings) -> list[dict]:
    reviews = latest_reviews(inst)
    rows = []
    for cycle in cycles_in_order(inst):
        try:
            manifest = read_manifest(settings, cycle)
        except CycleError as exc:  # one corrupt manifest costs its own row's details, not the others' rows
            manifest = None
            say_problem = str(exc)
        else:
            say_problem = None
        cards = _latest_metadata(inst, "scorecards", cycle)
        ckpt = _latest_metadata(inst, "policy_checkpoint", cycle)
        ev = _latest_metadata(inst, "evaluation", cycle)
        failure = read_failure_record(settings.root, cycle)
        state = "evaluated" if ev else "trained" if ckpt else "scored" if cards else "not run"
        if failure and failure.get("interrupted") and not ev:
            state = f"interrupted in {', '.join(failure['failed_steps'])} (paint-pipeline cycle resume {cycle})"
        elif failure and not ev:
            state = "failed: " + failure.get("message", "")[:60]
        if say_problem:
            state = f"{state}; {say_problem}"
        review = reviews.get(cycle, {})
        rows.append({
            "cycle": cycle, "parent": _parent_label(manifest), "state": state,
            "review": (f"{review['decision']} by {review['reviewer']}" if review else "pending"),
            "T": manifest.temperature if manifest else None, "success": cards.get("render_success_rate"),
            "reward": cards.get("mean_total"), "loss": ckpt.get("loss"), "kl": ckpt.get("kl"),
            "eval_reward": ev.get("eval_mean_total"), "parent_eval": ev.get("parent_mean_total"),
        })
    return rows


def _parent_label(manifest) -> str:
    if manifest is None:
        return "-"
    if manifest.parent_cycle:
        return manifest.parent_cycle
    return WARM_START if manifest.parent_checkpoint and Path(manifest.parent_checkpoint).name == WARM_START else "base"


def format_status(rows: list[dict]) -> str:
    def num(v, fmt="{:.3f}"):
        return "-" if v is None else fmt.format(v) if isinstance(v, (int, float)) else str(v)

    head = f"{'cycle':<11} {'parent':<11} {'T':>5} {'render ok':>9} {'reward':>7} {'loss':>8} {'kl':>7} " \
           f"{'held-out':>8} {'parent':>7}  {'review':<24} state"
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['cycle']:<11} {r['parent']:<11} {num(r['T'], '{:.2f}'):>5} {num(r['success'], '{:.0%}'):>9} "
                     f"{num(r['reward']):>7} {num(r['loss'], '{:.4f}'):>8} {num(r['kl'], '{:.4f}'):>7} "
                     f"{num(r['eval_reward']):>8} {num(r['parent_eval']):>7}  {r['review']:<24} {r['state']}")
    if not rows:
        lines.append("(no cycles yet: paint-pipeline cycle next)")
    return "\n".join(lines)
