"""Faults and bad input lose nothing (issue 29): caches keyed on content, atomic pointers, locks."""

from __future__ import annotations

import json

from paint_pipeline.pipeline.settings import load_settings


def test_the_evaluation_cache_is_keyed_on_the_adapters_bytes(tmp_path):
    from paint_pipeline.pipeline.evaluation import evaluation_key

    settings = load_settings("tiny")
    checkpoint = tmp_path / "cycle-0001"
    (checkpoint / "adapter").mkdir(parents=True)
    (checkpoint / "manifest.json").write_text(json.dumps({"format": 1, "files": {}}))
    weights = checkpoint / "adapter" / "adapter_model.safetensors"
    weights.write_bytes(b"one adapter")
    before = evaluation_key(settings, str(checkpoint), "r1")
    assert evaluation_key(settings, str(checkpoint), "r1") == before
    weights.write_bytes(b"another adapter")  # replaced (or corrupted) under an unchanged manifest
    assert evaluation_key(settings, str(checkpoint), "r1") != before


def _hold_lock_in_another_process(path):
    import subprocess
    import sys

    holder = subprocess.Popen([sys.executable, "-c", (
        "import time\nfrom paint_pipeline.fileio import exclusive_lock\n"
        f"with exclusive_lock({str(path)!r}, what='x'):\n    print('held', flush=True)\n    time.sleep(60)\n")],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_one_command_at_a_time_drives_the_cycles_of_an_artifacts_folder(tmp_path, monkeypatch):
    import pytest

    from paint_pipeline.cli import curve_runs, cycle_runs
    from paint_pipeline.fileio import LockBusy
    from paint_pipeline.orchestration.cycle_control import CYCLE_NEXT_LOCK

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "artifacts"))
    holder = _hold_lock_in_another_process(tmp_path / "artifacts" / CYCLE_NEXT_LOCK)
    try:
        for command in (lambda: cycle_runs.cycle_next("tiny", say=lambda _: None),
                        lambda: cycle_runs.cycle_resume("tiny", "cycle-0001", say=lambda _: None),
                        lambda: curve_runs.demo("tiny", 1, say=lambda _: None)):
            with pytest.raises(LockBusy, match=rf"another command running cycles in this artifacts folder .* is in "
                                               rf"progress \(pid {holder.pid}"):
                command()
    finally:
        holder.kill()
        holder.wait()
    assert not (tmp_path / "artifacts" / "cycles").exists()  # refused before any work


