"""Renderer benchmarks that compare two ways in one run, interleaved.

`paint-pipeline bench render`: our renderer against paint-code-rl's way, on the same corpus with the same seeds:
  baseline  a fresh page for every sketch, libraries loaded each time, the page painted as a visible tab, p5's
            default WEBGL multisampling, at 600 px (the service's --baseline mode);
  ours      warm pages reused across sketches, the page never painted, no multisampling of the main canvas, at
            the reward resolution.
`paint-pipeline bench renderer-variants` uses the same machinery to compare two versions of the renderer (or two
sets of switches) on the same resolution.

Why interleaved: the machines are shared, and a change in load between two phases moves a ratio more than the
thing measured. Both services run side by side; the corpus is cut into chunks, and each chunk is rendered by
both ways back to back, in the order A B for one chunk and B A for the next (so a drift in load hits both
sides alike). Each chunk gives a ratio of renders/s; the headline is the median ratio, with its spread.
Fidelity: each sketch's two images are resized to 224 px (what CLIP sees) and compared with SSIM.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from paint_pipeline.imaging import ssim_at
from paint_pipeline.paths import DATA_DIR
from paint_pipeline.procstat import PeakMemory, tree_cpu_seconds
from paint_pipeline.render.client import RenderItem, RenderResult
from paint_pipeline.render.service import RendererService

DEFAULT_CORPUS = DATA_DIR / "sketches" / "bench"
FIDELITY_SIDE = 224
TIMEOUT_MS = 60_000
WARMUP = "function setup() { createCanvas(100, 100, WEBGL); brush.set('HB', '#000', 1); brush.line(-20, 0, 20, 0); }"


@dataclass
class Side:
    """One way of rendering: a renderer (folder, switches) at a resolution."""

    label: str
    size: int
    extra_args: list[str] = field(default_factory=list)
    renderer_dir: Path | None = None  # default: this checkout's renderer


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


def client_pid(client: Any) -> int:
    pid = client.health().get("pid")
    if not isinstance(pid, int):
        raise RuntimeError("renderer /health does not report its pid")
    return pid


class _Running:
    """A started side: its client, its service's pid, and what it measured so far."""

    def __init__(self, side: Side, client: Any) -> None:
        self.side = side
        self.client = client
        self.pid = client_pid(client)
        self.results: dict[str, RenderResult] = {}
        self.wall = 0.0
        self.cpu = 0.0

    def render(self, chunk: list[tuple[int, str, str]]) -> float:
        items = [RenderItem(name, code, seed=i, size=self.side.size) for i, name, code in chunk]
        cpu_before = tree_cpu_seconds(self.pid)
        started = time.perf_counter()
        results = self.client.render_batch(items, timeout_ms=TIMEOUT_MS)
        wall = time.perf_counter() - started
        self.cpu += tree_cpu_seconds(self.pid) - cpu_before
        self.wall += wall
        for r in results:
            self.results[r.id] = r
        return wall


