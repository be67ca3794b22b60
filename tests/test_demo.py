"""`paint-pipeline demo` (what `make demo` runs) on the tiny profile: self-approved cycles that continue from the
last approved one, and a cycle stopped by a check is rejected, never approved or published."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest
from dagster import DagsterInstance

from paint_pipeline.cli import curve_runs, cycle_runs
from paint_pipeline.orchestration import instance, status
from paint_pipeline.orchestration.reviews import latest_reviews
from paint_pipeline.pipeline.cycles import read_manifest
from paint_pipeline.pipeline.settings import SettingsError, load_settings


@pytest.fixture()
def demo_world(tmp_path, monkeypatch):
    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "artifacts"))
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PAINT_PROFILE", "tiny")
    (tmp_path / "home").mkdir()
    return tmp_path


def test_demo_approves_publishes_and_continues_from_the_last_approved_cycle(demo_world):
    said: list[str] = []
    assert curve_runs.demo("tiny", 1, say=said.append) == 0
    assert curve_runs.demo("tiny", 1, say=said.append) == 0  # a second run continues
    settings = load_settings("tiny")
    assert read_manifest(settings, "cycle-0002").parent_cycle == "cycle-0001"
    reviews = latest_reviews(DagsterInstance.get())
    assert {c: r["decision"] for c, r in reviews.items()} == {"cycle-0001": "approved", "cycle-0002": "approved"}
    assert all(r["reviewer"] == "make-demo" and "self-approved" in r["note"] for r in reviews.values())
    registry = settings.root / "registry" / settings.registry_name
    assert sorted(p.name for p in registry.iterdir() if p.is_dir()) == ["cycle-0001", "cycle-0002"]
    text = "\n".join(said)
    for where in ("dashboard", "gallery", "scorecards", "registry", "lineage", "dg dev"):
        assert where in text


def test_demo_rejects_a_cycle_stopped_by_a_check_and_gives_up_after_two(demo_world):
    strict = demo_world / "strict.json"
    strict.write_text(json.dumps({**load_settings("tiny").to_dict(), "profile": "strict", "min_render_success": 0.5}))
    said: list[str] = []
    assert curve_runs.demo(str(strict), 1, say=said.append) == 1
    reviews = latest_reviews(DagsterInstance.get())
    assert sorted(reviews) == ["cycle-0001"]  # the second failure stops the demo before it is reviewed
    assert reviews["cycle-0001"]["decision"] == "rejected"
    assert "render_success_above_floor" in reviews["cycle-0001"]["note"]
    assert read_manifest(load_settings(str(strict)), "cycle-0002").parent_cycle is None  # not the rejected one
    assert "two cycles in a row failed their checks" in said[-1]
    assert not (demo_world / "artifacts" / "registry").exists()
    # The learning curve stops with them, and says so (these cycles stopped before training: nothing to evaluate).
    assert curve_runs.learning_curve(str(strict), 1, split="test", prompts=2, samples=1, out=None,
                                   say=said.append) == 1
    assert said[-1] == ("no learning curve: too few approved cycles, and the stopped ones have no checkpoint to "
                        "evaluate")


def test_a_learning_curve_that_stopped_names_the_trained_cycles_to_evaluate(demo_world, monkeypatch):
    settings = load_settings("tiny")
    monkeypatch.setattr(curve_runs, "cycles_in_order", lambda inst: ["cycle-0001", "cycle-0002", "cycle-0003"])
    for cycle in ("cycle-0001", "cycle-0003"):  # cycle-0002 stopped before its update
        (settings.root / "checkpoints" / cycle).mkdir(parents=True)
        (settings.root / "checkpoints" / cycle / "manifest.json").write_text("{}")
    said: list[str] = []
    curve_runs._say_how_to_evaluate_unapproved(None, settings, "profiles/x.json", ["cycle-0001"], "test", 24, 1,
                                             said.append)
    assert said == ["no learning curve: too few approved cycles. cycle-0003 trained but was not approved; to "
                    "compare them with cycle 0: paint-pipeline evaluate --profile profiles/x.json --cycles cycle-0003 "
                    "--split test --prompts 24 --samples 1"]


def test_learning_curve_runs_missing_cycles_and_writes_table_chart_and_verdict(demo_world):
    out = demo_world / "artifacts" / "learning_curve"  # the default place, which the dashboard shows
    said: list[str] = []
    assert curve_runs.learning_curve("tiny", 1, split="test", prompts=2, samples=1, out=None, say=said.append) == 0
    data = json.loads((out / "learning_curve.json").read_text())
    assert [r["label"] for r in data["rows"]] == ["cycle 0 (warm start)", "cycle-0001"]
    assert data["settings"]["cycles"] == ["cycle-0001"] and data["settings"]["prompts"] == 2
    assert all(r["samples"] == 2 for r in data["rows"])
    assert set(data["verdict"]) >= {"compile_target_met", "gain_target_met", "intervals_separate", "met"}
    table = (out / "learning_curve.md").read_text()
    assert table.startswith("| policy |") and "| cycle-0001 |" in table
    svg = (out / "learning_curve.svg").read_text()
    assert svg.startswith("<svg") and "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert any(line.startswith("compile success of the last cycle") for line in said)
    from paint_pipeline.pipeline.dashboard import build_dashboard

    assert 'src="learning_curve/learning_curve.svg"' in build_dashboard(load_settings("tiny")).read_text()
    from paint_pipeline.pipeline.evaluation import cached_evaluation_paths, evaluation_rollouts_path

    cached = cached_evaluation_paths(load_settings("tiny").root)  # the curve's and the checks'; not the tables beside
    assert len(cached) >= 2 and not any(".renders." in p.name or ".rollouts." in p.name for p in cached)
    for path in cached:  # each evaluation keeps the code it judged, row for row with its scorecards
        cards, rollouts = pq.read_table(path), pq.read_table(evaluation_rollouts_path(path))
        assert rollouts.column("sample_id").to_pylist() == cards.column("sample_id").to_pylist()
        assert all(isinstance(code, str) for code in rollouts.column("code").to_pylist())


def test_a_crash_stops_the_demo_and_the_status_names_its_root_cause(demo_world, monkeypatch):
    from paint_pipeline.pipeline import steps

    def broken(*args, **kwargs):
        raise TypeError("Object of type float32 is not JSON serializable")

    monkeypatch.setattr(steps, "score_renders", broken)
    said: list[str] = []
    assert curve_runs.demo("tiny", 1, say=said.append) == 1
    assert said[-1] == "the demo stopped: see the message above"
    settings = load_settings("tiny")
    record = json.loads((settings.root / "cycles" / "cycle-0001.failure.json").read_text())
    assert record["failed_steps"] == ["scorecards"]
    assert record["message"] == "TypeError: Object of type float32 is not JSON serializable"
    [row] = status.status_rows(DagsterInstance.get(), settings)
    assert row["parent"] == "warm-start" and row["review"] == "pending"
    assert row["state"].startswith("failed: TypeError: Object of type float32")
    assert latest_reviews(DagsterInstance.get()) == {}  # a crash is neither approved nor rejected


def test_approving_an_untrained_cycle_is_refused_with_what_is_missing(demo_world):
    said: list[str] = []
    assert cycle_runs.cycle_next("tiny", run=False, say=said.append) == 0
    assert cycle_runs.cycle_review("tiny", "cycle-0001", "approved", by="ann", publish=True, say=said.append) == 1
    assert said[-2:] == ["cycle-0001 has no checkpoint: its update did not finish (paint-pipeline cycle resume "
                         "cycle-0001, or reject it)", "cycle-0001: nothing recorded"]
    assert latest_reviews(DagsterInstance.get()) == {}
    assert cycle_runs.cycle_next("tiny", run=False, say=said.append) == 1  # no sibling while cycle-0001 waits
    assert said[-1].startswith("cycle-0001 awaits review: approve or reject it first")
    assert cycle_runs.cycle_review("tiny", "cycle-0001", "rejected", by="ann", say=said.append) == 0
    # Reversing a decision takes a flag, and an approval still needs the checkpoint.
    assert cycle_runs.cycle_review("tiny", "cycle-0001", "approved", by="bob", say=said.append) == 1
    assert "cycle-0001 was already rejected by ann; to reverse that, add --override" in said[-3]
    assert cycle_runs.cycle_review("tiny", "cycle-0001", "approved", by="bob", override=True, say=said.append) == 1
    assert latest_reviews(DagsterInstance.get())["cycle-0001"]["decision"] == "rejected"


def test_reversals_are_recorded_a_rejection_retracts_and_latest_never_goes_back_unasked(demo_world, monkeypatch):
    from paint_pipeline.orchestration.reviews import CYCLES

    said: list[str] = []
    assert curve_runs.demo("tiny", 2, say=said.append) == 0
    settings = load_settings("tiny")
    models = settings.root / "registry" / settings.registry_name

    def latest():
        return json.loads((models / "latest.json").read_text())["version"]

    assert latest() == "cycle-0002"
    assert cycle_runs.cycle_review("tiny", "cycle-0002", "rejected", by="cat", note="blurry", say=said.append) == 1
    assert cycle_runs.cycle_review("tiny", "cycle-0002", "rejected", by="cat", note="blurry", override=True,
                                 say=said.append) == 0
    review = latest_reviews(DagsterInstance.get())["cycle-0002"]
    assert review["decision"] == "rejected" and review["override"].startswith("the earlier decision: approved")
    assert (models / "cycle-0002" / "RETRACTED.json").is_file() and latest() == "cycle-0001"
    assert "latest now points at cycle-0001" in said
    assert cycle_runs.cycle_review("tiny", "cycle-0002", "approved", by="cat", override=True, publish=True,
                                 say=said.append) == 0
    assert latest() == "cycle-0002" and not (models / "cycle-0002" / "RETRACTED.json").exists()
    assert cycle_runs.publish("tiny", "cycle-0001", dry_run=False, say=said.append) == 0
    assert latest() == "cycle-0002"  # an older cycle published again does not move latest back...
    assert any(line.startswith("latest stays at cycle-0002") for line in said)
    assert cycle_runs.publish("tiny", "cycle-0001", dry_run=False, move_latest_back=True, say=said.append) == 0
    assert latest() == "cycle-0001"  # ...unless asked
    # A cycle's commands use the profile it was made with: no --profile publishes it under the tiny name, and a
    # conflicting one is refused.
    monkeypatch.delenv("PAINT_PROFILE")
    said.clear()
    assert cycle_runs.publish(None, "cycle-0002", dry_run=True, say=said.append) == 0
    assert f"registry:{settings.root / 'registry' / 'paint-tiny-lora' / 'cycle-0002'}" in said[0]
    with pytest.raises(SettingsError, match=r"cycle-0002 was made with profile 'tiny' .*; --profile default differs "
                                            r"in .*policy.*: leave --profile out"):
        cycle_runs.publish("default", "cycle-0002", dry_run=True, say=said.append)
    # A partition added by hand that is not a cycle (the UI takes any text) is ignored, never fatal.
    DagsterInstance.get().add_dynamic_partitions(CYCLES, ["my-experiment"])
    assert cycle_runs.cycle_status("tiny", say=said.append) == 0
    assert [r["cycle"] for r in status.status_rows(DagsterInstance.get(), settings)] == ["cycle-0001", "cycle-0002"]


def test_a_dagster_home_gets_the_projects_config_unless_it_has_its_own(tmp_path, monkeypatch):
    home = tmp_path / "new" / "home"
    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "artifacts"))
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    said: list[str] = []
    inst = instance.instance(load_settings("tiny"), said.append)
    assert (home / "dagster.yaml").is_file() and inst.root_directory == str(home)
    assert said == [f"DAGSTER_HOME={home} did not exist: created it"]
    mine = tmp_path / "mine"
    mine.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(mine))
    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "other-artifacts"))  # a folder belongs to one instance
    said.clear()
    inst = instance.instance(load_settings("tiny"), said.append)
    # An existing home without dagster.yaml: Dagster would warn on every command and keep telemetry on.
    assert said == [f"DAGSTER_HOME={mine} had no dagster.yaml: wrote the project's (Dagster's defaults, telemetry off)"]
    assert (mine / "dagster.yaml").read_bytes() == (instance.REPO_ROOT / "dagster.yaml").read_bytes()
    assert inst.telemetry_enabled is False
    own = tmp_path / "own"
    own.mkdir()
    (own / "dagster.yaml").write_text("telemetry:\n  enabled: true\n")
    monkeypatch.setenv("DAGSTER_HOME", str(own))
    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "third-artifacts"))
    said.clear()
    instance.instance(load_settings("tiny"), said.append)
    assert (own / "dagster.yaml").read_text() == "telemetry:\n  enabled: true\n" and said == []  # theirs, as it is
