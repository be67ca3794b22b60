"""The Dagster UI: dagster-webserver serves the definitions, a cycle launched through its GraphQL API runs to
success, and headless Chromium shows the asset graph (a screenshot is kept for the test report)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

LAUNCH = """mutation Launch($params: ExecutionParams!) { launchRun(executionParams: $params) {
  __typename ... on LaunchRunSuccess { run { runId } } ... on PythonError { message }
  ... on InvalidSubsetError { message } ... on RunConfigValidationInvalid { errors { message } } } }"""
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


def test_a_cycle_launched_from_the_ui_api_succeeds_and_the_graph_renders(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")  # runs launch without a daemon
    env = {**os.environ, "DAGSTER_HOME": str(home), "PAINT_PROFILE": "tiny", "PAINT_ARTIFACTS": str(tmp_path / "art")}
    added = subprocess.run([str(BIN / "paint-pipeline"), "cycle", "next", "--no-run"], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=600)
    assert added.returncode == 0, added.stderr[-2000:]
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(BIN / "dagster-webserver"), "-h", "127.0.0.1", "-p", str(port), "-w",
                               "workspace.yaml"], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                              stderr=open(tmp_path / "webserver.log", "w"), start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                if requests.get(f"{url}/server_info", timeout=2).ok:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "webserver.log").read_text()[-3000:]
            time.sleep(1)
        graphql(url, "mutation { setNuxSeen }")  # or a welcome dialog covers the screenshot
        params = {"selector": {"repositoryLocationName": "paint_pipeline", "repositoryName": "__repository__",
                               "jobName": "train_cycle"},
                  "executionMetadata": {"tags": [{"key": "dagster/partition", "value": "cycle-0001"}]}}
        launched = graphql(url, LAUNCH, {"params": params})["launchRun"]
        assert launched["__typename"] == "LaunchRunSuccess", launched
        run_id = launched["run"]["runId"]
        deadline = time.monotonic() + 900
        status = None
        while status not in ("SUCCESS", "FAILURE", "CANCELED"):
            assert time.monotonic() < deadline, f"run {run_id} still {status}"
            time.sleep(2)
            status = graphql(url, STATUS, {"id": run_id})["runOrError"]["status"]
        assert status == "SUCCESS", (tmp_path / "webserver.log").read_text()[-3000:]
        assert (tmp_path / "art" / "checkpoints" / "cycle-0001" / "manifest.json").is_file()

        chromium = os.environ.get("PP_CHROMIUM", "/usr/bin/chromium")
        shot = tmp_path / "asset_graph.png"
        browse = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                  "--virtual-time-budget=30000"]
        graph = f"{url}/locations/paint_pipeline/asset-groups/cycle"  # the cycle group's asset graph
        dom = subprocess.run([*browse, "--dump-dom", graph], capture_output=True, text=True, timeout=180).stdout
        for name in ("rollouts", "scorecards", "policy_checkpoint", "cycle_review"):
            assert name in dom, name
        subprocess.run([*browse, f"--screenshot={shot}", graph], capture_output=True, timeout=180, check=True)
        from PIL import Image

        with Image.open(shot) as image:
            assert len(set(image.convert("L").getdata())) > 20  # a drawn graph, not a blank page
        report = REPO / ".pytest_cache" / "asset_graph.png"
        report.parent.mkdir(exist_ok=True)
        shutil.copy(shot, report)
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
