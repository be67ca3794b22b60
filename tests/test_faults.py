"""The pipeline under faults: nothing is lost or half-written, and every bad input gets a named error.

- the training process killed mid-update: no checkpoint (never a partial one); a rerun completes and equals an
  uninterrupted run;
- the whole `paint-pipeline` process killed during a cycle's update (as the kernel's OOM killer did once): the
  next command marks the run failed and the cycle interrupted, and the demo resumes it from its manifest, keeping
  the rollouts already scored;
- the renderer killed mid-batch: the client says so; a rerun of the step writes the whole table again, once;
- a corrupt Parquet file, a corrupt checkpoint, an invalid config value, a prompt file with a bad line: the
  command fails with a message naming the file and the problem;
- a soak of 1,000 sketches through one renderer: every result classified, memory bounded (the report is kept).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pyarrow as pa
import pytest
from safetensors.torch import load_file

from paint_pipeline.parquet_io import write_table
from paint_pipeline.policy.checkpoint import open_checkpoint
from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.rollouts import to_table, write_rollouts
from paint_pipeline.policy.sampling import generate
from paint_pipeline.policy.tiny import save_tiny_base
from paint_pipeline.render.client import RendererError, RenderItem
from paint_pipeline.render.service import RendererService
from paint_pipeline.render.table import read_renders
from paint_pipeline.reward.table import SCHEMA as SCORECARD_SCHEMA

REPO = Path(__file__).resolve().parent.parent
CLI = str(Path(sys.executable).parent / "paint-pipeline")
SLOW = ("function setup() { createCanvas(64, 64); const t = Date.now(); "
        "while (Date.now() - t < 1500) {} background(9); }")


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([CLI, *args], cwd=REPO, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def cycle_files(tmp_path_factory):
    root = tmp_path_factory.mktemp("faults")
    base = save_tiny_base(root / "tiny-base", seed=0)
    from paint_pipeline.policy.models import load_base, load_tokenizer

    tokenizer, model = load_tokenizer(str(base)), load_base(str(base))
    rollouts = generate(model, tokenizer, [("p1", "a red sea"), ("p2", "three yellow circles")], group_size=2,
                        temperature=0.9, max_new_tokens=12, base_seed=3)
    table = to_table(rollouts, cycle="c1", policy_checkpoint="base")
    ids = table.column("sample_id").to_pylist()
    columns = {f.name: ([0.0] * len(ids) if pa.types.is_floating(f.type) else [[] for _ in ids]
                        if pa.types.is_list(f.type) else ["x"] * len(ids)) for f in SCORECARD_SCHEMA}
    columns.update(sample_id=ids, total=[0.1, 0.9, 0.3, 0.6], advantage=[None] * len(ids))
    config = PolicyConfig(base_model=str(base), models_dir=str(root / "models"), lora_r=4, lora_alpha=8,
                          group_size=2, max_new_tokens=12, steps_per_cycle=60, minibatch_size=4,
                          learning_rate=1e-3, device="cpu")
    (root / "policy.json").write_text(json.dumps(config.to_dict()))
    return {"root": root, "config": root / "policy.json", "rollouts": write_rollouts(table, root / "rollouts.parquet"),
            "scorecards": write_table(pa.Table.from_pydict(columns, schema=SCORECARD_SCHEMA),
                                      root / "scorecards.parquet")}


def train_command(files, out: Path) -> list[str]:
    return [sys.executable, "-m", "paint_pipeline.policy.train", "--config", str(files["config"]),
            "--rollouts", str(files["rollouts"]), "--scorecards", str(files["scorecards"]), "--cycle", "c1",
            "--out", str(out)]


def test_a_killed_update_leaves_no_checkpoint_and_a_rerun_completes(cycle_files):
    out = cycle_files["root"] / "checkpoints" / "c1"
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(train_command(cycle_files, out), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env, start_new_session=True)
    for line in proc.stdout:  # wait until optimizer steps are running, then kill without warning
        if "[train] step 5:" in line:
            os.killpg(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the update finished before it could be killed"
    assert not out.exists()  # absent, never partial
    leftovers = [p.name for p in out.parent.iterdir()] if out.parent.exists() else []
    # only an unnamed staging folder (and the trainers' lock folder, released by the kernel with the process)
    assert all(name.startswith(".c1.") or name == ".locks" for name in leftovers), leftovers

    rerun = subprocess.run(train_command(cycle_files, out), capture_output=True, text=True, env=env, timeout=600)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert open_checkpoint(out).manifest["step"] == 60  # complete: every file matches the manifest
    clean = cycle_files["root"] / "clean"
    assert subprocess.run(train_command(cycle_files, clean), capture_output=True, env=env, timeout=600).returncode == 0
    a = load_file(str(out / "adapter" / "adapter_model.safetensors"))
    b = load_file(str(clean / "adapter" / "adapter_model.safetensors"))
    assert a.keys() == b.keys() and all((a[k] == b[k]).all() for k in a)  # the same inputs give the same weights


def test_a_run_owner_is_gone_only_when_its_process_on_this_host_is():
    from paint_pipeline.orchestration.interrupted import HOST, STARTED, owner_is_gone, owner_tags

    mine = owner_tags()
    assert not owner_is_gone(mine)
    assert owner_is_gone({**mine, STARTED: str(int(mine[STARTED]) + 1)})  # the same pid, reused by another process
    assert not owner_is_gone({**mine, HOST: "elsewhere", STARTED: "1"})  # not ours to judge
    assert not owner_is_gone({})  # queued: no process has claimed it yet
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert owner_is_gone({**mine, "paint/pid": str(child.pid)})


def _train_process_running(root_pid: int) -> bool:
    from paint_pipeline.procstat import tree_pids

    for pid in tree_pids(root_pid)[1:]:
        try:
            if b"paint_pipeline.policy.train" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return True
        except OSError:
            pass
    return False


def _tiny_instance_env(tmp_path, monkeypatch) -> dict[str, str]:
    """A tiny-profile artifacts folder and Dagster home, for this process and the ones it starts."""
    env = {"PAINT_ARTIFACTS": str(tmp_path / "artifacts"), "DAGSTER_HOME": str(tmp_path / "home"),
           "PAINT_PROFILE": "tiny"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    (tmp_path / "home").mkdir()
    return env


def _start_until_training(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    """Starts `command` in a process group of its own; returns once its GRPO subprocess runs (or it ended)."""
    proc = subprocess.Popen(command, cwd=REPO, env={**os.environ, **env}, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 600
    while not _train_process_running(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc


def test_a_cycle_killed_mid_update_is_marked_interrupted_and_the_demo_resumes_it(tmp_path, monkeypatch):
    from dagster import AssetKey, AssetRecordsFilter, DagsterInstance, DagsterRunStatus, RunsFilter

    from paint_pipeline.cli import curve_runs, cycle_runs
    from paint_pipeline.orchestration import instance, status
    from paint_pipeline.orchestration.reviews import latest_reviews
    from paint_pipeline.pipeline.settings import load_settings

    env = _tiny_instance_env(tmp_path, monkeypatch)
    proc = _start_until_training([CLI, "cycle", "next"], env)
    said: list[str] = []
    from paint_pipeline.fileio import LockBusy

    with pytest.raises(LockBusy, match=rf"is in progress \(pid {proc.pid}"):  # never a second run beside a live one
        cycle_runs.cycle_resume("tiny", "cycle-0001", say=said.append)
    assert proc.poll() is None, "the cycle finished (or failed) before its update could be killed"
    os.killpg(proc.pid, signal.SIGKILL)  # no handler runs, nothing records the failure
    proc.wait(timeout=30)

    inst = DagsterInstance.get()
    [run] = inst.get_runs(RunsFilter(job_name="train_cycle"))
    assert run.status == DagsterRunStatus.STARTED  # what Dagster shows until someone looks
    settings = load_settings("tiny")
    [row] = status.status_rows(instance.instance(settings, said.append), settings)
    assert row["state"] == "interrupted in policy_checkpoint (paint-pipeline cycle resume cycle-0001)"
    run = inst.get_run_by_id(run.run_id)
    assert run.status == DagsterRunStatus.FAILURE
    assert f"was interrupted: its process (pid {proc.pid}) is gone" in said[-1]
    assert not (settings.root / "checkpoints" / "cycle-0001" / "manifest.json").exists()

    assert curve_runs.demo("tiny", 1, say=said.append) == 0
    assert "cycle-0001 was interrupted before it finished: resuming it" in said
    assert "cycle-0001: resuming from policy_checkpoint (keeping rollouts, renders, scorecards)" in said
    assert latest_reviews(inst)["cycle-0001"]["decision"] == "approved"
    assert status.status_rows(inst, settings)[0]["state"] == "evaluated"
    assert (settings.root / "checkpoints" / "cycle-0001" / "manifest.json").is_file()
    rollouts = inst.fetch_materializations(AssetRecordsFilter(asset_key=AssetKey("rollouts"),
                                                              asset_partitions=["cycle-0001"]), limit=10).records
    assert len(rollouts) == 1  # the update trained on the rollouts scored before the kill
    assert not (settings.root / "cycles" / "cycle-0001.failure.json").exists()


def _train_pids(root_pid: int | None = None) -> list[int]:
    from paint_pipeline.procstat import is_alive

    found = []
    for name in os.listdir("/proc"):
        if name.isdigit() and is_alive(int(name)):
            try:
                if b"paint_pipeline.policy.train" in Path(f"/proc/{name}/cmdline").read_bytes():
                    found.append(int(name))
            except OSError:
                pass
    return found


def test_killing_only_the_cli_stops_its_trainer_and_resume_then_trains_once(tmp_path, monkeypatch):
    """The kernel's OOM killer takes the CLI process alone: its update subprocess must not live on beside the
    update a `cycle resume` starts (two trainers of one checkpoint)."""
    from paint_pipeline.cli import cycle_runs
    from paint_pipeline.pipeline.settings import load_settings, profile_path

    env = _tiny_instance_env(tmp_path, monkeypatch)
    profile = tmp_path / "tiny-long.json"  # the tiny profile with an update long enough to be caught running
    tiny = json.loads(profile_path("tiny").read_text())
    profile.write_text(json.dumps({**tiny, "profile": "tiny-long", "policy": {**tiny["policy"], "steps_per_cycle": 400,
                                                                              "minibatch_size": 1}}))
    env["PAINT_PROFILE"] = str(profile)
    monkeypatch.setenv("PAINT_PROFILE", str(profile))
    before = set(_train_pids())
    proc = _start_until_training([CLI, "cycle", "next"], env)
    assert proc.poll() is None, "the cycle finished (or failed) before its update could be killed"
    [trainer] = [p for p in _train_pids() if p not in before]
    os.kill(proc.pid, signal.SIGKILL)  # the CLI only, not its process group
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while trainer in _train_pids() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert trainer not in _train_pids(), "the update outlived the process that launched it"
    settings = load_settings(str(profile))
    assert not (settings.root / "checkpoints" / "cycle-0001").exists()
    said: list[str] = []
    assert cycle_runs.cycle_resume(str(profile), "cycle-0001", say=said.append) == 0, said[-3:]
    assert open_checkpoint(settings.root / "checkpoints" / "cycle-0001").manifest["step"] == 400


def test_a_second_trainer_of_one_checkpoint_and_a_resume_beside_a_live_trainer_are_refused(cycle_files, tmp_path,
                                                                                          monkeypatch):
    from paint_pipeline.cli import cycle_runs
    from paint_pipeline.fileio import lock_path_for
    from paint_pipeline.pipeline.settings import load_settings

    out = tmp_path / "checkpoints" / "c1"
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}
    first = subprocess.Popen(train_command(cycle_files, out), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, env=env, start_new_session=True)
    try:
        for line in first.stdout:
            if "[train] step 2:" in line:
                break
        second = subprocess.run(train_command(cycle_files, out), capture_output=True, text=True, env=env, timeout=600)
        assert second.returncode == 1
        assert f"another update writing {out} is in progress (pid {first.pid}" in second.stderr
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=30)

    env = _tiny_instance_env(tmp_path, monkeypatch)
    assert cycle_runs.cycle_next("tiny", run=False, say=lambda _: None) == 0
    settings = load_settings("tiny")
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\nfrom paint_pipeline.fileio import exclusive_lock\n"
        f"with exclusive_lock({str(lock_path_for(settings.root / 'checkpoints' / 'cycle-0001', 'train'))!r}, "
        "what='x'):\n"
        "    print('held', flush=True)\n    time.sleep(60)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        said: list[str] = []
        assert cycle_runs.cycle_resume("tiny", "cycle-0001", say=said.append) == 1
        assert said[-1].startswith(f"cycle-0001: the update of cycle-0001 is in progress (pid {holder.pid}")
    finally:
        holder.kill()
        holder.wait()


def test_a_run_launched_outside_the_cli_and_killed_is_failed_by_the_schedules_sweep(tmp_path, monkeypatch):
    """`dg launch` (as the UI's run worker) tags nothing itself: the pipeline resource claims the run."""
    from dagster import DagsterInstance, DagsterRunStatus, RunsFilter

    from paint_pipeline.cli import cycle_runs
    from paint_pipeline.defs.automation import _train_running
    from paint_pipeline.orchestration.interrupted import PID

    env = _tiny_instance_env(tmp_path, monkeypatch)
    assert cycle_runs.cycle_next("tiny", run=False, say=lambda _: None) == 0  # warm start + cycle-0001's manifest
    proc = _start_until_training([str(Path(sys.executable).parent / "dg"), "launch", "--job", "train_cycle",
                                  "--partition", "cycle-0001"], {**env, "VIRTUAL_ENV": sys.prefix})
    assert proc.poll() is None, "the run finished (or failed) before its update could be killed"
    inst = DagsterInstance.get()
    assert _train_running(inst)  # alive: the sweep leaves it alone
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)

    [run] = inst.get_runs(RunsFilter(job_name="train_cycle"))
    assert run.tags[PID] == str(proc.pid)  # the process that executed every step, not a step worker
    assert run.status == DagsterRunStatus.STARTED
    assert not _train_running(inst)  # what the schedule asks before it adds a cycle
    run = inst.get_run_by_id(run.run_id)
    assert run.status == DagsterRunStatus.FAILURE


