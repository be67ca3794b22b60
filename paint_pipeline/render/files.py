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
    """One PNG name per sketch: its stem, made unique when two files share one."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for path in paths:
        stem = path.stem or "sketch"
        count = seen.get(stem, 0)
        seen[stem] = count + 1
        names.append(f"{stem}.png" if count == 0 else f"{stem}-{count + 1}.png")
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
    """Renders all files in one batch; yields one record per file, in order."""
    codes = [read_sketch(p) for p in paths]
    items = [RenderItem(id=str(i), code=code, seed=seed, size=size) for i, code in enumerate(codes)]
    results = client.render_batch(items, timeout_ms=timeout_ms)
    for path, name, result in zip(paths, image_names(paths), results):
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
            "brushes_used": result.brushes_used,
            "text_calls": result.text_calls,
            "dom_text_chars": result.dom_text_chars,
            "errors": result.errors,
            "repairs": result.repairs,
        }
