"""Image helpers, process accounting, and the renderer benchmark's report on a tiny corpus."""

from __future__ import annotations

import io
import json
import os
import statistics

import numpy as np
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
    (tmp_path / "a.js").write_text("function setup() { createCanvas(300, 300); background(20, 120, 200); circle(150, 150, 100); }")
    (tmp_path / "b.js").write_text(
        "function setup() { createCanvas(300, 300, WEBGL); background(250); brush.set('HB', '#222', 1);"
        " for (let i = 0; i < 5; i++) brush.line(-100, i * 20 - 50, 100, i * 20 - 50); }"
    )
    report = run_render_benchmark(corpus=tmp_path, size=128, baseline_size=300, pool_size=1, chunk=1, progress=False)
    json.dumps(report)  # --json prints it as is
    for side in ("baseline", "ours"):
        figures = report["sides"][side]
        for key in ("renders_per_s", "cpu_s_per_render", "p50_ms", "p95_ms", "sketch_share", "peak_pss_mb"):
            assert figures[key] >= 0, key
        assert figures["statuses"] == {"SUCCESS": 2} and figures["renders"] == 2
    assert report["sides"]["baseline"]["size"] == 300 and report["sides"]["ours"]["size"] == 128
    # Interleaved: one ratio per chunk (here a chunk per sketch), and the headline is their median.
    ratios = report["ratio"]["per_chunk"]
    assert report["chunks"] == len(ratios) == 2 and all(r > 0 for r in ratios)
    # The per-chunk ratios are printed rounded to 3 places; the median is taken before rounding.
    assert report["speedup"] == report["ratio"]["median"]
    assert abs(report["speedup"] - statistics.median(ratios)) <= 0.0015
    assert report["ratio"]["min"] <= report["ratio"]["median"] <= report["ratio"]["max"]
    assert report["ssim_224"]["compared"] == 2 and 0.5 < report["ssim_224"]["mean"] <= 1.0
    assert report["ssim_224"]["same_status"] == 2
    table = format_table(report)
    assert "renders/s" in table and "median of 2 interleaved chunks" in table and "SSIM mean" in table
