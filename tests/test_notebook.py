"""The Kaggle notebook runs top to bottom on CPU with the tiny profile."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parent.parent


def test_kaggle_notebook_runs_a_cycle_end_to_end(tmp_path, monkeypatch):
    for key, value in {"PAINT_REPO": str(REPO), "PAINT_PROFILE": "tiny", "PAINT_ARTIFACTS": str(tmp_path / "art"),
                       "DAGSTER_HOME": str(tmp_path / "home")}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("PP_RENDERER_URL", raising=False)
    notebook = nbformat.read(REPO / "notebooks" / "kaggle_paint_rl.ipynb", as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = "".join(o.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                      for o in cell.get("outputs", []))
    assert "cycle-0001" in outputs and "approved" in outputs
    assert (tmp_path / "art" / "registry" / "paint-tiny-lora" / "cycle-0001" / "README.md").is_file()
    assert (tmp_path / "art" / "dashboard.html").is_file()
    assert os.environ["PAINT_PROFILE"] == "tiny"
