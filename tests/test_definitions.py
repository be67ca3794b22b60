"""The Dagster project loads, validates and materializes its unpartitioned assets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dagster import materialize

from paint_pipeline.definitions import defs
from paint_pipeline.defs.assets import prompts

REPO = Path(__file__).resolve().parent.parent


def test_dg_check_defs_loads_the_defs_folder(tmp_path):
    env = {**os.environ, "DAGSTER_HOME": str(tmp_path), "VIRTUAL_ENV": sys.prefix}
    (tmp_path / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    proc = subprocess.run([str(Path(sys.executable).parent / "dg"), "check", "defs"], cwd=REPO, capture_output=True,
                          text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "All definitions loaded successfully" in proc.stdout + proc.stderr
    assert "Warning" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr


def test_the_defs_folder_holds_every_definition_once():
    assert sorted(job.name for job in defs.jobs) == ["calibrate", "evaluate", "publish", "rescore", "review_cycle",
                                                    "train_cycle", "warm_start"]
    assert sorted(s.name for s in defs.sensors) == ["cycle_failure_sensor", "review_sensor"]
    assert [s.name for s in defs.schedules] == ["advance_training"]
    assert sorted(defs.resources) == ["checkpoints", "parquet", "pipeline", "publisher", "renderer", "scorer"]


def test_prompts_asset_materializes_with_counts():
    result = materialize([prompts])
    assert result.success
    metadata = result.asset_materializations_for_node("prompts")[0].metadata
    assert metadata["train_prompts"].value >= 200
    assert metadata["validation_prompts"].value >= 40
    assert metadata["test_prompts"].value >= 40
    assert len(metadata["categories"].value) >= 8
    assert defs.resolve_asset_graph().get_all_asset_keys()
