"""HTTP client for the renderer service (renderer/README.md has the protocol).

Retries only transport failures (the service could not be reached, or the
connection dropped before an answer); an answer the service gave, even an
error, is final and raised with the URL and the service's message.
"""

from __future__ import annotations

import base64
import logging
import math
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import requests

from paint_pipeline.errors import PaintPipelineError

log = logging.getLogger(__name__)

STATUSES = (
    "SUCCESS",
    "PARSE_ERROR",
    "RUNTIME_ERROR",
    "NO_CANVAS",
    "TIMEOUT",
    "BLOCKED",
    "CRASHED",
    "RENDERER_ERROR",
)

# Failures that may not be the sketch's own: rendered again, alone, on a fresh browser (render_in_chunks).
CONFIRMED_ALONE = ("TIMEOUT", "CRASHED", "RENDERER_ERROR")

DEFAULT_TOKEN_FILE = Path.home() / ".config" / "paint-pipeline" / "renderer.token"


class RendererError(PaintPipelineError, RuntimeError):
    """The renderer could not be used; the message names the URL and the cause."""


@dataclass(frozen=True)
class RenderItem:
    """One sketch to render."""

    id: str
    code: str
    seed: int = 0
    size: int = 256


@dataclass
class RenderResult:
    """What the renderer made of one sketch."""

    id: str
    status: str
    png: bytes | None
    render_ms: float
    brush_calls: dict[str, int] = field(default_factory=dict)  # p5.brush calls that ran, by name
    # Calls that left marks in the final image, by name; None: not measured (a render from before marks were).
    brush_marks: dict[str, int] | None = None
    brush_mark_kinds: dict[str, int] = field(default_factory=dict)  # marked calls per kind: stroke, hatch, fill
    brushes_marked: list[str] = field(default_factory=list)  # built-in brushes whose strokes left marks
    # The share of the canvas's pixels that p5.brush paint still holds at the end; None: not measured (older).
    brush_paint_share: float | None = None
    text_calls: int = 0
    brushes_used: list[str] = field(default_factory=list)
    dom_text_chars: int = 0
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)
    frames: int = 0
    sketch_ms: float = 0.0
    page_ms: float = 0.0
    # ms since the page's harness started, per stage (libs_loaded, presetup, drawn, read, encoded): for profiling
    marks: dict[str, float] = field(default_factory=dict)
    attempts: int = 1  # 2: the first render ran out of time and this is the second (render_in_chunks)

    @property
    def ok(self) -> bool:
        return self.status == "SUCCESS"

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> "RenderResult":
        status = obj.get("status")
        if status not in STATUSES:
            raise RendererError(f"renderer returned an unknown status {status!r} for item {obj.get('id')!r}")
        png = obj.get("png_base64")
        return cls(
            id=str(obj["id"]),
            status=status,
            png=base64.b64decode(png) if png else None,
            render_ms=float(obj.get("render_ms", 0.0)),
            brush_calls={str(k): int(v) for k, v in (obj.get("brush_calls") or {}).items()},
            brush_marks=({str(k): int(v) for k, v in obj["brush_marks"].items()}
                         if isinstance(obj.get("brush_marks"), dict) else None),
            brush_mark_kinds={str(k): int(v) for k, v in (obj.get("brush_mark_kinds") or {}).items()},
            brushes_marked=[str(b) for b in obj.get("brushes_marked") or []],
            brush_paint_share=(float(obj["brush_paint_share"])
                               if isinstance(obj.get("brush_paint_share"), (int, float)) else None),
            text_calls=int(obj.get("text_calls", 0)),
            brushes_used=[str(b) for b in obj.get("brushes_used") or []],
            dom_text_chars=int(obj.get("dom_text_chars", 0)),
            errors=[str(e) for e in obj.get("errors") or []],
            console=[str(c) for c in obj.get("console") or []],
            repairs=[str(r) for r in obj.get("repairs") or []],
            frames=int(obj.get("frames", 0)),
            sketch_ms=float(obj.get("sketch_ms", 0.0)),
            page_ms=float(obj.get("page_ms", 0.0)),
            marks={str(k): float(v) for k, v in (obj.get("marks") or {}).items() if isinstance(v, (int, float))},
        )


def resolve_token(token: str | None = None, token_file: str | Path | None = None) -> str:
    """The control token: explicit, else $PP_RENDERER_TOKEN, else the token file."""
    if token:
        return token
    env = os.environ.get("PP_RENDERER_TOKEN")
    if env:
        return env
    path = Path(token_file or os.environ.get("PP_RENDERER_TOKEN_FILE") or DEFAULT_TOKEN_FILE)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise RendererError(
            f"no renderer token: set PP_RENDERER_TOKEN or start the service once so it writes {path}"
        ) from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise RendererError(f"token file {path} is readable by others; chmod 600 it")
    return path.read_text(encoding="utf-8").strip()


class RendererClient:
    """Talks to one renderer service."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        token_file: str | Path | None = None,
        connect_timeout_s: float = 5.0,
        retries: int = 3,
        backoff_s: float = 0.5,
    ) -> None:
        self.url = url.rstrip("/")
        self._token = token
        self._token_file = token_file
        self.connect_timeout_s = connect_timeout_s
        self.retries = retries
        self.backoff_s = backoff_s
        self._session = requests.Session()
        self._pool_size: int | None = None
        self._limits: dict[str, int] | None = None

    @property
    def token(self) -> str:
        if self._token is None:
            self._token = resolve_token(None, self._token_file)
        return self._token

    # --- transport --------------------------------------------------------------
    def _request(self, method: str, path: str, *, read_timeout_s: float, auth: bool, json: Any = None) -> Any:
        url = f"{self.url}{path}"
        headers = {"Authorization": f"Bearer {self.token}"} if auth else {}
        last: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                response = self._session.request(
                    method, url, json=json, headers=headers, timeout=(self.connect_timeout_s, read_timeout_s)
                )
            except requests.exceptions.ReadTimeout as exc:
                # The service may still be working on it: sending again would render twice.
                raise RendererError(f"renderer at {url} did not answer within {read_timeout_s:.0f} s") from exc
            except (requests.exceptions.ConnectionError, requests.exceptions.ChunkedEncodingError) as exc:
                last = exc
                if attempt < self.retries:
                    time.sleep(self.backoff_s * 2**attempt)
                continue
            return self._answer(url, response)
        raise RendererError(f"renderer at {url} is unreachable after {self.retries + 1} attempts: {last}") from last

    @staticmethod
    def _answer(url: str, response: requests.Response) -> Any:
        try:
            body = response.json()
        except ValueError:
            body = None
        if response.status_code != 200:
            message = body.get("error") if isinstance(body, dict) else response.text[:300]
            raise RendererError(f"renderer at {url} answered {response.status_code}: {message}")
        if not isinstance(body, dict):
            raise RendererError(f"renderer at {url} answered with something that is not a JSON object")
        return body

    # --- API --------------------------------------------------------------------
    def health(self, timeout_s: float = 5.0) -> dict[str, Any]:
        return self._request("GET", "/health", read_timeout_s=timeout_s, auth=False)

    def is_healthy(self) -> bool:
        try:
            return self.health(timeout_s=2.0).get("status") == "ok"
        except RendererError:
            return False

    def limits(self) -> dict[str, int]:
        """The service's request limits (its defaults, from a service that does not say)."""
        if self._limits is None:
            said = self.health().get("limits", {})
            self._limits = {"max_items": int(said.get("max_items", 256)),
                            "max_code_bytes": int(said.get("max_code_bytes", 200_000))}
        return self._limits

    def code_limit(self) -> int:
        """Bytes a sketch may have."""
        return self.limits()["max_code_bytes"]

    def pool_size(self) -> int:
        if self._pool_size is None:
            self._pool_size = int(self.health().get("pool", {}).get("size", 1))
        return self._pool_size

    def render_batch(
        self, items: Sequence[RenderItem], *, timeout_ms: int = 10_000, frames: int = 1, fresh: bool = False
    ) -> list[RenderResult]:
        """Renders items in one request; results come back in input order. `fresh`: each item on a newly started
        browser, where nothing an earlier render left behind can slow it down."""
        if not items:
            return []
        payload = {
            "items": [{"id": it.id, "code": it.code, "seed": it.seed, "size": it.size} for it in items],
            "timeout_ms": timeout_ms,
            "frames": frames,
        }
        if fresh:
            payload["fresh"] = True
        # Worst case every item uses its whole budget, spread over the pool.
        read_timeout_s = math.ceil(len(items) / max(self.pool_size(), 1)) * (timeout_ms / 1000 + 5) + 60
        body = self._request("POST", "/render_batch", read_timeout_s=read_timeout_s, auth=True, json=payload)
        results = [RenderResult.from_json(r) for r in body.get("results", [])]
        if [r.id for r in results] != [it.id for it in items]:
            raise RendererError(f"renderer at {self.url} returned results that do not match the request's items")
        return results

    def render_in_chunks(self, items: Sequence[RenderItem], *, timeout_ms: int = 10_000, progress: bool = True,
                         confirm_timeouts: bool = True) -> list[RenderResult]:
        """Like `render_batch`, in requests of twice the pool size so a long batch shows progress (each request
        still fills every page).

        With `confirm_timeouts`, the items that ran out of time, crashed or met a renderer fault are rendered once
        more, one at a time, each on a newly started browser, and the second result stands (its `attempts` is 2).
        The budget is there to stop sketches that never finish; an honest painting can overrun it when the machine
        is busy or a neighbour left work behind, and a failure scores like a sketch that did not run. Rendered
        alone, the item that fails again is the one at fault: a sketch that really hangs times out again, at the
        cost of one more budget.
        """
        from paint_pipeline.progress import progress_bar

        chunk = min(max(4, 2 * self.pool_size()), self.limits()["max_items"])
        results: list[RenderResult] = []
        for start in progress_bar(range(0, len(items), chunk), desc="rendering", unit="chunk",
                                  enabled=progress and len(items) > 1):
            results += self.render_batch(items[start : start + chunk], timeout_ms=timeout_ms)
        again = [i for i, r in enumerate(results) if r.status in CONFIRMED_ALONE] if confirm_timeouts else []
        if again:
            log.info("rendering %d sketch(es) that timed out or failed in the renderer once more, each alone",
                     len(again))
            for i in again:
                (second,) = self.render_batch([items[i]], timeout_ms=timeout_ms, fresh=True)
                second.attempts = 2
                results[i] = second
        return results

    def shutdown(self) -> None:
        self._request("POST", "/shutdown", read_timeout_s=10.0, auth=True)
