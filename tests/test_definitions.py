"""The Dagster project loads, validates and materializes its unpartitioned assets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dagster import materialize

from paint_pipeline.definitions import defs, prompts

REPO = Path(__file__).resolve().parent.parent


def test_definitions_validate():
    env = {**os.environ, "DAGSTER_HOME": str(REPO / ".pytest_cache" / "dagster_home")}
    Path(env["DAGSTER_HOME"]).mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "dagster"), "definitions", "validate", "-w", "workspace.yaml"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_prompts_asset_materializes_with_counts():
    result = materialize([prompts])
    assert result.success
    metadata = result.asset_materializations_for_node("prompts")[0].metadata
    assert metadata["train_prompts"].value >= 200
    assert metadata["validation_prompts"].value >= 40
    assert metadata["test_prompts"].value >= 40
    assert len(metadata["categories"].value) >= 8
    assert defs.resolve_asset_graph().get_all_asset_keys()