def test_a_renderer_killed_mid_batch_is_reported_and_a_rerun_writes_each_row_once(tmp_path):
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import render_rollouts

    service = RendererService(pool_size=2)
    client = service.start()
    client.retries = 0
    failure: dict = {}

    def render() -> None:
        try:
            client.render_batch([RenderItem(id=str(i), code=SLOW) for i in range(8)], timeout_ms=10_000)
        except RendererError as exc:
            failure["error"] = str(exc)

    worker = threading.Thread(target=render)
    worker.start()
    time.sleep(2.0)
    os.killpg(service.process.pid, signal.SIGKILL)  # the service and its browser, mid-batch
    worker.join(timeout=60)
    service.stop()
    assert "renderer at" in failure.get("error", "") and "/render_batch" in failure["error"]

    rows = [{"sample_id": f"c1/p{i}/0", "code": "function setup() { createCanvas(32, 32); background(200); }",
             "seed": i} for i in range(6)]
    rollouts = pa.Table.from_pylist(rows)
    settings = load_settings("tiny")
    path = tmp_path / "renders" / "c1.parquet"
    with RendererService(pool_size=2) as fresh:
        for _ in range(2):  # the rerun after the failure, and once more
            write_table(render_rollouts(rollouts, fresh, settings, tmp_path / "renders" / "c1", progress=False), path)
    table = read_renders(path)
    ids = table.column("sample_id").to_pylist()
    assert sorted(ids) == sorted(r["sample_id"] for r in rows) and len(set(ids)) == len(ids)
    assert len(list((tmp_path / "renders" / "c1").glob("*.png"))) == len(rows)


