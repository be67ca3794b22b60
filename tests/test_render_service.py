"""The process manager and the `paint-pipeline render` command, on the real service."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from paint_pipeline.imaging import decode_png
from paint_pipeline.procstat import tree_pids
from paint_pipeline.render import RendererError, RendererService, RendererStartError, RenderItem

BLUE = "function setup() { createCanvas(300, 100); background(0, 0, 255); }"
BRUSH = (
    "function setup() { createCanvas(200, 200, WEBGL); background(255);\n"
    "  for (let i = 0; i < 4; i++) { brush.set('HB', '#222', 1); brush.line(-60, i * 10, 60, i * 10); } }"
)
BROKEN = "function setup() { createCanvas(100, 100); background(0)\n  circle(50, 50, ; }"
HANG = "function setup() { createCanvas(100, 100); while (true) {} }"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]


@pytest.fixture(scope="module")
def service():
    with RendererService(pool_size=2) as client:
        yield client


def test_service_renders_and_reports_health(service):
    health = service.health()
    assert health["status"] == "ok" and health["p5"] == "2.3.4" and health["p5_brush"] == "2.2.2"
    results = service.render_batch(
        [RenderItem("blue", BLUE, 1, 64), RenderItem("brush", BRUSH, 1, 96), RenderItem("broken", BROKEN, 1, 64)]
    )
    assert [r.status for r in results] == ["SUCCESS", "SUCCESS", "PARSE_ERROR"]
    image = decode_png(results[0].png)
    assert image.size == (64, 64) and image.getpixel((32, 32)) == (0, 0, 255)
    assert decode_png(results[1].png).size == (96, 96)
    assert results[1].brush_calls == {"set": 4, "line": 4}
    assert results[2].errors and results[2].errors[0].startswith("line 2")


def test_a_hanging_sketch_times_out_twice_and_the_others_render_once(service):
    results = service.render_in_chunks([RenderItem("blue", BLUE, 1, 64), RenderItem("hang", HANG, 1, 64)],
                                       timeout_ms=1500, progress=False)
    assert [(r.id, r.status, r.attempts) for r in results] == [("blue", "SUCCESS", 1), ("hang", "TIMEOUT", 2)]
    assert results[1].render_ms >= 1500  # the second render ran out its whole budget too
    assert service.render_batch([RenderItem("after", BLUE, 1, 64)])[0].ok


def test_service_is_reused_at_a_configured_url(service):
    reuse = RendererService(service.url, token=service.token)
    client = reuse.start()
    assert client.url == service.url and not reuse.owned
    reuse.stop()  # must leave the shared service running
    assert service.is_healthy()


def test_unhealthy_url_is_a_clear_error():
    with pytest.raises(RendererError, match="no healthy renderer at http://127.0.0.1:9"):
        RendererService("http://127.0.0.1:9").start()


def test_stop_ends_node_and_chromium():
    svc = RendererService(pool_size=1)
    client = svc.start()
    pid = svc.pid
    family = tree_pids(pid)
    assert len(family) > 3  # node, chromium and its helpers
    assert client.render_batch([RenderItem("a", BLUE, 0, 32)])[0].ok
    svc.stop()
    deadline = time.monotonic() + 10
    while any(alive(p) for p in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in family if alive(p)]


IDLE_PARENT = """
import sys, time
from paint_pipeline.render import RendererService, RenderItem
service = RendererService(pool_size=1)
client = service.start()
assert client.render_batch([RenderItem("a", sys.argv[1], 0, 32)])[0].ok
print(service.pid, flush=True)
time.sleep(600)
"""


def test_a_killed_parent_takes_its_idle_service_and_browser_with_it():
    """SIGKILL runs no atexit and no finally, and an idle service writes nothing that could fail on a closed
    pipe: it must notice by itself that its parent is gone (the stdin pipe the parent held closes), so a killed
    job or notebook kernel leaves no node or Chromium behind."""
    proc = subprocess.Popen([sys.executable, "-c", IDLE_PARENT, BLUE], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        node = int(proc.stdout.readline())
        family = tree_pids(node)
        assert len(family) > 3, family  # node, Chromium and its helpers
    finally:
        proc.kill()
        proc.wait(timeout=10)
    deadline = time.monotonic() + 30
    while any(alive(p) for p in family) and time.monotonic() < deadline:
        time.sleep(0.2)
    survivors = [p for p in family if alive(p)]
    for pid in survivors:  # leave the machine clean even when the assertion fails
        os.kill(pid, signal.SIGKILL)
    assert not survivors


def test_missing_chromium_names_the_package():
    with pytest.raises(RendererStartError, match="apt-get install chromium"):
        RendererService(env={"PP_CHROMIUM": "/nonexistent/chromium"}).start()


# --- the CLI ---------------------------------------------------------------------------


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "paint_pipeline.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def test_cli_render_prints_one_record_per_file_in_order(tmp_path):
    files = []
    for name, code in [("blue", BLUE), ("brush", BRUSH), ("broken", BROKEN)]:
        path = tmp_path / f"{name}.js"
        path.write_text(code)
        files.append(path)
    out = tmp_path / "out"
    proc = run_cli("render", *map(str, files), "--out", str(out), "--size", "80", "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["file"] for r in records] == [str(f) for f in files]
    assert [r["status"] for r in records] == ["SUCCESS", "SUCCESS", "PARSE_ERROR"]
    for record in records[:2]:
        png = Path(record["image"]).read_bytes()
        assert hashlib.sha256(png).hexdigest() == record["sha256"]
        assert decode_png(png).size == (80, 80)
        assert set(record) == {"file", "status", "image", "sha256", "render_ms", "brush_calls", "brush_marks",
                               "brush_paint_share", "brushes_used", "text_calls", "dom_text_chars", "errors",
                               "repairs", "attempts"}
        assert 0.0 <= record["brush_paint_share"] <= 1.0
    assert records[2]["image"] is None and records[2]["sha256"] is None
    assert records[2]["errors"][0].startswith("line 2")
    assert sorted(p.name for p in out.iterdir()) == ["blue.png", "brush.png"]


def test_cli_missing_file_fails_before_starting_a_browser(tmp_path):
    proc = run_cli("render", str(tmp_path / "absent.js"), "--out", str(tmp_path))
    assert proc.returncode == 2
    assert f"sketch file not found: {tmp_path / 'absent.js'}" in proc.stderr


def test_cli_without_chromium_says_what_to_install(tmp_path):
    sketch = tmp_path / "a.js"
    sketch.write_text(BLUE)
    proc = run_cli("render", str(sketch), "--out", str(tmp_path), env={"PP_CHROMIUM": "/nonexistent/chromium"})
    assert proc.returncode == 1
    assert "apt-get install chromium" in proc.stderr


def test_cli_ctrl_c_stops_the_service(tmp_path):
    sketch = tmp_path / "hang.js"
    sketch.write_text(HANG)
    proc = subprocess.Popen(
        [sys.executable, "-m", "paint_pipeline.cli", "render", str(sketch), "--out", str(tmp_path),
         "--timeout-ms", "60000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Wait until the renderer (a child of the CLI) is up and busy.
    family: list[int] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        family = tree_pids(proc.pid)
        if len(family) > 4:
            break
        time.sleep(0.2)
    time.sleep(2)
    family = tree_pids(proc.pid)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err
    deadline = time.monotonic() + 10
    while any(alive(p) for p in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in family if alive(p)]
