"""The human gate as a Dagster job: launch `review_cycle` on a cycle's partition with typed config (decision,
reviewer, note, overrides). It applies the same rules as `paint-pipeline cycle approve / reject` (reviews.review_gate)
and records the decision as the cycle's `cycle_review` materialization, where the UI shows it beside the cycle's
other assets. (Dagster's "Report materialization" dialog is a testing tool: no reviewer, no note, no reject.)"""

# No `from __future__ import annotations` here: Dagster reads the op's config type from its live annotation.
from enum import Enum

from dagster import Config, Failure, OpExecutionContext, job, op
from pydantic import Field

from paint_pipeline.orchestration.resources import PipelineResource
from paint_pipeline.orchestration.reviews import cycles, report_review, review_gate
from paint_pipeline.publish.publishing import retract


class Decision(Enum):
    approved = "approved"
    rejected = "rejected"


class ReviewConfig(Config):
    decision: Decision = Field(description="approved or rejected")
    reviewer: str = Field(min_length=1, description="who reviewed the cycle (recorded)")
    note: str = Field(default="", description="why (recorded; shown in the cycle's status)")
    override: bool = Field(default=False, description="reverse an earlier decision on this cycle (recorded)")
    override_checks: bool = Field(default=False, description="approve although a blocking check failed (recorded)")


@op(description="Checks the cycle's state against the decision, then records it (the cycle_review asset).")
def review(context: OpExecutionContext, config: ReviewConfig, pipeline: PipelineResource) -> None:
    cycle = context.partition_key
    settings = pipeline.settings()
    decision = config.decision.value
    problems, overriding = review_gate(context.instance, settings, cycle, decision,
                                       override_decision=config.override, override_checks=config.override_checks)
    if problems:
        raise Failure(description=f"{cycle}: nothing recorded: " + " ".join(problems))
    report_review(context.instance, cycle, decision, by=config.reviewer, note=config.note, override=overriding)
    context.log.info(f"{cycle} {decision} by {config.reviewer}" + (f": {config.note}" if config.note else ""))
    if decision == "rejected":
        for line in retract(settings, cycle, reason=f"rejected by {config.reviewer}"):
            context.log.info(line)


@job(partitions_def=cycles, description="Review a cycle: approve or reject it, with a reviewer and a note (the human "
                                        "gate). Approved cycles are published by the review sensor.")
def review_cycle():
    review()
