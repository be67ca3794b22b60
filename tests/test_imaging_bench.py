"""Image helpers, process accounting, and the renderer benchmark's report on a tiny corpus."""

from __future__ import annotations

import io
import json
import os
import statistics

import numpy as np
import pytest
from PIL import Image

from paint_pipeline.imaging import decode_png, luminance, resized, ssim, ssim_at
from paint_pipeline.procstat import PeakMemory, tree_cpu_seconds, tree_memory_mb, tree_pids
from paint_pipeline.render.bench import format_table, run_render_benchmark


def png_bytes(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(array.astype(np.uint8)).save(buf, format="PNG")
    return buf.getvalue()


def test_ssim_is_one_for_identical_and_drops_with_noise():
    rng = np.random.default_rng(0)
    x = np.linspace(0, 255, 64)
    img = np.add.outer(x, x) / 2
    assert ssim(img, img) == 1.0
    noisy = np.clip(img + rng.normal(0, 40, img.shape), 0, 255)
    assert ssim(img, noisy) < 0.6
    assert ssim(img, np.clip(img + rng.normal(0, 5, img.shape), 0, 255)) > ssim(img, noisy)


def test_ssim_at_compares_after_resizing_both_images():
    rng = np.random.default_rng(1)
    big = rng.integers(0, 255, (30, 30, 3)).repeat(20, axis=0).repeat(20, axis=1)  # 600 px blocks
    small = np.asarray(resized(Image.fromarray(big.astype(np.uint8)), 256))
    score = ssim_at(png_bytes(big), png_bytes(small), 224)
    assert 0.9 < score <= 1.0
    assert decode_png(png_bytes(big)).size == (600, 600)
    assert luminance(decode_png(png_bytes(big))).shape == (600, 600)


def test_procstat_sees_this_process():
    pid = os.getpid()
    assert pid in tree_pids(pid)
    assert tree_cpu_seconds(pid) > 0
    pss, rss = tree_memory_mb(pid)
    assert 0 < pss <= rss
    with PeakMemory(pid, interval_s=0.01) as peak:
        block = bytearray(64 * 2**20)
        block[::4096] = b"x" * len(block[::4096])
    assert peak.peak_pss_mb > 50


def test_bench_render_report_on_a_tiny_corpus(tmp_path):
    (tmp_path / "a.js").write_text(
        "function setup() { createCanvas(300, 300); background(20, 120, 200); circle(150, 150, 100); }"
    )
    (tmp_path / "b.js").write_text(
        "function setup() { createCanvas(300, 300, WEBGL); background(250); brush.set('HB', '#222', 1);"
        " for (let i = 0; i < 5; i++) brush.line(-100, i * 20 - 50, 100, i * 20 - 50); }"
    )
    report = run_render_benchmark(corpus=tmp_path, size=128, baseline_size=300, pool_size=1, chunk=1, progress=False)
    json.dumps(report)  # --json prints it as is
    assert (report["a"], report["b"], report["corpus"], report["chunk_size"]) == ("baseline", "ours", 2, 1)
    base, ours = report["sides"]["baseline"], report["sides"]["ours"]
    assert (base["size"], ours["size"]) == (300, 128)
    for figures in (base, ours):
        assert figures["statuses"] == {"SUCCESS": 2} and figures["renders"] == 2 and figures["pool_size"] == 1
        # renders/s is the renders over the wall time (both printed rounded)
        assert figures["renders_per_s"] == pytest.approx(2 / figures["wall_s"], rel=0.006 / figures["wall_s"])
        assert 0 < figures["p50_ms"] <= figures["p95_ms"]
        # the sketch's own JavaScript is part of each render's latency
        assert 0 < figures["sketch_js_p50_ms"] <= figures["p50_ms"] and 0 < figures["sketch_share"] <= 1
        assert figures["cpu_s_per_render"] > 0
        assert 0 < figures["peak_pss_mb"] <= figures["peak_rss_sum_mb"]  # PSS shares out what RSS counts twice
    assert report["cpu_ratio"] == round(base["cpu_s_per_render"] / ours["cpu_s_per_render"], 2)

    # Interleaved: one ratio per chunk (here a chunk per sketch), and the headline is their median.
    ratio = report["ratio"]
    assert report["chunks"] == len(ratio["per_chunk"]) == 2 and all(r > 0 for r in ratio["per_chunk"])
    assert (ratio["min"], ratio["max"]) == (min(ratio["per_chunk"]), max(ratio["per_chunk"]))
    assert (ratio["p25"], ratio["p75"]) == (ratio["min"], ratio["max"])  # two chunks: the quartiles are the ends
    # The per-chunk ratios are printed rounded to 3 places; the median is taken before rounding.
    assert report["speedup"] == ratio["median"]
    assert abs(report["speedup"] - statistics.median(ratio["per_chunk"])) <= 0.0015
    # The whole run's ratio sums each side's chunk times, so it lies between the chunks' ratios.
    whole_run = ours["renders_per_s"] / base["renders_per_s"]
    assert ratio["min"] * 0.995 <= whole_run <= ratio["max"] * 1.005

    # Both ways paint the same pictures: every sketch compared, same status, close at 224 px.
    fidelity = report["ssim_224"]
    assert fidelity["compared"] == fidelity["same_status"] == 2
    per_sketch = fidelity["per_sketch"]
    assert set(per_sketch) == {"a.js", "b.js"} and all(0.85 < s <= 1.0 for s in per_sketch.values())
    assert fidelity["min"] == min(per_sketch.values()) and per_sketch[fidelity["worst"]] == fidelity["min"]
    assert fidelity["mean"] == pytest.approx(statistics.fmean(per_sketch.values()), abs=1e-4)

    # The table has a row per figure, baseline then ours, and the summary lines quote the report.
    lines = format_table(report).splitlines()
    assert lines[0].split() == ["baseline", "ours"]
    rows = {"resolution (px)": "size", "pages": "pool_size", "renders/s (whole run)": "renders_per_s",
            "CPU s / render": "cpu_s_per_render", "p50 latency (ms)": "p50_ms", "p95 latency (ms)": "p95_ms",
            "sketch's own JS, p50 (ms)": "sketch_js_p50_ms", "share in sketch code": "sketch_share",
            "peak memory, PSS (MB)": "peak_pss_mb", "peak memory, RSS sum (MB)": "peak_rss_sum_mb"}
    for line, (label, key) in zip(lines[1:], rows.items()):
        assert line.startswith(label) and line.split()[-2:] == [str(base[key]), str(ours[key])], line
    assert lines[len(rows) + 1].split() == ["statuses", "SUCCESS", "2", "SUCCESS", "2"]
    assert (f"ours / baseline renders/s, median of 2 interleaved chunks of 1: {ratio['median']}x "
            f"(IQR {ratio['p25']}-{ratio['p75']}, range {ratio['min']}-{ratio['max']})") in lines
    assert (f"fidelity at 224 px: SSIM mean {fidelity['mean']}, worst {fidelity['min']} ({fidelity['worst']}), "
            "2 sketches compared; same status 2/2") in lines
    assert lines[-1] == f"CPU per render: {report['cpu_ratio']}x less than the baseline"
