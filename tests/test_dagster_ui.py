"""The Dagster UI path a reviewer takes, in headless Chromium against `dg dev`: launch a cycle from the job's
Launchpad, review it there with a reviewer and a note (approve one, reject another), and see each cycle's check
results, the galleries and the decision on the cycle's assets. Screenshots are kept under .pytest_cache/ui/
for the test report (not committed). tests/ui/dagster_ui.mjs does the clicking (puppeteer-core)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DRIVER = REPO / "tests" / "ui" / "dagster_ui.mjs"
STATUS = "query Status($id: ID!) { runOrError(runId: $id) { __typename ... on Run { status } } }"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def graphql(url: str, query: str, variables: dict | None = None) -> dict:
    response = requests.post(f"{url}/graphql", json={"query": query, "variables": variables or {}}, timeout=60)
    response.raise_for_status()
    body = response.json()
    assert "errors" not in body, body["errors"]
    return body["data"]


@pytest.fixture
def ui(tmp_path):
    """`dg dev` (webserver and daemon) on a fresh instance, with cycle-0001 added on the tiny profile."""
    home, shots = tmp_path / "home", tmp_path / "shots"
    home.mkdir()
    shots.mkdir()
    env = {**os.environ, "DAGSTER_HOME": str(home), "PAINT_PROFILE": "tiny", "PAINT_ARTIFACTS": str(tmp_path / "art"),
           "VIRTUAL_ENV": sys.prefix}
    cli = [str(BIN / "paint-pipeline"), "cycle", "next", "--no-run"]  # the warm start, then cycle-0001's manifest
    added = subprocess.run(cli, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    assert added.returncode == 0, added.stderr[-2000:]
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "dg-dev.log"
    server = subprocess.Popen([str(BIN / "dg"), "dev", "--host", "127.0.0.1", "--port", str(port)], cwd=REPO, env=env,
                              stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while True:
            try:
                if requests.get(f"{url}/server_info", timeout=2).ok:
                    break
            except requests.ConnectionError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(1)
        graphql(url, "mutation { setNuxSeen }")  # or a welcome dialog covers every page
        yield {"url": url, "env": env, "shots": shots, "log": log, "cli": cli}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        report = REPO / ".pytest_cache" / "ui"
        shutil.rmtree(report, ignore_errors=True)
        shutil.copytree(shots, report)


def drive(ui, *args) -> dict:
    proc = subprocess.run(["node", str(DRIVER), ui["url"], str(ui["shots"]), *args], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PP_CHROMIUM": os.environ.get("PP_CHROMIUM",
                                                                                         "/usr/bin/chromium")})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def launch_and_wait(ui, job: str, cycle: str, config: str = "") -> str:
    run_id = drive(ui, "launch", job, cycle, *([config] if config else []))["run_id"]
    deadline = time.monotonic() + 900
    status = None
    while status not in ("SUCCESS", "FAILURE", "CANCELED"):
        assert time.monotonic() < deadline, f"{job} {cycle}: run {run_id} still {status}"
        time.sleep(2)
        status = graphql(ui["url"], STATUS, {"id": run_id})["runOrError"]["status"]
    assert status == "SUCCESS", f"{job} {cycle}: {status}\n" + ui["log"].read_text()[-3000:]
    return run_id


def review_config(decision: str, reviewer: str, note: str) -> str:
    return f"ops:\n  review:\n    config:\n      decision: {decision}\n      reviewer: {reviewer}\n      note: {note}\n"


def test_a_reviewer_launches_reviews_and_inspects_cycles_in_the_ui(ui):
    launch_and_wait(ui, "train_cycle", "cycle-0001")
    launch_and_wait(ui, "review_cycle", "cycle-0001", review_config("approved", "dana", "strokes follow the prompt"))
    added = subprocess.run(ui["cli"], cwd=REPO, env=ui["env"], capture_output=True, text=True, timeout=300)
    assert added.returncode == 0 and "cycle-0002: parent cycle-0001" in added.stdout, added.stdout + added.stderr
    launch_and_wait(ui, "train_cycle", "cycle-0002")
    launch_and_wait(ui, "review_cycle", "cycle-0002", review_config("rejected", "erin", "no brush marks at all"))

    status = subprocess.run([str(BIN / "paint-pipeline"), "cycle", "status", "--json"], cwd=REPO, env=ui["env"],
                            capture_output=True, text=True, timeout=300)
    rows = {r["cycle"]: r for r in json.loads(status.stdout.strip().splitlines()[-1])}
    assert rows["cycle-0001"]["review"] == "approved by dana" and rows["cycle-0002"]["review"] == "rejected by erin"

    # The decision, its reviewer and note on the cycle's own review asset.
    page = drive(ui, "look", "/assets/cycle_review?partition=cycle-0002", "cycle_review")["text"]
    assert "rejected" in page and "erin" in page and "no brush marks at all" in page
    # Each cycle has its own check results: the check's partitions list both cycles.
    page = drive(ui, "look", "/assets/evaluation?view=checks", "evaluation_checks")["text"]
    assert "not_worse_than_parent" in page and "Partition" in page and "cycle-0002" in page
    # The galleries open from the assets' metadata (the tiny policy's sketches do not render, so the rows show
    # their statuses; that the paintings themselves show is tests/test_ui_metadata.py's and the figure's job).
    page = drive(ui, "look", "/assets/renders?partition=cycle-0002", "renders_gallery", "[Show Markdown]")["text"]
    assert " rendered." in page and "first error" in page
    page = drive(ui, "look", "/assets/scorecards?partition=cycle-0002", "scorecards_gallery", "[Show Markdown]")["text"]
    assert "Worst sample" in page
    plots = drive(ui, "look", "/assets/scorecards?partition=cycle-0002", "scorecards_plots", "Plots")
    assert plots["clicked"] and "mean_total" in plots["text"]
    assert "zero_std_groups" not in plots["text"]  # only the reviewer's numbers are plotted
