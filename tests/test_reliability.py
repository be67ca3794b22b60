"""Faults and bad input lose nothing (issue 29): caches keyed on content, atomic pointers, locks."""

from __future__ import annotations

import json

from paint_pipeline.pipeline.settings import load_settings


def test_the_evaluation_cache_is_keyed_on_the_adapters_bytes(tmp_path):
    from paint_pipeline.pipeline.steps import evaluation_key

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

    from paint_pipeline.fileio import LockBusy
    from paint_pipeline.orchestration import commands
    from paint_pipeline.orchestration.cycle_control import CYCLE_NEXT_LOCK

    monkeypatch.setenv("PAINT_ARTIFACTS", str(tmp_path / "artifacts"))
    holder = _hold_lock_in_another_process(tmp_path / "artifacts" / CYCLE_NEXT_LOCK)
    try:
        for command in (lambda: commands.cycle_next("tiny", say=lambda _: None),
                        lambda: commands.cycle_resume("tiny", "cycle-0001", say=lambda _: None),
                        lambda: commands.demo("tiny", 1, say=lambda _: None)):
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
