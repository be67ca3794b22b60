"""`paint-pipeline calibrate --matrix`: how well each alignment backend tells which prompt a painting answers.

A labelled set (`data/judge/bench_prompts.jsonl`: each bench painting with the prompt it was painted for) is
rendered once; every backend available scores every painting under every prompt, giving a painting x prompt
matrix whose diagonal holds the right pairs. Read both ways:
- image -> prompt: for a painting, does its own prompt score above the others? (a fixed picture should not
  fit every prompt);
- prompt -> image: for a prompt, does the right painting score above the others? (GRPO compares paintings of
  one prompt, so this is the direction training feels).
Per way: pairwise win rate (the right pair beats a random wrong one; ties count half; chance 0.5), rank-1 on
10-way blocks (the right pair beats 9 random wrong ones; chance 0.1) and mean rank (1 best, chance (n+1)/2),
each with a bootstrap 95% interval over the queries.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render.client import RenderItem, RenderResult
from paint_pipeline.reward.features import analyse, decode_png

MATRIX_SET = REPO_ROOT / "data" / "judge" / "bench_prompts.jsonl"
BLOCK = 10
BLOCK_DRAWS = 200
BOOTSTRAP = 2000


@dataclass(frozen=True)
class LabelledPainting:
    id: str
    sketch: str
    prompt: str


def load_matrix_set(path: Path = MATRIX_SET) -> list[LabelledPainting]:
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            out.append(LabelledPainting(id=str(obj["id"]), sketch=str(obj["sketch"]), prompt=str(obj["prompt"])))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{lineno}: not a painting record ({exc})") from None
    if len(out) < BLOCK:
        raise ValueError(f"{path}: a matrix needs at least {BLOCK} paintings, found {len(out)}")
    return out


def render_set(client, paintings: list[LabelledPainting], size: int = 256) -> list[RenderResult]:
    items = [RenderItem(id=p.id, code=(REPO_ROOT / p.sketch).read_text(encoding="utf-8"), seed=1, size=size)
             for p in paintings]
    renders = client.render_batch(items, timeout_ms=60_000)
    failed = [f"{p.id} ({r.status})" for p, r in zip(paintings, renders) if r.status != "SUCCESS"]
    if failed:
        raise RuntimeError(f"matrix set paintings that did not render: {', '.join(failed)}")
    return renders


@dataclass(frozen=True)
class WayMetrics:
    pairwise: tuple[float, float, float]  # value, low, high
    rank1: tuple[float, float, float]
    mean_rank: tuple[float, float, float]


def _interval(per_query: np.ndarray, rng: np.random.Generator) -> tuple[float, float, float]:
    idx = rng.integers(0, len(per_query), size=(BOOTSTRAP, len(per_query)))
    means = per_query[idx].mean(axis=1)
    return float(per_query.mean()), float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def pairwise_per_query(m: np.ndarray) -> np.ndarray:
    """Per query (row): how often its right answer (the diagonal) beats a wrong one; ties count half."""
    n = m.shape[0]
    right, wrong = np.diag(m), ~np.eye(n, dtype=bool)
    return np.array([(right[q] > m[q, wrong[q]]).mean() + 0.5 * (right[q] == m[q, wrong[q]]).mean()
                     for q in range(n)])


def paired_difference(before: np.ndarray, after: np.ndarray, seed: int = 0) -> dict[str, tuple]:
    """Per way: the mean per-query pairwise change from `before` to `after` (same paintings and prompts), a
    bootstrap 95% interval over the queries, and how many queries rose and fell."""
    rng = np.random.default_rng(seed)
    out = {}
    for way, (a, b) in {"image->prompt": (before, after), "prompt->image": (before.T, after.T)}.items():
        d = pairwise_per_query(b) - pairwise_per_query(a)
        out[way] = (*_interval(d, rng), int((d > 0).sum()), int((d < 0).sum()))
    return out


def way_metrics(m: np.ndarray, seed: int = 0) -> WayMetrics:
    """Metrics of one way: row q is a query, its right answer is column q."""
    n = m.shape[0]
    rng = np.random.default_rng(seed)
    right = np.diag(m)
    wrong = ~np.eye(n, dtype=bool)
    pairwise = pairwise_per_query(m)
    rank = np.array([1 + (m[q, wrong[q]] > right[q]).sum() + 0.5 * (m[q, wrong[q]] == right[q]).sum()
                     for q in range(n)])
    rank1 = np.zeros(n)
    for q in range(n):
        others = np.flatnonzero(wrong[q])
        draws = np.stack([rng.choice(others, BLOCK - 1, replace=False) for _ in range(BLOCK_DRAWS)])
        rank1[q] = (right[q] > m[q, draws].max(axis=1)).mean()
    return WayMetrics(_interval(pairwise, rng), _interval(rank1, rng), _interval(rank.astype(float), rng))


def matrix_metrics(m: np.ndarray) -> dict[str, WayMetrics]:
    """m[i, j]: painting i under prompt j."""
    return {"image->prompt": way_metrics(m), "prompt->image": way_metrics(m.T)}


# --- the backends' matrices ------------------------------------------------------------------------
def palette_matrix(config, prompts, renders, features) -> np.ndarray:
    from paint_pipeline.reward.judges.offline import OfflineAlignment

    palette = OfflineAlignment(config)
    return np.array([[palette.score_one(p, r, f)[0] for p in prompts] for r, f in zip(renders, features)])


def palette_neutral(config, prompts) -> np.ndarray:
    from paint_pipeline.reward.judges.offline import SHAPE_WORDS, colour_targets, prompt_words

    return np.array([not colour_targets(p) and not any(w in SHAPE_WORDS for w in prompt_words(p)) for p in prompts])


IMAGE_SIDE = "judge+palette, image side only"


def both_sides(config, judge, prompts, renders, features, judge_z, palette, neutral) -> np.ndarray:
    """The offline default's matrix: the image side read against each prompt's reference paintings."""
    from paint_pipeline.reward.judges.pretrained import JudgeAlignment, combined_z, final_alignment

    alignment = JudgeAlignment(config, judge)
    stats = alignment.prompt_side.stats(prompts, alignment.combined)
    return np.array([[final_alignment(combined_z(judge_z[i, j], palette[i, j], bool(neutral[j])), stats[p])
                      for j, p in enumerate(prompts)] for i in range(len(renders))])


def backend_matrices(config, prompts, renders, images, *, progress: Callable[[str], None] = print,
                     class_names_shares: tuple[float, ...] = ()) -> dict[str, np.ndarray]:
    """Every backend that loads here: its name -> matrix. Missing weights are reported, not fatal. Each of
    `class_names_shares` adds the offline default with that weight on the judge's class-name parts."""
    features = [analyse(im, config.analysis_size, config.background_delta_e) for im in images]
    out = {}
    progress("palette (offline-palette-shape) ...")
    palette = palette_matrix(config, prompts, renders, features)
    out["palette"] = palette
    try:
        from paint_pipeline.reward.judges.pretrained import PretrainedJudge, combine
        from paint_pipeline.reward.judges.pretrained_models import PretrainedWeightsError
        from paint_pipeline.reward.judges.procedural_map import BUILD_COMMAND

        judge = PretrainedJudge()
        progress(f"pretrained judge ({judge.name}) ...")
        vectors = judge.encode_images(images)
        parts = judge.score_parts(prompts, vectors)
        neutral = palette_neutral(config, prompts)

        def with_palette(z):
            return np.array([[combine(z[i, j], palette[i, j], bool(neutral[j])) for j in range(len(prompts))]
                             for i in range(len(images))])
        if judge.procedural is None:
            progress(f"no procedural map fitted (run {BUILD_COMMAND}): the judge is its class-name parts alone")
            out["judge"], out["judge+palette"] = parts["judge"], with_palette(parts["judge"])
        else:  # each part alone, then the judge with and without the map, each with the palette
            out["judge: class names"] = parts["classes"]
            out["judge: procedural map"] = parts["procedural map"]
            out["judge"] = parts["judge"]
            out["judge without map+palette"] = with_palette(parts["classes"])
            out[IMAGE_SIDE] = with_palette(parts["judge"])
            out["judge+palette"] = out[IMAGE_SIDE]  # a map without reference paintings has no prompt side
            if judge.procedural.reference is not None:
                out["judge+palette"] = both_sides(config, judge, prompts, renders, features, parts["judge"],
                                                  palette, neutral)
            for share in class_names_shares:
                other = judge.with_class_names_share(share)
                z = other.score_parts(prompts, vectors)["judge"]
                out[f"judge+palette, class names {share:g}"] = (
                    both_sides(config, other, prompts, renders, features, z, palette, neutral)
                    if judge.procedural.reference is not None else with_palette(z))
    except PretrainedWeightsError as exc:
        progress(f"pretrained judge not available: {exc}")
    try:
        from paint_pipeline.reward.judges.clip import ClipAlignment, ClipLoadError

        clip = ClipAlignment(config.replace(alignment_backend="clip"))
        progress(f"{clip.name} ...")
        out[clip.name] = clip.encode_images(images) @ clip.encode_texts(prompts).T
    except ClipLoadError as exc:
        progress(f"CLIP not available: {str(exc).split('. ')[0]}")
    return out