def test_a_cycle_is_added_with_its_manifest_or_not_at_all_and_never_twice(tmp_path, monkeypatch):
    import threading

    import pytest
    from dagster import instance_for_test

    from paint_pipeline.orchestration.cycle_control import add_next_cycle
    from paint_pipeline.orchestration.reviews import cycles_in_order
    from paint_pipeline.pipeline.cycles import manifest_path, read_manifest

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "artifacts"))
    settings = load_settings("tiny").replace(warm_start_steps=0)
    with instance_for_test() as instance:
        real = instance.add_dynamic_partitions

        def failing(*args, **kwargs):
            raise RuntimeError("the instance's storage is read-only")

        instance.add_dynamic_partitions = failing
        with pytest.raises(RuntimeError, match="read-only"):
            add_next_cycle(instance, settings)
        assert not manifest_path(settings, "cycle-0001").exists() and cycles_in_order(instance) == []
        instance.add_dynamic_partitions = real
        # Two at once (threads hold separate lock handles, as processes do): two keys, each with its manifest.
        added = []
        threads = [threading.Thread(target=lambda: added.append(add_next_cycle(instance, settings).cycle))
                   for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(added) == ["cycle-0001", "cycle-0002"] == cycles_in_order(instance)
        assert all(read_manifest(settings, key) is not None for key in added)


def test_a_renderer_fault_is_never_scored_as_the_policys_failure(tmp_path):
    """Two identical sketches, one hit by a renderer fault that persisted through its fresh-browser retry: the
    fault takes no part in its group's statistics and is left out of the update (counted), so the other gets no
    advantage from it (before: -0.87 / +0.88 for the same sketch)."""
    import math

    import pyarrow as pa
    from test_policy_train import scorecard_table

    from paint_pipeline.policy.advantages import group_advantages
    from paint_pipeline.policy.config import PolicyConfig
    from paint_pipeline.policy.rollouts import to_table, write_rollouts
    from paint_pipeline.policy.sampling import Rollout
    from paint_pipeline.policy.train import load_examples
    from paint_pipeline.reward.table import write_table

    advantages, stats = group_advantages([0.0, 0.6, 0.2, 0.8], ["a", "a", "b", "b"],
                                         include=[False, True, True, True])
    assert math.isnan(advantages[0]) and advantages[1] == 0.0 and stats.groups == 2
    assert advantages[3] > 0 > advantages[2]

    rows = [Rollout("p", "sea", k, k, 0.7, [1, 2], [5, 6, 7], [-1.0, -1.0, -1.0], "x", "x") for k in range(3)]
    table = to_table(rows, cycle="c", policy_checkpoint="base")
    rollouts = write_rollouts(table, tmp_path / "rollouts.parquet")
    cards = scorecard_table(table.column("sample_id").to_pylist(), [0.0, 0.6, 0.6])
    cards = cards.set_column(cards.schema.get_field_index("status"), "status",
                             pa.array(["RENDERER_ERROR", "SUCCESS", "SUCCESS"]))
    scorecards = write_table(cards, tmp_path / "scorecards.parquet")
    examples, stats = load_examples(rollouts, scorecards, PolicyConfig())
    assert len(examples) == 2 and stats["renderer_faults_left_out"] == 1
    assert [e.advantage for e in examples] == [0.0, 0.0]


def test_an_artifacts_folder_belongs_to_one_dagster_instance(tmp_path, monkeypatch):
    import pytest

    from paint_pipeline.orchestration import instance
    from paint_pipeline.pipeline.cycles import CycleError

    root = tmp_path / "artifacts"
    monkeypatch.setenv("PAINT_ARTIFACTS", str(root))
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    settings = load_settings("tiny")
    instance.instance(settings, say=lambda _: None)  # the default home, inside the folder: recorded relatively
    assert json.loads((root / "instance.json").read_text()) == {"dagster_home": "dagster_home"}
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(other))
    with pytest.raises(CycleError, match=rf"{root} belongs to the Dagster instance at {root / 'dagster_home'} .*, "
                                         rf"but DAGSTER_HOME is {other}"):
        instance.instance(settings, say=lambda _: None)
    # The folder moved whole (its home inside it) is still itself.
    moved = tmp_path / "moved"
    root.rename(moved)
    monkeypatch.setenv("PAINT_ARTIFACTS", str(moved))
    monkeypatch.setenv("DAGSTER_HOME", str(moved / "dagster_home"))
    instance.instance(load_settings("tiny"), say=lambda _: None)
    # A folder from before the binding, whose cycles this instance does not know, is refused too.
    legacy = tmp_path / "legacy"
    (legacy / "cycles").mkdir(parents=True)
    (legacy / "cycles" / "cycle-0001.json").write_text("{}")
    monkeypatch.setenv("PAINT_ARTIFACTS", str(legacy))
    with pytest.raises(CycleError, match=r"holds cycles \(cycle-0001, \.\.\.\) that the Dagster instance at"):
        instance.instance(load_settings("tiny"), say=lambda _: None)
    assert not (legacy / "instance.json").exists()


