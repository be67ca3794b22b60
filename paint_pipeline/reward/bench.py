"""`paint-pipeline bench score`: what each reward tier costs per image.

Renders the benchmark corpus once, builds a GRPO-shaped batch (8 prompts x 8
samples by default) from those images, and scores it twice with the same
scorer: the first pass warms up (colour tables, text embeddings), the second is
measured. CLIP runs with the configured weights when they load; offline it runs
with random weights, which cost the same time but mean nothing (the report
says which). The target: all non-CLIP tiers together at most 10% of the CLIP
image encoding time per image, and no text embedding recomputed in the
measured pass. The text detector (OCR, a model of its own) is reported on its
own row, outside that target.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

from paint_pipeline.prompts import load_split
from paint_pipeline.render import REWARD_RESOLUTION, RendererService, RenderItem
from paint_pipeline.render.bench import load_corpus
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.judges.clip import ClipAlignment, ClipLoadError
from paint_pipeline.reward.scorecard import Sample

OTHER_STAGES = ("compile", "analysis", "richness", "brush", "aesthetic")


def _clip_scorer(config: RewardConfig) -> tuple[RewardScorer, str]:
    try:
        return RewardScorer(config.replace(alignment_backend="clip")), "configured weights"
    except ClipLoadError:
        cfg = config.replace(alignment_backend="clip", clip_weights="random-init", clip_allow_random_init=True)
        return RewardScorer(cfg), "random weights (timing only: the weights were not available)"


def run_score_benchmark(
    *, batch: int = 64, group: int = 8, corpus: Path | None = None, renderer_url: str | None = None,
    config: RewardConfig | None = None, progress: bool = True,
) -> dict[str, Any]:
    config = config or RewardConfig()
    sketches = load_corpus(corpus, None)
    with RendererService(renderer_url) as client:
        items = [RenderItem(id=name, code=code, seed=1, size=REWARD_RESOLUTION) for name, code in sketches]
        renders = [r for r in client.render_batch(items, timeout_ms=60_000) if r.ok]
    if not renders:
        raise RuntimeError("no sketch of the corpus rendered")
    prompts = [p.prompt for p in load_split("validation")]
    # Each sample gets a render object of its own: the scorer analyses a shared render once, which would make
    # the corpus's reuse (64 samples of 42 renders) look cheaper than 64 distinct images are.
    samples = [
        Sample(prompt=prompts[(i // group) % len(prompts)], code="",
               render=dataclasses.replace(renders[i % len(renders)]), sample_id=f"b{i:03d}")
        for i in range(batch)
    ]
    scorer, weights_note = _clip_scorer(config)
    backend: ClipAlignment = scorer.backend
    scorer.score(samples)  # warm-up: tables, text embeddings, torch kernels
    scorer.seconds.clear()
    backend.image_seconds = 0.0
    texts_before = backend.texts_encoded
    started = time.perf_counter()
    scorer.score(samples)
    wall = time.perf_counter() - started
    n = len(samples)
    per_stage = {k: v / n * 1000 for k, v in scorer.seconds.items()}
    clip_ms = backend.image_seconds / n * 1000
    other_ms = sum(per_stage.get(k, 0.0) for k in OTHER_STAGES)
    offline_ms, first_pass_ms = {}, {}
    for name in ("offline", "palette"):  # the offline judge (a model of its own) and the palette alone
        offline = RewardScorer(config.replace(alignment_backend=name))
        offline.score(samples)  # its prompts are new: prompt embeddings, the prompt side's reference scores
        first_pass_ms[name] = offline.seconds["alignment"] / n * 1000
        offline.seconds.clear()
        offline.score(samples)
        offline_ms[name] = (offline.backend_name, offline.seconds["alignment"] / n * 1000)
    return {
        "images": n,
        "prompts": len({s.prompt for s in samples}),
        "clip_model": config.clip_model,
        "clip_weights": weights_note,
        "images_per_s": n / wall,
        "clip_ms_per_image": clip_ms,
        "other_tiers_ms_per_image": other_ms,
        "other_over_clip": other_ms / clip_ms if clip_ms else None,
        "decode_ms_per_image": per_stage.get("decode", 0.0),
        "stage_ms_per_image": per_stage,
        "offline_alignment_ms_per_image": offline_ms["offline"][1],
        "offline_alignment_backend": offline_ms["offline"][0],
        "offline_alignment_first_pass_ms_per_image": first_pass_ms["offline"],
        "palette_alignment_ms_per_image": offline_ms["palette"][1],
        "texts_encoded_in_measured_pass": backend.texts_encoded - texts_before,
    }


def format_table(report: dict[str, Any]) -> str:
    stages = report["stage_ms_per_image"]
    rows = [("stage", "ms/image", "images/s")]
    for name in ("decode", "compile", "analysis", "richness", "brush", "aesthetic", "alignment"):
        ms = stages.get(name, 0.0)
        label = "alignment (CLIP)" if name == "alignment" else name
        rows.append((label, f"{ms:.2f}", f"{1000 / ms:.0f}" if ms > 0 else "-"))
    rows.append(("  of which CLIP image encoding", f"{report['clip_ms_per_image']:.2f}",
                 f"{1000 / report['clip_ms_per_image']:.1f}"))
    if stages.get("text_detector"):  # a model of its own, like CLIP: not one of the hand-written tiers
        ms = stages["text_detector"]
        rows.append(("text detector (OCR)", f"{ms:.2f}", f"{1000 / ms:.1f}"))
    rows.append(("all non-CLIP tiers", f"{report['other_tiers_ms_per_image']:.2f}",
                 f"{1000 / report['other_tiers_ms_per_image']:.0f}"))
    rows.append(("alignment (offline judge)", f"{report['offline_alignment_ms_per_image']:.2f}",
                 f"{1000 / report['offline_alignment_ms_per_image']:.1f}"))
    rows.append(("alignment (palette alone)", f"{report['palette_alignment_ms_per_image']:.2f}", ""))
    rows.append(("whole reward (CLIP backend)", f"{1000 / report['images_per_s']:.2f}",
                 f"{report['images_per_s']:.1f}"))
    width = max(len(r[0]) for r in rows)
    lines = [f"{a:<{width}}  {b:>9}  {c:>9}" for a, b, c in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines += [
        "",
        f"{report['images']} images, {report['prompts']} prompts; CLIP {report['clip_model']} with "
        f"{report['clip_weights']}",
        f"non-CLIP tiers / CLIP image encoding: {report['other_over_clip']:.1%} (target <= 10%)",
        f"text embeddings computed in the measured pass: {report['texts_encoded_in_measured_pass']} (target 0)",
        f"offline judge ({report['offline_alignment_backend']}): {report['offline_alignment_ms_per_image']:.1f} ms "
        f"per image, {report['offline_alignment_ms_per_image'] / report['clip_ms_per_image']:.0%} of CLIP's image "
        "encoding (a model of its own, like CLIP: outside the 10% target)",
        f"  its first pass, every prompt new: {report['offline_alignment_first_pass_ms_per_image']:.1f} ms per image "
        f"(once per prompt: the prompt's embeddings and its scores of the reference paintings)",
    ]
    return "\n".join(lines)


def to_json(report: dict[str, Any]) -> str:
    return json.dumps(report)
