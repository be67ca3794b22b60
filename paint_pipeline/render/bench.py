"""`paint-pipeline bench render`: our renderer against paint-code-rl's way.

Both sides render the same corpus with the same seeds, in one run, on the same
machine, with the same number of pages:
  baseline  a fresh page for every sketch, libraries loaded each time, the page
            painted as a visible tab, p5's default WEBGL multisampling, at
            600 px (the service's --baseline mode: what paint-code-rl did);
  ours      warm pages reused across sketches, the page never painted, no
            multisampling of the main canvas, at the reward resolution.
Both read the canvas back the same way (toDataURL), which spares the baseline
the cost of a screenshot.
Fidelity: each sketch's two images are resized to 224 px (what CLIP sees) and
compared with SSIM.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from paint_pipeline.imaging import ssim_at
from paint_pipeline.procstat import PeakMemory, tree_cpu_seconds
from paint_pipeline.render.client import RenderItem, RenderResult
from paint_pipeline.render.service import REPO_ROOT, RendererService

DEFAULT_CORPUS = REPO_ROOT / "data" / "sketches" / "bench"
FIDELITY_SIDE = 224
TIMEOUT_MS = 60_000
WARMUP = "function setup() { createCanvas(100, 100, WEBGL); brush.set('HB', '#000', 1); brush.line(-20, 0, 20, 0); }"


def load_corpus(corpus: Path | None, limit: int | None) -> list[tuple[str, str]]:
    folder = corpus or DEFAULT_CORPUS
    files = sorted(folder.glob("*.js"))
    if not files:
        raise FileNotFoundError(f"no *.js sketches in {folder}")
    files = files[:limit] if limit else files
    return [(f.name, f.read_text(encoding="utf-8")) for f in files]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def measure(
    sketches: list[tuple[str, str]],
    *,
    size: int,
    pool_size: int | None,
    fresh_pages: bool,
    progress: bool,
    extra_args: list[str] | None = None,
) -> tuple[dict[str, Any], list[RenderResult]]:
    """Starts a service, warms it up, renders the corpus in one batch, and measures it."""
    extra = (["--baseline"] if fresh_pages else []) + list(extra_args or [])
    label = "baseline" if fresh_pages else "ours"
    with RendererService(None, pool_size=pool_size, extra_args=extra) as client:
        service_pid = client_pid(client)
        client.render_batch([RenderItem("warmup", WARMUP, 0, size)], timeout_ms=TIMEOUT_MS)
        items = [RenderItem(name, code, seed=i, size=size) for i, (name, code) in enumerate(sketches)]
        if progress:
            print(f"bench render: {label}: {len(items)} sketches at {size} px ...", flush=True)
        cpu_before = tree_cpu_seconds(service_pid)
        with PeakMemory(service_pid) as memory:
            started = time.perf_counter()
            results = client.render_batch(items, timeout_ms=TIMEOUT_MS)
            wall = time.perf_counter() - started
        cpu = tree_cpu_seconds(service_pid) - cpu_before
        pool = client.pool_size()
    latencies = [r.render_ms for r in results]
    statuses: dict[str, int] = {}
    for r in results:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    figures = {
        "size": size,
        "pool_size": pool,
        "renders": len(results),
        "statuses": statuses,
        "wall_s": round(wall, 2),
        "renders_per_s": round(len(results) / wall, 3),
        "cpu_s_per_render": round(cpu / len(results), 3),
        "p50_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(percentile(latencies, 0.95), 1),
        "sketch_share": round(sum(r.sketch_ms for r in results) / max(sum(latencies), 1e-9), 3),
        "peak_pss_mb": round(memory.peak_pss_mb, 1),
        "peak_rss_sum_mb": round(memory.peak_rss_mb, 1),
    }
    return figures, results


def client_pid(client: Any) -> int:
    pid = client.health().get("pid")
    if not isinstance(pid, int):
        raise RuntimeError("renderer /health does not report its pid")
    return pid


def fidelity(ours: list[RenderResult], baseline: list[RenderResult]) -> dict[str, Any]:
    scores: list[tuple[float, str]] = []
    for a, b in zip(ours, baseline):
        if a.png is not None and b.png is not None:
            scores.append((ssim_at(a.png, b.png, FIDELITY_SIDE), a.id))
    if not scores:
        return {"mean": None, "min": None, "worst": None, "compared": 0}
    worst = min(scores)
    return {
        "mean": round(statistics.fmean(s for s, _ in scores), 4),
        "min": round(worst[0], 4),
        "worst": worst[1],
        "compared": len(scores),
        "per_sketch": {name: round(s, 4) for s, name in scores},
    }


def run_render_benchmark(
    *,
    corpus: Path | None = None,
    size: int = 256,
    baseline_size: int = 600,
    limit: int | None = None,
    pool_size: int | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    sketches = load_corpus(corpus, limit)
    base_figures, base_results = measure(
        sketches, size=baseline_size, pool_size=pool_size, fresh_pages=True, progress=progress
    )
    our_figures, our_results = measure(sketches, size=size, pool_size=pool_size, fresh_pages=False, progress=progress)
    return {
        "baseline": base_figures,
        "ours": our_figures,
        "speedup": round(our_figures["renders_per_s"] / base_figures["renders_per_s"], 2),
        "cpu_ratio": round(base_figures["cpu_s_per_render"] / max(our_figures["cpu_s_per_render"], 1e-9), 2),
        "ssim_224": fidelity(our_results, base_results),
        # PSS: shared pages split between the processes that share them. The RSS
        # sum (each side's peak_rss_sum_mb) counts them once per process.
        "peak_rss_mb": our_figures["peak_pss_mb"],
        "corpus": len(sketches),
    }


def format_table(report: dict[str, Any]) -> str:
    base, ours = report["baseline"], report["ours"]
    rows = [
        ("resolution (px)", base["size"], ours["size"]),
        ("pages", base["pool_size"], ours["pool_size"]),
        ("renders/s", base["renders_per_s"], ours["renders_per_s"]),
        ("CPU s / render", base["cpu_s_per_render"], ours["cpu_s_per_render"]),
        ("p50 latency (ms)", base["p50_ms"], ours["p50_ms"]),
        ("p95 latency (ms)", base["p95_ms"], ours["p95_ms"]),
        ("share in sketch code", base["sketch_share"], ours["sketch_share"]),
        ("peak memory, PSS (MB)", base["peak_pss_mb"], ours["peak_pss_mb"]),
        ("peak memory, RSS sum (MB)", base["peak_rss_sum_mb"], ours["peak_rss_sum_mb"]),
        ("statuses", _statuses(base["statuses"]), _statuses(ours["statuses"])),
    ]
    lines = [f"{'':24} {'baseline (fresh page)':>24} {'ours (warm pool)':>24}"]
    lines += [f"{name:24} {str(a):>24} {str(b):>24}" for name, a, b in rows]
    fid = report["ssim_224"]
    lines.append("")
    lines.append(f"speedup (renders/s): {report['speedup']}x    CPU per render: {report['cpu_ratio']}x less")
    if fid["compared"]:
        lines.append(
            f"fidelity at {FIDELITY_SIDE} px: SSIM mean {fid['mean']}, worst {fid['min']} ({fid['worst']}), "
            f"{fid['compared']} sketches compared"
        )
    return "\n".join(lines)


def _statuses(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
