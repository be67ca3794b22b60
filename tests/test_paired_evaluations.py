"""`paint-pipeline analyze paired-evaluations` (paint_pipeline/analysis/paired_evaluations.py): two evaluations of the
same samples compared sample by sample."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pyarrow as pa
import pytest
from test_policy_train import scorecard_table

from paint_pipeline.cli import main
from paint_pipeline.reward.table import write_table

NO_BRUSH = "RUNTIME_ERROR: the sketch threw; first error: line 40: Error: No brush or color set. Call brush.set"


def evaluation(path: Path, label: str, rows: list[tuple[str, float, str]]) -> Path:
    """An evaluation file of samples p1/0, p2/0, ... under `label`, each (status, total, explanation)."""
    table = scorecard_table([f"eval-{label}/p{i}/0" for i in range(len(rows))], [t for _, t, _ in rows])
    for name, values in (("status", [s for s, _, _ in rows]), ("compile_explanation", [e for _, _, e in rows])):
        table = table.set_column(table.schema.get_field_index(name), name, pa.array(values, pa.string()))
    write_table(table, path)
    return path


@pytest.fixture
def run(capsys):
    """Runs `paint-pipeline analyze paired-evaluations ARGS...`: its exit status, stdout and stderr."""
    def run(*args) -> SimpleNamespace:
        code = main(["analyze", "paired-evaluations", *map(str, args)])
        out, err = capsys.readouterr()
        return SimpleNamespace(returncode=code, stdout=out, stderr=err)
    return run


def test_it_pairs_samples_across_labels_and_counts_what_changed(tmp_path, run):
    before = evaluation(tmp_path / "a.parquet", "cycle-0001", [
        ("SUCCESS", 0.5, "rendered"), ("RUNTIME_ERROR", 0.0, NO_BRUSH), ("SUCCESS", 0.7, "rendered"),
        ("SUCCESS", 0.6, "rendered")])
    after = evaluation(tmp_path / "b.parquet", "guarded", [
        ("SUCCESS", 0.5, "rendered"), ("SUCCESS", 0.9, "rendered"), ("PARSE_ERROR", 0.0, "PARSE_ERROR: x"),
        ("SUCCESS", 0.65, "rendered")])
    done = run(before, after)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["p1/0", "0.000", "->", "0.900"]
    assert "RUNTIME_ERROR: Error: No brush or color set" in lines[0] and lines[0].rstrip().endswith("SUCCESS")
    assert lines[1].startswith("p2/0") and "PARSE_ERROR" in lines[1]
    assert "4 paired samples: 2 successes kept, 1 gained, 1 lost; 2 changed status, 3 moved their total" in done.stdout
    assert "mean total change +0.0625" in done.stdout  # (0 + 0.9 - 0.7 + 0.05) / 4
    assert "p3/0" not in done.stdout  # its status held; --all lists it
    assert "p3/0" in run(before, after, "--all").stdout


def test_evaluations_of_other_samples_are_refused(tmp_path, run):
    before = evaluation(tmp_path / "a.parquet", "x", [("SUCCESS", 0.5, "rendered")])
    after = evaluation(tmp_path / "b.parquet", "y", [("SUCCESS", 0.5, "rendered"), ("SUCCESS", 0.5, "rendered")])
    done = run(before, after)
    assert done.returncode == 2 and "did not sample the same prompts and seeds (1 unpaired" in done.stderr
    (tmp_path / "bad.parquet").write_bytes(b"not parquet")
    done = run(before, tmp_path / "bad.parquet")
    assert done.returncode == 2 and "bad.parquet" in done.stderr