def test_bad_inputs_get_errors_that_name_the_file(tmp_path, cycle_files):
    corrupt = tmp_path / "rollouts.parquet"
    corrupt.write_bytes(b"PAR1 this is not parquet")
    from paint_pipeline.policy.rollouts import RolloutFileError, read_rollouts

    with pytest.raises(RolloutFileError, match=f"{corrupt}: not a readable Parquet file"):
        read_rollouts(corrupt)
    out = subprocess.run([sys.executable, "-m", "paint_pipeline.policy.train", "--config", str(cycle_files["config"]),
                          "--rollouts", str(corrupt), "--scorecards", str(cycle_files["scorecards"]), "--cycle", "x",
                          "--out", str(tmp_path / "x")], capture_output=True, text=True, timeout=300)
    assert out.returncode != 0 and str(corrupt) in out.stderr and not (tmp_path / "x").exists()

    checkpoint = cycle_files["root"] / "checkpoints" / "c1"
    if not checkpoint.exists():  # this test may run alone
        subprocess.run(train_command(cycle_files, checkpoint), capture_output=True, timeout=600, check=True)
    broken = tmp_path / "broken-checkpoint"
    subprocess.run(["cp", "-r", str(checkpoint), str(broken)], check=True)
    state = broken / "training_state.pt"
    state.write_bytes(state.read_bytes()[:64])
    result = cli("sample", "--checkpoint", str(broken), "--base-model", json.loads(cycle_files["config"].read_text())[
        "base_model"], "--limit", "1")
    assert result.returncode == 1 and "training_state.pt does not match its sha256" in result.stderr

    bad_profile = tmp_path / "profile.json"
    bad_profile.write_text(json.dumps({"profile": "mine", "eval_prompts": 0}))
    result = cli("cycle", "--profile", str(bad_profile), "status", env={"PAINT_ARTIFACTS": str(tmp_path / "a")})
    assert result.returncode == 1 and "profile 'mine': eval_prompts = 0: must be in [1, 100000]" in result.stderr
    bad_policy = tmp_path / "policy.json"
    bad_policy.write_text(json.dumps({"learning_rate": -1}))
    result = cli("sample", "--policy-config", str(bad_policy), "--limit", "1")
    assert (result.returncode == 1 and "learning_rate" in result.stderr
            and "must be a finite number > 0" in result.stderr)

    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text('{"prompt_id": "x-1", "prompt": "a red sea", "category": "water", "difficulty": "easy"}\n'
                       '{"prompt_id": "x-2", "prompt": \n')
    from paint_pipeline.prompts import PromptFileError, load_prompts

    with pytest.raises(PromptFileError, match=f"{prompts}:2"):
        load_prompts(prompts)


