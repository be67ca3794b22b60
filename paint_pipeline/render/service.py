"""Starts, finds and stops the renderer service.

`RendererService` is a context manager: it reuses a healthy service at a
configured URL, or starts `node renderer/src/server.js` on a free loopback port
with a fresh token, waits for it to be healthy, and stops it on exit (also on
Ctrl-C and at interpreter exit).
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from paint_pipeline import paths
from paint_pipeline.render.client import RendererClient, RendererError

RENDERER_DIR = Path(os.environ.get("PP_RENDERER_DIR", paths.RENDERER_DIR))


class RendererStartError(RendererError):
    """The service could not be started; the message says what to install or fix."""


class RendererService:
    """A renderer service for the duration of a `with` block."""

    def __init__(
        self,
        url: str | None = None,
        *,
        token: str | None = None,
        pool_size: int | None = None,
        extra_args: list[str] | None = None,
        env: dict[str, str] | None = None,
        startup_timeout_s: float = 90.0,
        renderer_dir: Path | None = None,
    ) -> None:
        self.url = url or os.environ.get("PP_RENDERER_URL")
        self.token = token
        self.pool_size = pool_size
        self.extra_args = list(extra_args or [])
        self.env = dict(env or {})
        self.startup_timeout_s = startup_timeout_s
        # Another checkout's renderer (a benchmark comparing two versions); its node_modules must be installed.
        self.renderer_dir = Path(renderer_dir) if renderer_dir is not None else RENDERER_DIR
        self.process: subprocess.Popen[str] | None = None
        self.client: RendererClient | None = None
        self.owned = False
        self._stderr: deque[str] = deque(maxlen=40)

    # --- lifecycle ----------------------------------------------------------------
    def __enter__(self) -> RendererClient:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def start(self) -> RendererClient:
        if self.url:
            client = RendererClient(self.url, self.token)
            if client.is_healthy():
                self.client = client
                return client
            raise RendererError(
                f"no healthy renderer at {self.url} (PP_RENDERER_URL); start one with "
                "`node renderer/src/server.js` or unset PP_RENDERER_URL to let paint-pipeline start its own"
            )
        self._spawn()
        return self.client  # type: ignore[return-value]

    def _spawn(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RendererStartError("Node.js is not installed: install Node 20 (Debian: apt-get install nodejs)")
        server = self.renderer_dir / "src" / "server.js"
        if not (self.renderer_dir / "node_modules" / "puppeteer-core").is_dir():
            raise RendererStartError(
                f"the renderer's npm packages are missing in {self.renderer_dir}/node_modules: run `make setup` "
                "(or `npm ci` in renderer/)"
            )
        token = self.token or secrets.token_urlsafe(32)
        args = [node, str(server), "--port", "0"]
        if self.pool_size:
            args += ["--pool-size", str(self.pool_size)]
        args += self.extra_args
        # We hold the write end of its stdin and never write: when this process dies, even by SIGKILL (where
        # atexit never runs), the pipe closes and the service closes its browser and exits. Asked by environment,
        # not flag, so another checkout's older renderer (bench render's baseline) ignores it instead of refusing.
        env = {**os.environ, **self.env, "PP_RENDERER_TOKEN": token, "PP_RENDERER_EXIT_WITH_STDIN": "1"}
        # Own session: a Ctrl-C in the terminal reaches us, and we stop the
        # service in order instead of the browser dying under a running batch.
        self.process = subprocess.Popen(
            args,
            cwd=self.renderer_dir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.owned = True
        atexit.register(self.stop)
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        url = self._wait_for_listening()
        self.url = url
        self.client = RendererClient(url, token)
        deadline = time.monotonic() + 10
        while not self.client.is_healthy():
            if time.monotonic() > deadline:
                self.stop()
                raise RendererStartError(f"renderer at {url} started but /health does not answer ok")
            time.sleep(0.1)
        threading.Thread(target=self._drain_stdout, daemon=True).start()

    def _wait_for_listening(self) -> str:
        assert self.process is not None and self.process.stdout is not None
        found: dict[str, str] = {}

        def read() -> None:
            assert self.process is not None and self.process.stdout is not None
            for line in self.process.stdout:
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and msg.get("event") == "listening":
                    found["url"] = str(msg["url"])
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(self.startup_timeout_s)
        if "url" in found:
            return found["url"]
        code = self.process.poll()
        self.stop()
        detail = "\n".join(self._stderr) or "(no output)"
        if code == 3 or "apt-get install chromium" in detail:
            raise RendererStartError(
                "Chromium is not installed: run `apt-get install chromium` as root (or set PP_CHROMIUM to a "
                f"Chromium binary).\nrenderer said: {detail}"
            )
        if code is None:
            raise RendererStartError(f"renderer did not start within {self.startup_timeout_s:.0f} s:\n{detail}")
        raise RendererStartError(f"renderer exited with status {code}:\n{detail}")

    def _drain_stderr(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.append(line.rstrip())

    def _drain_stdout(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for _ in self.process.stdout:
            pass

    def stop(self) -> None:
        """Stops a service we started (a reused one is left running)."""
        proc = self.process
        if proc is None or not self.owned:
            return
        self.process = None
        if proc.poll() is None:
            try:
                if self.client is not None:
                    self.client.shutdown()
                proc.wait(timeout=15)
            except (RendererError, subprocess.TimeoutExpired):
                self._kill(proc)
        try:
            atexit.unregister(self.stop)
        except Exception:  # noqa: BLE001 - interpreter shutting down
            pass

    @staticmethod
    def _kill(proc: subprocess.Popen[str]) -> None:
        # The whole session: node and the browser it started.
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None
