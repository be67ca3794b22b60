"""CPU time and memory of a process tree, read from /proc (Linux).

Memory is PSS (proportional set size): Chromium's processes share most of their
pages, so adding up RSS would count the shared pages once per process.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
LAUNCHER_ENV = "PP_LAUNCHER_PID"  # a training subprocess does not outlive the process named here


def stat_fields(pid: int) -> list[str] | None:
    """Fields 3.. of /proc/PID/stat (after the command name, which may hold spaces); None when gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return raw[raw.rindex(")") + 2 :].split()


def is_alive(pid: int) -> bool:
    """The process exists and is not a zombie (a killed process stays one until its parent reaps it)."""
    fields = stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def tree_pids(root: int) -> list[int]:
    """root and all its live descendants."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        fields = stat_fields(int(name))
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(name))
    out, stack = [], [root]
    while stack:
        pid = stack.pop()
        out.append(pid)
        stack.extend(children.get(pid, []))
    return out


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU of the live tree, plus what its reaped children used."""
    total = 0
    for pid in tree_pids(root):
        fields = stat_fields(pid)
        if fields is not None:
            total += sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    return total / CLOCK_TICKS


def tree_memory_mb(root: int) -> tuple[float, float]:
    """(PSS, RSS) of the tree in MB; the RSS sum counts shared pages once per process."""
    pss_kb = rss_kb = 0
    for pid in tree_pids(root):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss_kb += int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss_kb += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return pss_kb / 1024, rss_kb / 1024


@dataclass
class PeakMemory:
    """Samples the memory of a process tree in the background and keeps the peaks."""

    root: int
    interval_s: float = 0.2
    peak_pss_mb: float = 0.0
    peak_rss_mb: float = 0.0

    def __post_init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        pss, rss = tree_memory_mb(self.root)
        self.peak_pss_mb = max(self.peak_pss_mb, pss)
        self.peak_rss_mb = max(self.peak_rss_mb, rss)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(self.interval_s)

    def __enter__(self) -> "PeakMemory":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()


def exit_with_launcher(pid: int, *, poll_s: float = 0.5) -> None:
    """Stops this process when `pid` is gone. A launcher killed outright (as the kernel's OOM killer does) gets no
    chance to stop its children, and an orphaned update would write the checkpoint that a resumed one writes
    too: two trainers at once. Under torchrun every rank watches, so all of them stop."""
    import signal
    import sys
    import time

    def watch() -> None:
        while is_alive(pid):
            time.sleep(poll_s)
        print(f"the process that launched this one (pid {pid}) is gone: stopping (nothing is written)",
              file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="launcher-watch", daemon=True).start()
