"""Rendering sketch files to PNG files: what `paint-pipeline render` does."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Iterator, Sequence

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.render.client import RendererClient, RenderItem


def read_sketch(path: Path) -> str:
    """Reads a sketch file; bytes that are not UTF-8 become U+FFFD, as a browser would show them."""
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        raise FileNotFoundError(f"sketch file not found: {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"sketch path is a directory, not a file: {path}") from None


def image_names(paths: Sequence[Path]) -> list[str]:
    """One PNG name per sketch: its stem, made unique when two files share one (`s.png`, `s-2.png`, ...; a file
    whose own stem is `s-2` then gets the next free name)."""
    names: list[str] = []
    used: set[str] = set()
    for path in paths:
        stem = path.stem or "sketch"
        name, n = f"{stem}.png", 1
        while name in used:
            n += 1
            name = f"{stem}-{n}.png"
        used.add(name)
        names.append(name)
    return names


def render_files(
    client: RendererClient,
    paths: Sequence[Path],
    out_dir: Path,
    *,
    size: int,
    seed: int,
    timeout_ms: int,
) -> Iterator[dict[str, Any]]:
    """Renders the files in batches the service accepts; yields one record per file, in order. A file over the
    service's size limit is reported by name (status NOT_RENDERED) and the others still render."""
    codes = [read_sketch(p) for p in paths]
    limit = client.code_limit()
    sizes = [len(code.encode("utf-8")) for code in codes]
    items = [RenderItem(id=str(i), code=code, seed=seed, size=size)
             for i, (code, n) in enumerate(zip(codes, sizes)) if n <= limit]
    results = {r.id: r for r in client.render_in_chunks(items, timeout_ms=timeout_ms, progress=False)}
    for i, (path, name) in enumerate(zip(paths, image_names(paths))):
        result = results.get(str(i))
        if result is None:
            yield {"file": str(path), "status": "NOT_RENDERED", "image": None, "sha256": None,
                   "errors": [f"{path} is {sizes[i]} bytes; the renderer takes sketches of at most {limit} bytes"]}
            continue
        image = None
        digest = None
        if result.png is not None:
            image = str(atomic_write_bytes(out_dir / name, result.png))
            digest = hashlib.sha256(result.png).hexdigest()
        yield {
            "file": str(path),
            "status": result.status,
            "image": image,
            "sha256": digest,
            "render_ms": result.render_ms,
            "brush_calls": result.brush_calls,
            "brush_marks": result.brush_marks,
            "brush_paint_share": result.brush_paint_share,
            "brushes_used": result.brushes_used,
            "text_calls": result.text_calls,
            "dom_text_chars": result.dom_text_chars,
            "errors": result.errors,
            "repairs": result.repairs,
            "attempts": result.attempts,
        }