def test_render_gives_every_file_its_own_image_and_names_a_file_too_large(tmp_path):
    from paint_pipeline.render.client import RenderResult
    from paint_pipeline.render.files import image_names, render_files

    paths = []
    for folder, name, code in (("a", "s.js", "one"), ("b", "s.js", "two"), ("c", "s-2.js", "three"),
                               ("d", "big.js", "x" * 500), ("e", "t.js", "four")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text(code)
        paths.append(tmp_path / folder / name)
    assert image_names(paths) == ["s.png", "s-2.png", "s-2-2.png", "big.png", "t.png"]

    class StubClient:  # the renderer's answers, one PNG per code
        sent: list = []

        def code_limit(self):
            return 100

        def render_in_chunks(self, items, **kwargs):
            self.sent = [it.code for it in items]
            return [RenderResult(it.id, "SUCCESS", it.code.encode(), 1.0) for it in items]

    client = StubClient()
    records = list(render_files(client, paths, tmp_path / "out", size=64, seed=0, timeout_ms=1000))
    assert client.sent == ["one", "two", "three", "four"]  # the big one never goes out
    assert [r["status"] for r in records] == ["SUCCESS", "SUCCESS", "SUCCESS", "NOT_RENDERED", "SUCCESS"]
    assert records[3]["errors"] == [f"{paths[3]} is 500 bytes; the renderer takes sketches of at most 100 bytes"]
    written = {r["file"]: open(r["image"], "rb").read() for r in records if r["image"]}
    assert written == {str(paths[0]): b"one", str(paths[1]): b"two", str(paths[2]): b"three", str(paths[4]): b"four"}


def test_a_long_list_of_files_goes_out_in_batches_the_service_accepts():
    from paint_pipeline.render.client import RendererClient, RenderItem, RenderResult

    client = RendererClient("http://127.0.0.1:9", "token")
    client._pool_size, client._limits = 200, {"max_items": 256, "max_code_bytes": 200_000}
    batches = []
    client.render_batch = lambda items, **kw: batches.append(len(items)) or [
        RenderResult(it.id, "SUCCESS", b"png", 1.0) for it in items]
    out = client.render_in_chunks([RenderItem(str(i), "x") for i in range(600)], progress=False)
    assert len(out) == 600 and max(batches) <= 256 and sum(batches) == 600


def test_a_corrupt_failure_record_reads_as_one_that_names_its_file(tmp_path):
    from paint_pipeline.orchestration.failures import read_failure_record

    (tmp_path / "cycles").mkdir()
    (tmp_path / "cycles" / "cycle-0002.failure.json").write_text('{"cycle": "cycle-0002", "mess')
    record = read_failure_record(tmp_path, "cycle-0002")
    assert record["corrupt"] and record["failed_checks"] == []
    assert f"{tmp_path / 'cycles' / 'cycle-0002.failure.json'} is unreadable" in record["message"]
    assert read_failure_record(tmp_path, "cycle-0001") is None


def test_evaluate_refuses_bad_cycle_names_before_any_work(tmp_path, monkeypatch, capsys):
    from paint_pipeline import cli
    from paint_pipeline.render import service

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path))
    started = []
    monkeypatch.setattr(service, "RendererService", lambda *a, **k: started.append(1))
    assert cli.main(["evaluate", "--cycles", "garbage"]) == 1
    assert "'garbage' is not a cycle key" in capsys.readouterr().err
    assert cli.main(["evaluate", "--cycles", ","]) == 1
    assert "names no cycle" in capsys.readouterr().err
    assert cli.main(["evaluate", "--cycles", "cycle-0007"]) == 1
    assert "no checkpoint for cycle-0007" in capsys.readouterr().err
    assert started == []


