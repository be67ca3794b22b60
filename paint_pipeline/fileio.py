"""Writing files so that a crash never leaves a half-written one."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from paint_pipeline.errors import PaintPipelineError


def atomic_write_bytes(path: str | Path, data: bytes, mode: int = 0o644) -> Path:
    """Writes data to a temporary file beside path, then renames it into place (readable by others
    unless `mode` says otherwise: the temporary file starts private)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@contextmanager
def staged_folder(target: str | Path) -> Iterator[Path]:
    """A temporary folder beside `target`; when the block succeeds it replaces `target` whole.

    A crash inside the block leaves the previous `target` (or none), never half of one. An existing
    `target` is moved aside, the new folder renamed into place, then the old one deleted.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield tmp
        os.chmod(tmp, 0o755)
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(target, old)
            os.replace(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def read_json_object(path: str | Path) -> dict:
    """The JSON object in a file; ValueError (or OSError) naming what is wrong when it is not one."""
    value = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def lock_path_for(folder: str | Path, purpose: str) -> Path:
    """Where the lock of `purpose` (e.g. "train": the update writing a checkpoint) on `folder` lives."""
    folder = Path(folder)
    return folder.parent / ".locks" / f"{purpose}-{folder.name}.lock"


class LockBusy(PaintPipelineError, RuntimeError):
    """Another process holds the lock; the message names it and what it is doing."""


@contextmanager
def exclusive_lock(path: str | Path, *, what: str, wait_s: float = 0.0) -> Iterator[None]:
    """An advisory lock (flock) held for the block: by one process at a time, released by the kernel when the
    holder dies however it dies, so a crash never leaves a stale lock. Waits up to `wait_s`, then raises
    LockBusy naming the holder's pid (written into the file)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
                    raise LockBusy(f"{what} is in progress (pid {holder}, lock {path}); wait for it to finish") \
                        from None
                time.sleep(0.05)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock
