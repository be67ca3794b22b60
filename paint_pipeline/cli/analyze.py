"""`paint-pipeline analyze ...`: analysis tools behind figures in docs/ (the modules of paint_pipeline/analysis/,
one subcommand each; each module has add_arguments(parser) and run(args))."""

from __future__ import annotations

from paint_pipeline.cli.options import tool_group

# (subcommand, module of paint_pipeline/analysis/, help)
TOOLS = (
    ("adapter-change", "adapter_change", "how far GRPO moved the policy: each checkpoint's LoRA adapter against a "
                                         "reference"),
    ("paired-evaluations", "paired_evaluations", "two evaluations of the same held-out samples, sample by sample"),
    ("guard-replay", "guard_replay", "which past completions a decoding guard would have changed"),
    ("ending-replay", "ending_replay", "what ending unfinished samples at their last statement changes, on stored "
                                       "rollouts rendered and scored again"),
    ("sampler-update-gap", "sampler_update_gap", "how far the sampler's log-probs lie from the update's, per dtype"),
    ("text-detector", "text_detector_calibration", "calibrate the reward's text detector on real renders"),
    ("contact-sheet", "contact_sheet", "lay PNG renders out as one contact sheet"),
    ("generator-sheets", "generator_sheets", "the procedural generator's painting of every train prompt, one "
                                             "captioned sheet per category"),
    ("generator-health", "generator_health", "the procedural generator's paintings of the train prompts that the "
                                             "reward flags or scores low"),
    ("rescore-evaluations", "rescore_evaluations", "cached held-out evaluations scored again under today's reward"),
)


def register(sub) -> None:
    tool_group(sub, "analyze", "analysis", TOOLS, help="analysis tools that print the figures behind docs/")