def run_interleaved(
    sketches: list[tuple[str, str]],
    a: Side,
    b: Side,
    *,
    pool_size: int | None = None,
    chunk: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Renders the corpus with both sides, chunk by chunk, alternating which goes first; returns both sides'
    figures, the ratio of b's renders/s to a's per chunk, and the two sides' images compared."""
    with contextlib.ExitStack() as stack:
        started = []
        for side in (a, b):
            client = stack.enter_context(RendererService(None, pool_size=pool_size, extra_args=side.extra_args,
                                                         renderer_dir=side.renderer_dir))
            client.render_batch([RenderItem("warmup", WARMUP, 0, side.size)], timeout_ms=TIMEOUT_MS)
            started.append(_Running(side, client))
        ra, rb = started
        pool = ra.client.pool_size()
        chunk = chunk or max(2, 2 * pool)
        indexed = [(i, name, code) for i, (name, code) in enumerate(sketches)]
        chunks = [indexed[k : k + chunk] for k in range(0, len(indexed), chunk)]
        ratios: list[float] = []
        with PeakMemory(ra.pid) as mem_a, PeakMemory(rb.pid) as mem_b:
            for n, part in enumerate(chunks):
                order = (ra, rb) if n % 2 == 0 else (rb, ra)
                walls = {id(r): r.render(part) for r in order}
                ratios.append(walls[id(ra)] / max(walls[id(rb)], 1e-9))
                if progress:
                    progress(f"chunk {n + 1}/{len(chunks)}: {b.label} {ratios[-1]:.2f}x {a.label}")
        figures = {ra.side.label: _figures(ra, mem_a, pool), rb.side.label: _figures(rb, mem_b, pool)}
    ordered = sorted(ratios)
    return {
        "a": a.label,
        "b": b.label,
        "sides": figures,
        "chunks": len(ratios),
        "chunk_size": chunk,
        "ratio": {
            "median": round(statistics.median(ratios), 3),
            "p25": round(percentile(ordered, 0.25), 3),
            "p75": round(percentile(ordered, 0.75), 3),
            "min": round(ordered[0], 3),
            "max": round(ordered[-1], 3),
            "per_chunk": [round(r, 3) for r in ratios],
        },
        "fidelity": fidelity(rb.results, ra.results),
        "corpus": len(sketches),
    }


def _figures(run: _Running, memory: PeakMemory, pool: int) -> dict[str, Any]:
    results = list(run.results.values())
    latencies = [r.render_ms for r in results]
    statuses: dict[str, int] = {}
    for r in results:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    sketch_ms = [r.sketch_ms for r in results if r.ok]
    return {
        "size": run.side.size,
        "pool_size": pool,
        "renders": len(results),
        "statuses": statuses,
        "wall_s": round(run.wall, 2),
        "renders_per_s": round(len(results) / max(run.wall, 1e-9), 3),
        "cpu_s_per_render": round(run.cpu / max(len(results), 1), 3),
        "p50_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(percentile(latencies, 0.95), 1),
        # The physical reference: the sketch's own JavaScript (setup and draw) on a warm page.
        "sketch_js_p50_ms": round(statistics.median(sketch_ms), 1) if sketch_ms else None,
        "sketch_share": round(sum(r.sketch_ms for r in results) / max(sum(latencies), 1e-9), 3),
        "peak_pss_mb": round(memory.peak_pss_mb, 1),
        "peak_rss_sum_mb": round(memory.peak_rss_mb, 1),
    }


def fidelity(ours: dict[str, RenderResult], other: dict[str, RenderResult]) -> dict[str, Any]:
    scores: list[tuple[float, str]] = []
    for name, a in ours.items():
        b = other.get(name)
        if b is not None and a.png is not None and b.png is not None:
            scores.append((ssim_at(a.png, b.png, FIDELITY_SIDE), name))
    same_status = sum(1 for name, a in ours.items() if name in other and other[name].status == a.status)
    if not scores:
        return {"mean": None, "min": None, "worst": None, "compared": 0, "same_status": same_status}
    worst = min(scores)
    return {
        "mean": round(statistics.fmean(s for s, _ in scores), 4),
        "min": round(worst[0], 4),
        "worst": worst[1],
        "compared": len(scores),
        "same_status": same_status,
        "per_sketch": {name: round(s, 4) for s, name in scores},
    }


def run_render_benchmark(
    *,
    corpus: Path | None = None,
    size: int = 256,
    baseline_size: int = 600,
    limit: int | None = None,
    pool_size: int | None = None,
    chunk: int | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """`bench render`: ours against the fresh-page baseline, interleaved."""
    sketches = load_corpus(corpus, limit)
    report = run_interleaved(
        sketches,
        Side("baseline", baseline_size, ["--baseline"]),
        Side("ours", size),
        pool_size=pool_size,
        chunk=chunk,
        progress=(lambda line: print(f"bench render: {line}", flush=True)) if progress else None,
    )
    ours, base = report["sides"]["ours"], report["sides"]["baseline"]
    report["speedup"] = report["ratio"]["median"]  # the headline: median over chunks of ours' renders/s ratio
    report["cpu_ratio"] = round(base["cpu_s_per_render"] / max(ours["cpu_s_per_render"], 1e-9), 2)
    report["ssim_224"] = report.pop("fidelity")
    return report


def format_comparison(report: dict[str, Any]) -> str:
    """Both sides side by side, the median ratio and its spread, and the images compared."""
    a, b = report["sides"][report["a"]], report["sides"][report["b"]]
    rows = [
        ("resolution (px)", a["size"], b["size"]),
        ("pages", a["pool_size"], b["pool_size"]),
        ("renders/s (whole run)", a["renders_per_s"], b["renders_per_s"]),
        ("CPU s / render", a["cpu_s_per_render"], b["cpu_s_per_render"]),
        ("p50 latency (ms)", a["p50_ms"], b["p50_ms"]),
        ("p95 latency (ms)", a["p95_ms"], b["p95_ms"]),
        ("sketch's own JS, p50 (ms)", a["sketch_js_p50_ms"], b["sketch_js_p50_ms"]),
        ("share in sketch code", a["sketch_share"], b["sketch_share"]),
        ("peak memory, PSS (MB)", a["peak_pss_mb"], b["peak_pss_mb"]),
        ("peak memory, RSS sum (MB)", a["peak_rss_sum_mb"], b["peak_rss_sum_mb"]),
        ("statuses", _statuses(a["statuses"]), _statuses(b["statuses"])),
    ]
    lines = [f"{'':28} {report['a']:>24} {report['b']:>24}"]
    lines += [f"{name:28} {str(x):>24} {str(y):>24}" for name, x, y in rows]
    r = report["ratio"]
    lines.append("")
    lines.append(f"{report['b']} / {report['a']} renders/s, median of {report['chunks']} interleaved chunks of "
                 f"{report['chunk_size']}: {r['median']}x (IQR {r['p25']}-{r['p75']}, range {r['min']}-{r['max']})")
    if b["sketch_js_p50_ms"]:
        lines.append(f"physical reference: the sketch's own JS takes {b['sketch_js_p50_ms']} ms (p50) on a warm page; "
                     f"{report['b']}'s p50 latency is {b['p50_ms']} ms")
    fid = report.get("fidelity") or report.get("ssim_224")
    if fid and fid["compared"]:
        lines.append(f"fidelity at {FIDELITY_SIDE} px: SSIM mean {fid['mean']}, worst {fid['min']} ({fid['worst']}), "
                     f"{fid['compared']} sketches compared; same status {fid['same_status']}/{report['corpus']}")
    return "\n".join(lines)


def format_table(report: dict[str, Any]) -> str:
    """`bench render`'s table (the comparison, plus the CPU ratio)."""
    return format_comparison(report) + f"\nCPU per render: {report['cpu_ratio']}x less than the baseline"


def _statuses(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