def test_a_soak_of_1000_sketches_through_one_renderer():
    from paint_pipeline.pipeline.settings import PipelineSettings
    from paint_pipeline.render.soak import format_report, memory_growth_mb, run_soak

    with RendererService() as client:
        report = run_soak(client, 1000, timeout_ms=PipelineSettings().render_timeout_ms, progress=False)
    text = format_report(report)
    (REPO / ".pytest_cache").mkdir(exist_ok=True)
    (REPO / ".pytest_cache" / "soak_report.txt").write_text(text + "\n")
    assert report["classified"] == 1000 and report["healthy_after"], text
    honest = report["statuses"]["honest"]
    assert honest.get("SUCCESS", 0) >= 0.97 * sum(honest.values()), text
    assert not [m for m in report["misclassified"] if not m["kind"].startswith("honest")], text
    growth = memory_growth_mb(report["memory_trace_mb"])
    assert growth <= 400, f"the service grew by {growth:.0f} MB with the count\n{text}"


def test_memory_growth_reads_windows_not_single_chunks():
    from paint_pipeline.render.soak import memory_growth_mb

    warm_then_flat = [300.0, 600.0, 900.0] + [1200.0] * 57 + [3500.0, 1200.0, 1200.0]  # warm-up, then spikes
    warm_then_flat[40] = 3400.0
    assert abs(memory_growth_mb(warm_then_flat)) < 1.0
    growing = [800.0 + 20.0 * i for i in range(63)]  # 20 MB a chunk: a leak
    assert memory_growth_mb(growing) > 700.0
    assert memory_growth_mb([900.0, 2000.0]) == 0.0  # too short to tell


def test_the_soak_report_prints_the_windows_the_memory_check_reads():
    from paint_pipeline.render.soak import format_report, memory_windows_mb

    trace = [400.0] * 6 + [1000.0] * 10 + [1100.0] * 32 + [1300.0] * 16  # warm-up, early window, late quarter
    trace[20] = 3000.0  # one spike between the windows is read by neither
    early, late = memory_windows_mb(trace)
    assert (early, late) == (1000.0, 1300.0)
    assert memory_windows_mb([]) == (0.0, 0.0) and memory_windows_mb([500.0, 700.0]) == (600.0, 600.0)
    report = {"sketches": 64, "seconds": 10.0, "timeout_ms": 20_000, "statuses": {"honest": {"SUCCESS": 64}},
              "honest_render_ms": {"p50": 1.0, "p95": 2.0, "max": 3.0}, "classified": 64, "misclassified": [],
              "peak_pss_mb": 3000.0, "healthy_after": True, "memory_trace_mb": trace,
              "pss_early_mb": early, "pss_late_mb": late}
    assert "median 1000 MB after the warm-up" in format_report(report)
    assert "1300 MB over the last quarter: growth +300 MB" in format_report(report)
