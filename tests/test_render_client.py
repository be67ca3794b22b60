"""The renderer client against a scripted HTTP server: retries, errors, tokens."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from paint_pipeline.render.client import RendererClient, RendererError, RenderItem, resolve_token


class Scripted(BaseHTTPRequestHandler):
    """Answers from the server's `script`: path -> (status, body)."""

    def log_message(self, *args: object) -> None:  # keep pytest output clean
        pass

    def _answer(self) -> None:
        self.server.requests.append((self.command, self.path, dict(self.headers)))  # type: ignore[attr-defined]
        length = int(self.headers.get("Content-Length") or 0)
        self.server.bodies.append(self.rfile.read(length) if length else b"")  # type: ignore[attr-defined]
        answer = self.server.script[self.path]  # type: ignore[attr-defined]
        status, body = answer.pop(0) if isinstance(answer, list) else answer  # a list: one answer per request
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = _answer
    do_POST = _answer


@pytest.fixture
def server():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
    srv.script = {"/health": (200, {"status": "ok", "pool": {"size": 2}})}  # type: ignore[attr-defined]
    srv.requests = []  # type: ignore[attr-defined]
    srv.bodies = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()


def url_of(srv: ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{srv.server_address[1]}"


def result(id_: str, status: str = "SUCCESS", png: bytes | None = b"\x89PNG") -> dict:
    return {
        "id": id_,
        "status": status,
        "png_base64": base64.b64encode(png).decode() if png else None,
        "render_ms": 12.5,
        "brush_calls": {"line": 3},
        "errors": [],
        "console": [],
        "repairs": ["closed delimiters left open at end of input (truncation): appended \"}\""],
        "marks": {"libs_loaded": 180.5, "drawn": 900, "forged": "text"},
        "brush_paint_share": 0.5,
    }


def test_render_batch_sends_items_with_token_and_parses_results(server):
    server.script["/render_batch"] = (200, {"results": [result("a"), result("b", "TIMEOUT", None)]})
    client = RendererClient(url_of(server), "secret-token-for-tests")  # pragma: allowlist secret
    out = client.render_batch([RenderItem("a", "x", 1, 64), RenderItem("b", "y", 2, 64)], timeout_ms=500)
    assert [r.id for r in out] == ["a", "b"]
    assert out[0].ok and out[0].png == b"\x89PNG" and out[0].brush_calls == {"line": 3}
    assert out[1].status == "TIMEOUT" and out[1].png is None and not out[1].ok
    assert out[0].marks == {"libs_loaded": 180.5, "drawn": 900.0}  # numbers only
    assert out[0].brush_paint_share == 0.5
    method, path, headers = server.requests[-1]
    assert (method, path) == ("POST", "/render_batch")
    assert headers["Authorization"] == "Bearer secret-token-for-tests"  # pragma: allowlist secret
    sent = json.loads(server.bodies[-1])
    assert sent["timeout_ms"] == 500
    assert sent["items"][1] == {"id": "b", "code": "y", "seed": 2, "size": 64}


def test_timeouts_and_renderer_faults_are_rendered_once_more_each_alone_on_a_fresh_browser(server):
    server.script["/render_batch"] = [
        (200, {"results": [result("a"), result("slow", "TIMEOUT", None), result("hang", "TIMEOUT", None),
                           result("broken", "RENDERER_ERROR", None)]}),
        (200, {"results": [result("bad", "RUNTIME_ERROR", None)]}),  # chunks of twice the pool (2), at least 4
        (200, {"results": [result("slow")]}),
        (200, {"results": [result("hang", "TIMEOUT", None)]}),
        (200, {"results": [result("broken")]}),
    ]
    client = RendererClient(url_of(server), "secret-token-for-tests")  # pragma: allowlist secret
    items = [RenderItem("a", "x", 1, 64), RenderItem("slow", "y", 2, 64), RenderItem("hang", "z", 3, 64),
             RenderItem("broken", "w", 4, 64), RenderItem("bad", "v", 5, 64)]
    out = client.render_in_chunks(items, timeout_ms=500, progress=False)
    assert [(r.id, r.status, r.attempts) for r in out] == [
        ("a", "SUCCESS", 1), ("slow", "SUCCESS", 2), ("hang", "TIMEOUT", 2), ("broken", "SUCCESS", 2),
        ("bad", "RUNTIME_ERROR", 1)]  # the sketch's own error is not rendered again
    confirmations = [json.loads(body) for body in server.bodies[-3:]]
    assert [[it["id"] for it in c["items"]] for c in confirmations] == [["slow"], ["hang"], ["broken"]]
    assert all(c["fresh"] is True and c["timeout_ms"] == 500 for c in confirmations)  # alone, fresh, same budget
    assert confirmations[0]["items"][0] == {"id": "slow", "code": "y", "seed": 2, "size": 64}
    assert "fresh" not in json.loads(server.bodies[-4])  # the first pass shares the pool as usual
    assert server.script["/render_batch"] == []  # five requests, no sixth


def test_timeouts_stand_as_they_are_when_not_confirmed(server):
    server.script["/render_batch"] = [(200, {"results": [result("slow", "TIMEOUT", None)]})]
    client = RendererClient(url_of(server), "secret-token-for-tests")  # pragma: allowlist secret
    out = client.render_in_chunks([RenderItem("slow", "y", 2, 64)], progress=False, confirm_timeouts=False)
    assert [(r.status, r.attempts) for r in out] == [("TIMEOUT", 1)]


def test_the_renders_table_keeps_attempts_and_reads_tables_written_before_it_had_them(tmp_path):
    import pyarrow.parquet as pq

    from paint_pipeline.render.client import RenderResult
    from paint_pipeline.render.table import load_results, read_renders, to_table

    results = [RenderResult("s1", "SUCCESS", b"\x89PNG", 10.0, attempts=2, brush_paint_share=0.25),
               RenderResult("s2", "TIMEOUT", None, 9.0)]
    table = to_table(results, ["c/p/0", "c/p/1"], tmp_path)
    pq.write_table(table, tmp_path / "new.parquet")
    new = load_results(read_renders(tmp_path / "new.parquet"))
    assert [(r.attempts, r.brush_paint_share) for r in new] == [(2, 0.25), (1, None)]
    pq.write_table(table.drop_columns(["attempts", "brush_paint_share"]), tmp_path / "old.parquet")
    old = load_results(read_renders(tmp_path / "old.parquet"))
    assert [(r.attempts, r.brush_paint_share) for r in old] == [(1, None), (1, None)]  # not measured then
    pq.write_table(table.drop_columns(["status"]), tmp_path / "broken.parquet")
    with pytest.raises(ValueError, match="broken.parquet: not a renders table, missing columns status"):
        read_renders(tmp_path / "broken.parquet")


def test_service_errors_are_not_retried_and_name_url_and_message(server):
    server.script["/render_batch"] = (401, {"error": "missing or wrong token"})
    client = RendererClient(url_of(server), "wrong-token-xxxxxxxx", retries=3, backoff_s=0)  # pragma: allowlist secret
    with pytest.raises(RendererError) as info:
        client.render_batch([RenderItem("a", "x")])
    assert "401" in str(info.value) and "missing or wrong token" in str(info.value)
    assert url_of(server) in str(info.value)
    assert sum(1 for r in server.requests if r[1] == "/render_batch") == 1


def test_mismatched_result_ids_are_an_error(server):
    server.script["/render_batch"] = (200, {"results": [result("b"), result("a")]})
    client = RendererClient(url_of(server), "t" * 20)
    with pytest.raises(RendererError, match="do not match"):
        client.render_batch([RenderItem("a", "x"), RenderItem("b", "y")])


def test_unknown_status_is_an_error(server):
    server.script["/render_batch"] = (200, {"results": [result("a", "GREAT")]})
    client = RendererClient(url_of(server), "t" * 20)
    with pytest.raises(RendererError, match="unknown status 'GREAT'"):
        client.render_batch([RenderItem("a", "x")])


def test_transport_failures_are_retried_then_reported():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # nothing listens on port any more
    client = RendererClient(f"http://127.0.0.1:{port}", "t" * 20, retries=2, backoff_s=0.01)
    with pytest.raises(RendererError) as info:
        client.health()
    assert f"127.0.0.1:{port}/health" in str(info.value)
    assert "3 attempts" in str(info.value)


def test_transport_failure_then_success_recovers(server):
    import requests

    client = RendererClient(url_of(server), "t" * 20, retries=2, backoff_s=0.01)
    original_request = client._session.request
    calls = {"n": 0}

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise requests.exceptions.ConnectionError("connection reset by peer")
        return original_request(*args, **kwargs)

    client._session.request = flaky  # type: ignore[method-assign]
    assert client.health()["status"] == "ok"
    assert calls["n"] == 2


def test_token_resolution_env_then_file(tmp_path, monkeypatch):
    monkeypatch.setenv("PP_RENDERER_TOKEN", "from-env-token-123456")  # pragma: allowlist secret
    assert resolve_token() == "from-env-token-123456"  # pragma: allowlist secret
    monkeypatch.delenv("PP_RENDERER_TOKEN")
    token_file = tmp_path / "renderer.token"
    token_file.write_text("from-file-token-123456\n")
    os.chmod(token_file, 0o600)
    assert resolve_token(token_file=token_file) == "from-file-token-123456"  # pragma: allowlist secret
    os.chmod(token_file, 0o644)
    with pytest.raises(RendererError, match="readable by others"):
        resolve_token(token_file=token_file)
    with pytest.raises(RendererError, match="no renderer token"):
        resolve_token(token_file=Path(tmp_path / "absent.token"))
