"""The Dagster chain on the tiny profile: cycles, checks, the human gate, publishing, rescoring, lineage.

One module-scoped instance runs the warm start and two cycles (the second trains from the first); the
tests then review, publish, reject and re-score against it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from dagster import (
    AssetKey,
    DagsterInstance,
    build_schedule_context,
    build_sensor_context,
    instance_for_test,
    partition_loading_context,
)

from paint_pipeline import typed_config
from paint_pipeline.definitions import defs
from paint_pipeline.defs.automation import advance_training, review_sensor
from paint_pipeline.orchestration.cycle_control import add_next_cycle
from paint_pipeline.orchestration.reviews import report_review
from paint_pipeline.orchestration.status import status_rows
from paint_pipeline.pipeline import evaluation
from paint_pipeline.pipeline.cycles import CycleError, read_manifest
from paint_pipeline.pipeline.lineage import lineage
from paint_pipeline.pipeline.settings import PipelineSettings, SettingsError, load_settings
from paint_pipeline.policy.checkpoint import open_checkpoint

REPO = Path(__file__).resolve().parent.parent
QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def run(job: str, instance: DagsterInstance, partition: str | None = None, **kwargs):
    return defs.resolve_job_def(job).execute_in_process(instance=instance, partition_key=partition,
                                                        raise_on_error=False, run_config=QUIET, **kwargs)


def checks_of(result) -> dict[str, bool]:
    return {e.event_specific_data.check_name: e.event_specific_data.passed for e in result.all_events
            if e.event_type_value == "ASSET_CHECK_EVALUATION"}


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("pipeline")
    saved = {k: os.environ.get(k) for k in ("PAINT_ARTIFACTS", "PAINT_PROFILE")}
    os.environ.update(PAINT_ARTIFACTS=str(root / "artifacts"), PAINT_PROFILE="tiny")
    with instance_for_test() as instance:
        settings = load_settings()
        warm = run("warm_start", instance)
        assert warm.success
        first = add_next_cycle(instance, settings)
        r1 = run("train_cycle", instance, first.cycle)
        report_review(instance, first.cycle, "approved", by="alice", note="fine")
        second = add_next_cycle(instance, settings)
        r2 = run("train_cycle", instance, second.cycle)
        yield {"instance": instance, "settings": settings, "root": root / "artifacts", "results": (r1, r2),
               "warm": warm}
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def test_the_warm_start_trains_in_a_process_of_its_own(world):
    # In the Dagster process, the memory its training touched stayed resident and got the first cycle's
    # update killed for want of memory; a subprocess gives it back when it exits.
    metadata = world["warm"].asset_materializations_for_node("policy_warm_start")[0].metadata
    assert metadata["process_id"].value != os.getpid()
    assert metadata["peak_rss_mb"].value > 0
    assert Path(metadata["checkpoint"].value) == world["root"] / "checkpoints" / "warm-start"
    assert metadata["sft_steps"].value == world["settings"].warm_start_steps
    assert open_checkpoint(world["root"] / "checkpoints" / "warm-start").manifest["kind"] == "warm_start"


def test_a_cycle_materializes_every_asset_and_passes_its_checks(world):
    r1, _ = world["results"]
    root = world["root"]
    assert r1.success
    for asset in ("rollouts", "renders", "scorecards", "evaluation"):
        assert pq.read_table(root / asset / "cycle-0001.parquet").num_rows > 0, asset
    assert open_checkpoint(root / "checkpoints" / "cycle-0001").manifest["step"] == 1
    assert checks_of(r1) == {"render_success_above_floor": True, "rewards_finite_and_in_range": True,
                             "reward_variance_not_collapsed": True, "checkpoint_loads": True,
                             "not_worse_than_parent": True}
    cards = r1.asset_materializations_for_node("scorecards")[0].metadata
    assert cards["reward_version"].value.startswith("rv-") and "mean_total" in cards and "rollouts_sha256" in cards
    rollouts = r1.asset_materializations_for_node("rollouts")[0].metadata
    assert rollouts["config_hash"].value and rollouts["cycle_parent"].value == "none"
    assert rollouts["parent_checkpoint"].value.endswith("warm-start")


def test_the_ui_plots_only_the_reviewers_numbers_and_shows_galleries(world):
    from dagster import FloatMetadataValue, IntMetadataValue, MarkdownMetadataValue

    from paint_pipeline.reward.config import TIERS

    r1, _ = world["results"]
    metadata = {node: r1.asset_materializations_for_node(node)[0].metadata
                for node in ("rollouts", "renders", "scorecards", "policy_checkpoint", "evaluation")}
    plotted = {node: sorted(k for k, v in md.items() if isinstance(v, (FloatMetadataValue, IntMetadataValue)))
               for node, md in metadata.items()}
    assert plotted.pop("policy_checkpoint") in (["kl", "loss"], ["loss"])  # kl: when the update measured it
    assert plotted == {
        "rollouts": [], "renders": ["render_success_rate"],
        "scorecards": sorted(["mean_total", "render_success_rate", *(f"mean_{t}" for t in TIERS)]),
        "evaluation": ["eval_mean_total", "eval_total_delta", "parent_mean_total"]}
    # The other figures are still there, as text.
    assert metadata["policy_checkpoint"]["processes"].value == "1" and "groups" in metadata["scorecards"]
    galleries = {"renders": "gallery", "scorecards": "best_and_worst", "evaluation": "best_and_worst"}
    assert all(isinstance(metadata[node][key], MarkdownMetadataValue) for node, key in galleries.items())
    statuses = pq.read_table(world["root"] / "renders" / "cycle-0001.parquet").column("status").to_pylist()
    assert metadata["renders"]["gallery"].value.startswith(f"{statuses.count('SUCCESS')} of {len(statuses)} rendered.")
    totals = sorted(pq.read_table(world["root"] / "evaluation" / "cycle-0001.parquet").column("total").to_pylist())
    assert f"**{totals[-1]:.3f}**" in metadata["evaluation"]["best_and_worst"].value  # the best held-out total
    # The held-out paintings are kept beside the cached evaluation, so its gallery can show them.
    images = evaluation.evaluation_images(world["settings"], str(world["root"] / "checkpoints" / "cycle-0001"),
                                     metadata["evaluation"]["reward_version"].value)
    assert len(images) == len(totals)


def test_the_second_cycle_trains_from_the_first(world):
    _, r2 = world["results"]
    assert r2.success
    manifest = read_manifest(world["settings"], "cycle-0002")
    assert manifest.parent_cycle == "cycle-0001" and manifest.start_step == 1
    checkpoint = open_checkpoint(world["root"] / "checkpoints" / "cycle-0002").manifest
    assert checkpoint["parent"] == "../cycle-0001" and checkpoint["step"] == 2  # relative: the folder can move
    rows = {r["cycle"]: r for r in status_rows(world["instance"], world["settings"])}
    assert rows["cycle-0001"]["review"] == "approved by alice" and rows["cycle-0002"]["review"] == "pending"


def test_lineage_runs_from_checkpoint_to_base(world):
    chain = lineage(world["settings"], "cycle-0002")
    kinds = [step["kind"] for step in chain]
    assert kinds == ["cycle", "scorecards", "renders", "rollouts", "prompts"] * 2 + ["warm_start", "base_model"]
    assert [s["name"] for s in chain if s["kind"] == "cycle"] == ["cycle-0002", "cycle-0001"]
    assert all(s["state"] == "unchanged" for s in chain if "state" in s)


def test_review_sensor_publishes_approved_cycles_only(world):
    instance = world["instance"]
    context = build_sensor_context(instance=instance, definitions=defs)
    with partition_loading_context(dynamic_partitions_store=instance):
        data = review_sensor.evaluate_tick(context)  # the latest review event: cycle-0001 approved
    assert [(r.job_name, r.partition_key) for r in data.run_requests] == [("publish", "cycle-0001")]
    assert run("publish", instance, "cycle-0001").success
    entry = world["root"] / "registry" / "paint-tiny-lora" / "cycle-0001"
    names = sorted(p.name for p in entry.iterdir())
    assert names == ["README.md", "adapter", "checkpoint_manifest.json", "lineage.json", "scorecard_summary.json"]
    card = (entry / "README.md").read_text()
    assert "tiny-random" in card and "r=4" in card and "rv-" in card and "cycle-0001" in card
    assert "alignment 0.35" in card  # the reward weights, as configured

    report_review(instance, "cycle-0002", "rejected", by="bob", note="worse on held-out")
    with partition_loading_context(dynamic_partitions_store=instance):
        data = review_sensor.evaluate_tick(build_sensor_context(instance=instance, definitions=defs,
                                                                cursor=data.cursor))
    assert not data.run_requests and "rejected" in data.skip_message
    refused = run("publish", instance, "cycle-0002")
    assert not refused.success and not (world["root"] / "registry" / "paint-tiny-lora" / "cycle-0002").exists()
    # a rejected cycle never parents: the next cycle trains from cycle-0001
    third = add_next_cycle(instance, world["settings"])
    assert third.parent_cycle == "cycle-0001"
    # and the schedule waits for the new cycle's review instead of stacking cycles
    assert "awaits review" in advance_training.evaluate_tick(build_schedule_context(instance=instance)).skip_message


def test_an_approval_with_auto_continue_starts_the_next_cycle(world, tmp_path):
    instance = world["instance"]
    profile = tmp_path / "auto.json"
    profile.write_text(json.dumps({**load_settings("tiny").to_dict(), "auto_continue": True}))
    os.environ["PAINT_PROFILE"] = str(profile)
    try:
        cursor_context = build_sensor_context(instance=instance, definitions=defs)
        with partition_loading_context(dynamic_partitions_store=instance):
            first = review_sensor.evaluate_tick(cursor_context)  # consume the earlier reviews
            report_review(instance, "cycle-0001", "approved", by="carol", note="again")
            data = review_sensor.evaluate_tick(build_sensor_context(instance=instance, definitions=defs,
                                                                    cursor=first.cursor))
    finally:
        os.environ["PAINT_PROFILE"] = "tiny"
    requests = [(r.job_name, r.partition_key) for r in data.run_requests]
    assert requests[0] == ("publish", "cycle-0001") and requests[1][0] == "train_cycle"
    assert read_manifest(world["settings"], requests[1][1]).parent_cycle == "cycle-0001"


def test_the_dashboard_shows_charts_and_galleries_offline(world, tmp_path):
    from paint_pipeline.pipeline.dashboard import build_dashboard

    page = build_dashboard(world["settings"])
    text = page.read_text()
    assert "http://" not in text and "https://" not in text  # nothing to fetch: works offline
    chromium = os.environ.get("PP_CHROMIUM", "/usr/bin/chromium")
    base = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000"]
    dom = subprocess.run([*base, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert dom.count('class="chart"') == 6
    assert 'id="gallery-cycle-0001"' in dom and 'id="gallery-cycle-0002"' in dom and 'http-equiv="refresh"' in dom
    shot = tmp_path / "dashboard.png"
    subprocess.run([*base, f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120, check=True)
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (1300, 1000) and len(set(image.convert("L").getdata())) > 10  # drawn, not blank


class RecordingHub:
    """Stands in for huggingface_hub.HfApi: records each call and the files of the uploaded folder."""

    calls: list = []

    def create_repo(self, repo_id, **kwargs):
        RecordingHub.calls.append(("create_repo", repo_id, kwargs))

    def upload_folder(self, *, repo_id, folder_path, **kwargs):
        files = sorted(str(p.relative_to(folder_path)) for p in Path(folder_path).rglob("*") if p.is_file())
        RecordingHub.calls.append(("upload_folder", repo_id, files))
        return "https://huggingface.co/recorded/commit/1"


def test_publishing_uploads_the_whole_entry_to_the_hubs(world, monkeypatch, tmp_path):
    import huggingface_hub
    import kagglehub

    from paint_pipeline.publish.publishing import publish_cycle

    RecordingHub.calls = []
    kaggle_calls = []
    monkeypatch.setattr(huggingface_hub, "HfApi", RecordingHub)
    monkeypatch.setattr(kagglehub, "model_upload", lambda handle, folder, **kw: kaggle_calls.append(
        (handle, sorted(p.name for p in Path(folder).iterdir()), kw["version_notes"])))
    settings = load_settings("tiny")
    hubbed = typed_config.from_dict(PipelineSettings, {**settings.to_dict(), "hub_repo_id": "me/paint-lora",
                                                       "kaggle_handle": "me/paint-lora/transformers/tiny"},
                                    source="test", error=SettingsError)
    checkpoint = world["root"] / "checkpoints" / "cycle-0001"
    dry = publish_cycle(hubbed, "cycle-0001", checkpoint, tmp_path / "registry", dry_run=True, log=lambda m: None)
    assert dry["dry_run"] and "README.md" in dry["files"] and not (tmp_path / "registry").exists()
    assert RecordingHub.calls == [] and kaggle_calls == []  # a dry run uploads nothing
    report = publish_cycle(hubbed, "cycle-0001", checkpoint, tmp_path / "registry", log=lambda m: None)
    entry_files = report["files"]
    assert RecordingHub.calls[0][:2] == ("create_repo", "me/paint-lora")
    assert RecordingHub.calls[1] == ("upload_folder", "me/paint-lora", entry_files)
    assert kaggle_calls == [("me/paint-lora/transformers/tiny", sorted({f.split("/")[0] for f in entry_files}),
                             "paint-pipeline cycle-0001")]


def test_held_out_evaluation_compares_cycle_zero_with_each_cycle(world):
    from paint_pipeline.pipeline.evaluation import evaluate_cycles, format_rows
    from paint_pipeline.render.service import RendererService
    from paint_pipeline.reward import RewardScorer

    settings = world["settings"].replace(eval_split="test", eval_prompts=2)
    with RendererService(pool_size=2) as client:
        rows = evaluate_cycles(settings, ["cycle-0001", "cycle-0002"], client,
                               RewardScorer(settings.reward_config()), log=lambda m: None)
    assert [r.label for r in rows] == ["cycle 0 (warm start)", "cycle-0001", "cycle-0002"]
    assert all(r.samples == 2 and r.total[1] <= r.total[0] <= r.total[2] for r in rows)
    assert "95% bootstrap" in format_rows(rows)


def test_reviews_name_their_cycle(world):
    with pytest.raises(CycleError, match="cycle-0099 is not a cycle"):
        report_review(world["instance"], "cycle-0099", "approved", by="alice")


def test_rescore_keeps_both_reward_versions(world, tmp_path):
    profile = tmp_path / "rescore.json"
    tiny = load_settings("tiny").to_dict()
    tiny["reward"] = {**tiny["reward"], "w_compile": 0.2, "w_alignment": 0.25}
    profile.write_text(json.dumps(tiny))
    os.environ["PAINT_PROFILE"] = str(profile)
    try:
        result = run("rescore", world["instance"], "cycle-0001")
    finally:
        os.environ["PAINT_PROFILE"] = "tiny"
    assert result.success
    table = pq.read_table(world["root"] / "rescored_scorecards" / "cycle-0001.parquet").to_pylist()
    original = pq.read_table(world["root"] / "scorecards" / "cycle-0001.parquet").to_pylist()
    assert table[0]["reward_version"] != table[0]["previous_reward_version"] == original[0]["reward_version"]
    assert [r["previous_total"] for r in table] == [r["total"] for r in original]


def test_a_failed_check_stops_the_chain(world, tmp_path):
    profile = tmp_path / "strict.json"
    profile.write_text(json.dumps({**load_settings("tiny").to_dict(), "min_render_success": 0.5}))
    os.environ["PAINT_PROFILE"] = str(profile)
    instance = world["instance"]
    try:
        cycle = add_next_cycle(instance, load_settings()).cycle
        result = run("train_cycle", instance, cycle)
    finally:
        os.environ["PAINT_PROFILE"] = "tiny"
    assert not result.success
    assert checks_of(result)["render_success_above_floor"] is False
    materialized = {e.asset_key for e in result.all_events if e.event_type_value == "ASSET_MATERIALIZATION"}
    assert AssetKey("renders") in materialized and AssetKey("scorecards") not in materialized
    assert not (world["root"] / "checkpoints" / cycle).exists()

    # the run-failure sensor records why the cycle failed, beside its manifest
    from dagster import DagsterEventType, build_run_status_sensor_context

    from paint_pipeline.defs.automation import cycle_failure_sensor

    failure = next(e for e in result.all_events if e.event_type == DagsterEventType.RUN_FAILURE)
    context = build_run_status_sensor_context(sensor_name="cycle_failure_sensor", dagster_event=failure,
                                              dagster_instance=instance, dagster_run=result.dagster_run,
                                              partition_key=cycle).for_run_failure()
    cycle_failure_sensor(context)
    record = json.loads((world["root"] / "cycles" / f"{cycle}.failure.json").read_text())
    assert record["cycle"] == cycle and record["run_id"] == result.run_id
    # the same record as a CLI run writes: the demo tells a check stop from a crash by failed_checks
    assert record["failed_checks"] == ["render_success_above_floor"]
    assert record["message"].startswith("check render_success_above_floor failed:")


def test_dg_launch_runs_a_tiny_cycle(tmp_path):
    env = {**os.environ, "PAINT_ARTIFACTS": str(tmp_path / "artifacts"), "PAINT_PROFILE": "tiny",
           "DAGSTER_HOME": str(tmp_path / "home"), "VIRTUAL_ENV": sys.prefix}
    (tmp_path / "home").mkdir()
    cli = str(Path(sys.executable).parent / "paint-pipeline")
    added = subprocess.run([cli, "cycle", "next", "--no-run"], cwd=REPO, env=env, capture_output=True, text=True,
                           timeout=600)
    assert added.returncode == 0, added.stderr[-2000:]
    proc = subprocess.run([str(Path(sys.executable).parent / "dg"), "launch", "--job", "train_cycle", "--partition",
                           "cycle-0001"], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "Warning" not in proc.stderr, proc.stderr[-3000:]  # no Supersession/Preview/Future warnings in the log
    assert (tmp_path / "artifacts" / "checkpoints" / "cycle-0001" / "manifest.json").is_file()
    status = subprocess.run([cli, "cycle", "status", "--json"], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=300)
    rows = json.loads(status.stdout.strip().splitlines()[-1])
    assert rows[0]["cycle"] == "cycle-0001" and rows[0]["state"] == "evaluated"


def test_scorecards_edited_after_training_do_not_publish(world, monkeypatch, tmp_path):
    import shutil

    import pyarrow as pa

    from paint_pipeline.publish.hub import PublishError
    from paint_pipeline.publish.publishing import publish_cycle
    from paint_pipeline.reward.table import read_table, write_table

    copy = tmp_path / "artifacts"
    shutil.copytree(world["root"], copy)
    monkeypatch.setenv("PAINT_ARTIFACTS", str(copy))
    settings = load_settings("tiny")
    path = copy / "scorecards" / "cycle-0001.parquet"
    original = path.read_bytes()
    table = read_table(path)
    edited = table.set_column(table.schema.get_field_index("total"), "total",
                              pa.array([0.99] * table.num_rows, table.schema.field("total").type))
    write_table(edited, path)  # a valid scorecards file, just not the one the cycle trained on
    with pytest.raises(PublishError, match=r"scorecards/cycle-0001\.parquet has CHANGED since training"):
        publish_cycle(settings, "cycle-0001", copy / "checkpoints" / "cycle-0001", tmp_path / "registry",
                      log=lambda m: None)
    assert not (tmp_path / "registry").exists()
    path.write_bytes(original)  # the file it trained on, back: it publishes
    report = publish_cycle(settings, "cycle-0001", copy / "checkpoints" / "cycle-0001", tmp_path / "registry",
                           log=lambda m: None)
    latest = json.loads((tmp_path / "registry" / settings.registry_name / "latest.json").read_text())
    assert latest["version"] == "cycle-0001" and Path(latest["path"]) == report["registry_entry"]


def test_each_cycle_has_its_own_check_results(world):
    """Checks are partitioned like their assets: a cycle's result never stands for another's."""
    from dagster import AssetCheckKey, AssetKey

    from paint_pipeline.orchestration import checks

    storage = world["instance"].event_log_storage
    for asset, name in (("policy_checkpoint", checks.CHECKPOINT_LOADS), ("scorecards", checks.REWARDS_VALID),
                        ("evaluation", checks.NOT_WORSE)):
        history = storage.get_asset_check_execution_history(AssetCheckKey(AssetKey(asset), name), limit=10)
        assert history and all(r.partition for r in history), (asset, name)  # planned ones too: no "Partition -"
        evaluated = sorted(r.partition for r in history if r.status.value in ("SUCCEEDED", "FAILED"))
        assert evaluated == ["cycle-0001", "cycle-0002"], (asset, name, evaluated)


def test_training_refuses_a_backfill_and_rescoring_skips_an_unscored_cycle(world):
    instance = world["instance"]
    cycle = add_next_cycle(instance, load_settings()).cycle  # added, never run
    rescored = run("rescore", instance, cycle)
    assert rescored.success and not (world["root"] / "rescored_scorecards" / f"{cycle}.parquet").exists()
    assert any("skipped, nothing to re-score yet" in entry.user_message for entry in instance.all_logs(rescored.run_id))
    backfilled = run("train_cycle", instance, cycle, tags={"dagster/backfill": "bf1"})
    assert not backfilled.success
    [failure] = [e for e in backfilled.all_events if e.is_step_failure]
    assert "training is never backfilled" in failure.step_failure_data.error.message
    report_review(instance, cycle, "rejected", by="test", note="never trained")


def test_the_review_job_applies_the_gate_and_records_reviewer_and_note(world):
    from dagster import AssetKey

    from paint_pipeline.orchestration.reviews import latest_reviews

    instance = world["instance"]

    def review(cycle, **config):
        return defs.resolve_job_def("review_cycle").execute_in_process(
            instance=instance, partition_key=cycle, raise_on_error=False,
            run_config={**QUIET, "ops": {"review": {"config": config}}})

    earlier = latest_reviews(instance)["cycle-0001"]
    assert earlier["decision"] == "approved"
    refused = review("cycle-0001", decision="rejected", reviewer="dana", note="second look")
    assert not refused.success  # a reversal needs the override
    [failure] = [e for e in refused.all_events if e.is_step_failure]
    assert (f"was already approved by {earlier['reviewer']}; to reverse that, add --override"
            in failure.step_failure_data.error.message)
    reversing = latest_reviews(instance).get("cycle-0002", {}).get("decision") == "rejected"  # by an earlier test
    assert review("cycle-0002", decision="approved", reviewer="dana", note="colours rich, composition clear",
                  override=reversing).success
    recorded = latest_reviews(instance)["cycle-0002"]
    assert (recorded["decision"], recorded["reviewer"], recorded["note"]) == (
        "approved", "dana", "colours rich, composition clear")
    assert "cycle-0002" in instance.get_materialized_partitions(AssetKey("cycle_review"))
