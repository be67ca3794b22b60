"""Dagster definitions: the assets, checks, jobs, sensors and resources users drive.

Assets stay thin: each calls the pure code of the other packages.
"""

from collections import Counter

from dagster import AssetExecutionContext, Definitions, MaterializeResult, MetadataValue, asset

from paint_pipeline.prompts import SPLITS, check_no_overlap, load_split


@asset(group_name="data", description="The train / validation / test prompt sets, validated and checked for overlap.")
def prompts(context: AssetExecutionContext) -> MaterializeResult:
    splits = {name: load_split(name) for name in SPLITS}
    check_no_overlap(splits)
    categories = Counter(p.category for split in splits.values() for p in split)
    context.log.info(", ".join(f"{name}: {len(split)} prompts" for name, split in splits.items()))
    return MaterializeResult(
        metadata={
            **{f"{name}_prompts": len(split) for name, split in splits.items()},
            "categories": MetadataValue.json(dict(sorted(categories.items()))),
        }
    )


defs = Definitions(assets=[prompts])