def test_a_corrupt_table_is_one_line_naming_the_file(tmp_path, monkeypatch, capsys):
    from paint_pipeline import cli
    from paint_pipeline.policy.checkpoint import FORMAT

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path))
    broken = tmp_path / "scorecards" / "cycle-0001.parquet"
    broken.parent.mkdir()
    broken.write_bytes(b"PAR1 not a parquet file")
    checkpoint = tmp_path / "checkpoints" / "cycle-0001"
    checkpoint.mkdir(parents=True)
    (checkpoint / "manifest.json").write_text(json.dumps({
        "format": FORMAT, "cycle": "cycle-0001", "parent": None, "base_model": "b",
        "inputs": {"scorecards": {"path": str(broken), "sha256": "0" * 64}}}))
    assert cli.main(["lineage", "cycle-0001"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(broken) in err, err


def test_the_dashboard_names_a_corrupt_file_and_shows_the_other_cycles(tmp_path, monkeypatch):
    from test_policy_train import scorecard_table

    from paint_pipeline.pipeline.dashboard import build_dashboard
    from paint_pipeline.reward.table import write_table

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path))
    for cycle in ("cycle-0001", "cycle-0002", "cycle-0003"):
        write_table(scorecard_table([f"{cycle}/p/0", f"{cycle}/p/1"], [0.25, 0.75]),
                    tmp_path / "scorecards" / f"{cycle}.parquet")
    (tmp_path / "cycles").mkdir()
    (tmp_path / "cycles" / "cycle-0002.json").write_text('{"temperature": 0.5,')  # cut short
    (tmp_path / "scorecards" / "cycle-0003.parquet").write_bytes(b"PAR1 garbage")
    page = build_dashboard(load_settings("tiny")).read_text()
    assert "<td>cycle-0001</td>" in page and "<td>cycle-0002</td>" in page and "<td>cycle-0003</td>" in page
    assert f"{tmp_path / 'cycles' / 'cycle-0002.json'}: unreadable" in page
    assert f"{tmp_path / 'scorecards' / 'cycle-0003.parquet'}" in page and "no gallery" in page
    assert 'id="gallery-cycle-0001"' in page


def test_an_unreachable_hub_or_a_malformed_id_is_a_named_model_error(monkeypatch):
    import importlib

    import pytest
    import transformers

    from paint_pipeline.policy.models import ModelLoadError, load_tokenizer

    with pytest.raises(ModelLoadError, match=r"cannot load 'not//a valid id': .*Repo id must be in the form"):
        load_tokenizer("not//a valid id")
    # The HTTP client huggingface_hub uses here (httpx, or httpx2) raises ConnectError when the Hub is unreachable.
    client = next(importlib.import_module(n) for n in ("httpx", "httpx2") if importlib.util.find_spec(n))

    def unreachable(*args, **kwargs):
        raise client.ConnectError("[Errno 101] Network is unreachable")

    monkeypatch.setattr(transformers.AutoTokenizer, "from_pretrained", unreachable)
    with pytest.raises(ModelLoadError, match=r"cannot load 'someone/some-model': ConnectError: .*Network is "
                                             r"unreachable\. Offline, a hub id works only if it is cached"):
        load_tokenizer("someone/some-model")


