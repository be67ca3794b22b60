"""A soak of the renderer: many sketches (honest, broken, hostile, mixed) through one service.

Honest: the benchmark corpus. Broken: the same sketches cut short, with a misspelt call, or with a name
that does not exist. Hostile: the renderer's own hostile corpus (network, files, loops, memory bombs,
forged counters, tampering; `renderer/test/hostile/`). Reports every status, whether each item was
classified as its kind allows, and the service's memory (PSS of its process tree) over the run.
`paint-pipeline bench soak` prints the report; a test runs it on 1,000 sketches.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import time
from typing import Any

from paint_pipeline.procstat import PeakMemory, tree_memory_mb
from paint_pipeline.progress import progress_bar
from paint_pipeline.render.bench import DEFAULT_CORPUS, client_pid, percentile
from paint_pipeline.render.client import STATUSES, RenderItem
from paint_pipeline.render.service import RENDERER_DIR

HOSTILE_DIR = RENDERER_DIR / "test" / "hostile"
# What a broken sketch may become: never SUCCESS by luck of a crash, never CRASHED or RENDERER_ERROR.
BROKEN_ALLOWED = {"PARSE_ERROR", "RUNTIME_ERROR", "NO_CANVAS", "SUCCESS"}


def hostile_corpus() -> list[dict[str, Any]]:
    """The hostile sketches whose code is a plain string, with the statuses each may end in."""
    script = ("const fs=require('fs'),path=require('path');const dir=process.argv[1];const out=[];"
              "for(const f of fs.readdirSync(dir).filter(f=>f.endsWith('.js')).sort()){"
              "const m=require(path.join(dir,f));"
              "if(typeof m.code==='string')out.push({name:f,code:m.code,expect:m.expect||null});}"
              "console.log(JSON.stringify(out));")
    out = subprocess.run(["node", "-e", script, str(HOSTILE_DIR)], capture_output=True, text=True, check=True)
    sketches = json.loads(out.stdout)
    # The node tests point the network probes at a listener of theirs; here they aim at the discard port,
    # which the sandbox must block all the same (an unparsable placeholder would only be a RUNTIME_ERROR).
    for h in sketches:
        h["code"] = h["code"].replace("__UDP_PORT__", "9").replace("__PORT__", "9")
    return sketches


def broken_variants(code: str, rng: random.Random) -> str:
    kind = rng.randrange(3)
    if kind == 0:  # cut short: unbalanced braces or a half statement
        return code[: rng.randrange(len(code) // 4, len(code) * 3 // 4)]
    if kind == 1:  # a method p5.brush does not have
        return code.replace("brush.line(", "brush.lline(", 1) if "brush.line(" in code else code + "\nbrush.nope();"
    return code.replace("function setup() {", "function setup() {\n  undefinedPainter.paint();", 1)


def build_corpus(n: int, seed: int = 0) -> list[dict[str, Any]]:
    """n items: half honest, 30% broken, 20% hostile, shuffled."""
    rng = random.Random(seed)
    honest = [(p.name, p.read_text()) for p in sorted(DEFAULT_CORPUS.glob("*.js"))]
    hostile = hostile_corpus()
    items = []
    for i in range(n):
        share = i / n
        name, code = honest[i % len(honest)]
        if share < 0.5:
            items.append({"kind": "honest:" + name, "code": code, "allowed": {"SUCCESS"}})
        elif share < 0.8:
            items.append({"kind": "broken:" + name, "code": broken_variants(code, rng), "allowed": BROKEN_ALLOWED})
        else:
            h = hostile[i % len(hostile)]
            allowed = set(h["expect"] or STATUSES) - {"RENDERER_ERROR"}
            items.append({"kind": "hostile:" + h["name"], "code": h["code"], "allowed": allowed})
    rng.shuffle(items)
    return items


def run_soak(client, n: int = 1000, *, timeout_ms: int, chunk: int = 16, size: int = 128,
             progress: bool = True) -> dict[str, Any]:
    """Renders the corpus in batches of `chunk`, each sketch with `timeout_ms`: pass the budget a training cycle
    gives a sketch (the pipeline's `render_timeout_ms`), since an honest sketch must finish in it while hostile ones
    burn the other pages, which is what a cycle's batch asks of the service."""
    items = build_corpus(n)
    pid = client_pid(client)
    statuses: dict[str, dict[str, int]] = {}
    misclassified = []
    honest_ms = []  # page time of each honest sketch, to show its margin under the budget
    memory_trace = []
    started = time.perf_counter()
    with PeakMemory(pid) as peak:
        for start in progress_bar(range(0, n, chunk), desc="soak", unit="chunk", enabled=progress):
            batch = items[start : start + chunk]
            results = client.render_batch([RenderItem(id=str(start + j), code=it["code"], seed=start + j, size=size)
                                           for j, it in enumerate(batch)], timeout_ms=timeout_ms)
            for it, r in zip(batch, results):
                kind = it["kind"].split(":")[0]
                statuses.setdefault(kind, {})
                statuses[kind][r.status] = statuses[kind].get(r.status, 0) + 1
                if kind == "honest":
                    honest_ms.append(r.render_ms)
                if r.status not in it["allowed"]:
                    misclassified.append({"kind": it["kind"], "status": r.status, "errors": r.errors[:2],
                                          "render_ms": r.render_ms})
            memory_trace.append(round(tree_memory_mb(pid)[0], 1))
    early_mb, late_mb = memory_windows_mb(memory_trace)
    return {
        "sketches": n, "seconds": time.perf_counter() - started, "timeout_ms": timeout_ms, "statuses": statuses,
        "honest_render_ms": _quantiles(honest_ms),
        "classified": sum(sum(v.values()) for v in statuses.values()), "misclassified": misclassified,
        "peak_pss_mb": peak.peak_pss_mb, "peak_rss_mb": peak.peak_rss_mb,
        "pss_early_mb": early_mb, "pss_late_mb": late_mb, "healthy_after": client.is_healthy(),
        "memory_trace_mb": memory_trace,
    }


def memory_windows_mb(trace: list[float]) -> tuple[float, float]:
    """The service's PSS early and late in the run: the median of the chunks after the first tenth and before the
    first quarter, and the median of the last quarter. Medians of windows, because one sample moves by hundreds of
    MB with the pages alive at that instant (a hostile sketch's heap, a browser just restarted), and the first
    tenth is the warm-up, not growth. A trace too short for windows (under 8 chunks) cannot tell growth: both
    windows are its median."""
    n = len(trace)
    if n == 0:
        return 0.0, 0.0
    if n < 8:
        return statistics.median(trace), statistics.median(trace)
    return statistics.median(trace[n // 10 : max(n // 10 + 1, n // 4)]), statistics.median(trace[n - n // 4 :])


def memory_growth_mb(trace: list[float]) -> float:
    """How much the service grew with the count: the late window's median minus the early one's
    (`memory_windows_mb`); 0 for a trace too short to have windows."""
    early, late = memory_windows_mb(trace)
    return late - early


def _quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    return {"p50": percentile(values, 0.5), "p95": percentile(values, 0.95), "max": max(values)}


def format_report(r: dict[str, Any]) -> str:
    lines = [f"soak: {r['sketches']} sketches in {r['seconds']:.0f} s through one renderer service, "
             f"{r['timeout_ms'] / 1000:g} s budget per sketch",
             f"  classified {r['classified']} / {r['sketches']}; "
             f"outside their allowed statuses: {len(r['misclassified'])}"]
    for kind, counts in sorted(r["statuses"].items()):
        lines.append(f"  {kind:<8} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])))
    q = r["honest_render_ms"]
    lines.append(f"  honest time on a page (ms): p50 {q['p50']:.0f}, p95 {q['p95']:.0f}, max {q['max']:.0f}")
    for m in r["misclassified"][:20]:
        lines.append(f"  outside: {m['kind']} -> {m['status']} after {m['render_ms']:.0f} ms"
                     + (f" ({m['errors'][0][:100]})" if m["errors"] else ""))
    if len(r["misclassified"]) > 20:
        lines.append(f"  outside: {len(r['misclassified']) - 20} more")
    lines.append(f"  service memory (PSS of its process tree): peak {r['peak_pss_mb']:.0f} MB; median "
                 f"{r['pss_early_mb']:.0f} MB after the warm-up (chunks from the first tenth to the first quarter), "
                 f"{r['pss_late_mb']:.0f} MB over the last quarter: growth {r['pss_late_mb'] - r['pss_early_mb']:+.0f}"
                 f" MB; healthy after: {r['healthy_after']}")
    return "\n".join(lines)