def run_matrix(client, config, path: Path = MATRIX_SET, *, progress: Callable[[str], None] = print,
               class_names_shares: tuple[float, ...] = ()) -> dict:
    paintings = load_matrix_set(path)
    progress(f"rendering {len(paintings)} paintings of {path.name} ...")
    renders = render_set(client, paintings)
    images = [decode_png(r.png) for r in renders]
    prompts = [p.prompt for p in paintings]
    matrices = backend_matrices(config, prompts, renders, images, progress=progress,
                                class_names_shares=class_names_shares)
    report = {"set": str(path), "n": len(paintings),
              "backends": {name: matrix_metrics(m) for name, m in matrices.items()}}
    if "judge without map+palette" in matrices:  # what the procedural map and the prompt side add, per query
        report["gains"] = {
            "the procedural map (judge+palette, image side only, against judge without map+palette)":
                paired_difference(matrices["judge without map+palette"], matrices[IMAGE_SIDE]),
            "the prompt side (judge+palette against judge+palette, image side only)":
                paired_difference(matrices[IMAGE_SIDE], matrices["judge+palette"]),
        }
    return report


def format_report(report: dict) -> str:
    n = report["n"]
    head = (f"{'backend':<34} {'way':<14} {'pairwise (chance 0.50)':<24} {'rank-1 of 10 (0.10)':<22} "
            f"{'mean rank (' + format((n + 1) / 2, '.1f') + ')':<20}")
    lines = [f"{n} paintings x {n} prompts from {Path(report['set']).name}; 95% bootstrap intervals over queries",
             "", head, "-" * len(head)]
    fmt = lambda t, p=3: f"{t[0]:.{p}f} [{t[1]:.{p}f}, {t[2]:.{p}f}]"  # noqa: E731
    for name, ways in report["backends"].items():
        for way, m in ways.items():
            lines.append(f"{name:<34} {way:<14} {fmt(m.pairwise):<24} {fmt(m.rank1):<22} {fmt(m.mean_rank, 1):<20}")
    for what, gain in report.get("gains", {}).items():
        lines += ["", f"what {what}, paired over the same queries (pairwise):"]
        for way, (mean, low, high, rose, fell) in gain.items():
            lines.append(f"  {way:<14} {mean:+.3f} [{low:+.3f}, {high:+.3f}]; {rose} queries rose, {fell} fell")
    return "\n".join(lines)