def test_manifests_record_paths_that_survive_moving_the_artifacts_folder(tmp_path, monkeypatch):
    import shutil

    from paint_pipeline.pipeline.cycles import CycleManifest, manifest_path, read_manifest, write_manifest
    from paint_pipeline.policy.checkpoint import (
        FORMAT,
        Checkpoint,
        check_compatible,
        model_fingerprint,
        parent_chain,
        recorded_path,
    )

    first = tmp_path / "a1" / "artifacts"
    monkeypatch.setenv("PAINT_ARTIFACTS", str(first))
    settings = load_settings("tiny")
    base = first / "models" / "tiny-random"
    base.mkdir(parents=True)
    (base / "config.json").write_text('{"model_type": "llama"}')
    (base / "model.safetensors").write_bytes(b"weights")
    parent = first / "checkpoints" / "cycle-0001"
    manifest = CycleManifest(
        cycle="cycle-0002", parent_cycle="cycle-0001", parent_checkpoint=str(parent), base_model=str(base),
        profile="tiny", settings_hash="h", policy_config={"base_model": str(base), "models_dir": str(first / "models"),
                                                          "lora_r": 4},
        policy_config_hash="c", start_step=1, temperature=0.5, sampling_seed=1, prompt_ids=["p"], created_at="now")
    write_manifest(settings, manifest)
    assert str(first) not in manifest_path(settings, "cycle-0002").read_text()  # nothing absolute inside the folder
    for name, parent_name in (("cycle-0001", None), ("cycle-0002", "cycle-0001")):
        folder = first / "checkpoints" / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "manifest.json").write_text(json.dumps({
            "format": FORMAT, "cycle": name, "base_model": str(base),
            "base_model_fingerprint": model_fingerprint(str(base)),
            "parent": recorded_path(first / "checkpoints" / parent_name, folder) if parent_name else None}))

    moved = tmp_path / "a3" / "artifacts"
    shutil.copytree(first, moved)
    shutil.rmtree(first)  # the original is gone: nothing may still point there
    monkeypatch.setenv("PAINT_ARTIFACTS", str(moved))
    settings = load_settings("tiny")
    again = read_manifest(settings, "cycle-0002")
    assert again.parent_checkpoint == str(moved / "checkpoints" / "cycle-0001")
    assert again.policy_config["base_model"] == str(moved / "models" / "tiny-random")
    assert again.policy_config["models_dir"] == str(moved / "models") and again.policy_config["lora_r"] == 4
    chain = [folder for folder, _ in parent_chain(moved / "checkpoints" / "cycle-0002")]
    assert chain == [moved / "checkpoints" / "cycle-0002", moved / "checkpoints" / "cycle-0001"]
    moved_manifest = json.loads((moved / "checkpoints" / "cycle-0002" / "manifest.json").read_text())
    check_compatible(Checkpoint(moved / "checkpoints" / "cycle-0002", moved_manifest),
                     base_model=str(moved / "models" / "tiny-random"))  # the same model, moved: accepted
    (moved / "models" / "tiny-random" / "model.safetensors").write_bytes(b"other weights")
    import pytest

    from paint_pipeline.policy.checkpoint import CheckpointError

    with pytest.raises(CheckpointError, match="trained on base model"):  # another model at that path: refused
        check_compatible(Checkpoint(moved / "checkpoints" / "cycle-0002", moved_manifest),
                         base_model=str(moved / "models" / "tiny-random"))


def test_every_error_of_the_project_prints_as_one_line():
    """One base class for the project's own errors, caught in `main`."""
    import importlib
    import inspect
    import pkgutil

    import paint_pipeline
    from paint_pipeline.errors import PaintPipelineError

    ours = []
    for module in pkgutil.walk_packages(paint_pipeline.__path__, "paint_pipeline."):
        if module.name.endswith(("definitions", "__main__")) or ".orchestration" in module.name:
            continue  # Dagster's definitions load the whole pipeline; their errors are the modules' below
        mod = importlib.import_module(module.name)
        ours += [obj for _, obj in inspect.getmembers(mod, inspect.isclass)
                 if issubclass(obj, Exception) and obj.__module__ == mod.__name__]
    assert len(ours) >= 20
    assert [cls.__name__ for cls in ours if not issubclass(cls, PaintPipelineError)] == []


def test_a_published_card_and_adapter_name_the_base_as_the_hub_knows_it(tmp_path):
    from paint_pipeline.policy.models import published_base_name
    from paint_pipeline.publish.model_card import model_card
    from paint_pipeline.publish.registry import stage_entry

    hub_name = "HuggingFaceTB/SmolLM2-135M-Instruct"  # pragma: allowlist secret (a public model name)
    assert published_base_name("embedded:smollm2-135m-instruct") == hub_name
    assert published_base_name("someone/a-model") == "someone/a-model"
    assert published_base_name(str(tmp_path / "models" / "tiny-random")) == "tiny-random"
    manifest = {"base_model": "embedded:smollm2-135m-instruct", "config": {}, "step": 4}
    card = model_card(name="paint", cycle="cycle-0001", checkpoint=manifest, reward={}, evaluation={}, lineage=[])
    assert "base_model: HuggingFaceTB/SmolLM2-135M-Instruct\n" in card
    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter_config.json").write_text(json.dumps({"base_model_name_or_path": "/root/x/models/SmolLM2",
                                                             "r": 16}))
    stage_entry(tmp_path / "entry", adapter=adapter, card=card, summary={}, lineage=[], checkpoint_manifest=manifest)
    staged = json.loads((tmp_path / "entry" / "adapter" / "adapter_config.json").read_text())
    assert staged == {"base_model_name_or_path": hub_name, "r": 16}
