"""Fitting the offline judge's procedural map: the generator paints the train prompts, the renderer renders them.

`reward/judges/procedural_map.py` is the map itself; this module makes its fitting set, since only a layer
above the reward may use the warm start's generator. `paint-pipeline judge-map` calls `ensure_procedural_map`,
and `make setup` calls that command: a no-op when the map for the current inputs exists.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Callable

import numpy as np

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.progress import progress_bar
from paint_pipeline.prompts import load_prompts
from paint_pipeline.render.client import RenderItem
from paint_pipeline.reward.features import decode_png
from paint_pipeline.reward.judges import procedural_map
from paint_pipeline.warm_start.procedural import corpus

RENDER_BATCH = 32  # paintings per renderer call: the bar moves, and one slow batch does not hold up the rest
TIMEOUT_MS = 60_000  # generous: the generator's watercolour sketches are slow, and a fit must not lose any


class FittingRenderError(PaintPipelineError, RuntimeError):
    """A procedural painting of the fitting set did not render: the map would be fitted on a biased set."""


def fitting_pairs(prompts_path=procedural_map.MAP_PROMPTS, per_prompt: int = procedural_map.PER_PROMPT,
                  seed: int = procedural_map.SEED) -> list[tuple[str, str]]:
    """(prompt, procedural sketch) pairs: per_prompt variants of every prompt of the file."""
    prompts = load_prompts(prompts_path)
    return corpus([(p.prompt, p.category) for p in prompts], per_prompt=per_prompt, seed=seed)


def procedural_matrix_set(prompts_path, folder: Path) -> Path:
    """The generator's painting of every prompt of `prompts_path`, as a labelled set for `calibrate --matrix`
    (`folder`: its sketch files and JSONL, returned): on the validation prompts, which neither the map nor the
    bench saw, it is where the judge's variants are chosen before the bench is read."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, (prompt, code) in enumerate(fitting_pairs(prompts_path=prompts_path, per_prompt=1)):
        sketch = folder / f"procedural_{i:03d}.js"
        sketch.write_text(code, encoding="utf-8")
        lines.append(json.dumps({"id": sketch.stem, "sketch": str(sketch.resolve()), "prompt": prompt}))
    path = folder / f"procedural_{Path(prompts_path).stem}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def render_fitting_set(client, pairs: list[tuple[str, str]], *, progress: bool = True) -> list:
    """Renders every pair's sketch at the map's size; a painting that does not render stops the fit, naming it."""
    items = [RenderItem(id=f"procmap-{i}", code=code, seed=1, size=procedural_map.RENDER_SIZE)
             for i, (_, code) in enumerate(pairs)]
    renders = []
    batches = range(0, len(items), RENDER_BATCH)
    for start in progress_bar(batches, desc="procedural map: rendering", enabled=progress, unit="batch",
                              total=len(batches)):
        renders += client.render_batch(items[start : start + RENDER_BATCH], timeout_ms=TIMEOUT_MS)
    failed = [f"{pairs[i][0]!r} ({r.status}: {'; '.join(r.errors)[:160]})" for i, r in enumerate(renders)
              if r.status != "SUCCESS"]
    if failed:
        raise FittingRenderError(f"{len(failed)} of {len(pairs)} procedural paintings did not render, e.g. "
                                 f"{'; '.join(failed[:3])}: is the renderer healthy? (paint-pipeline render)")
    return renders


def render_and_encode(client, judge, pairs: list[tuple[str, str]], *, progress: bool = True,
                      log: Callable[[str], None] = print) -> tuple[list, np.ndarray, np.ndarray]:
    """Renders every pair's sketch and encodes the images and the prompts with `judge`'s models: (renders,
    image features, prompt embeddings), one row per pair."""
    renders = render_fitting_set(client, pairs, progress=progress)
    log(f"[judge-map] encoding {len(renders)} paintings and their prompts ...")
    _, features = judge.encode_images([decode_png(r.png) for r in renders])
    return renders, features, judge.text.encode([prompt for prompt, _ in pairs])


def map_with_references(pairs: list[tuple[str, str]], renders: list, features: np.ndarray, embeddings: np.ndarray,
                        *, segments: tuple[int, ...], key: str = "",
                        ridge: float = procedural_map.RIDGE) -> procedural_map.ProceduralMap:
    """The map fitted on the encoded set (`key`: the inputs key it is fitted for, its name), keeping each
    prompt's first painting as a reference painting."""
    first_of: dict[str, int] = {}
    for i, (prompt, _) in enumerate(pairs):
        first_of.setdefault(prompt, i)
    first = list(first_of.values())
    reference = procedural_map.ReferencePaintings(
        features=features[first], pngs=tuple(renders[i].png for i in first),
        marks=tuple(dict(renders[i].brush_marks or {}) for i in first))
    fitted = procedural_map.fit_map(features, embeddings, ridge=ridge, key=key, segments=segments)
    return replace(fitted, reference=reference)


def fit_procedural_map(client, judge, pairs: list[tuple[str, str]], *, key: str = "", progress: bool = True,
                       log: Callable[[str], None] = print) -> procedural_map.ProceduralMap:
    """Renders and encodes the pairs, fits the map on them (`key`: the inputs key it is fitted for) and keeps
    each prompt's first painting as a reference."""
    renders, features, embeddings = render_and_encode(client, judge, pairs, progress=progress, log=log)
    return map_with_references(pairs, renders, features, embeddings, segments=judge.feature_segments, key=key)


def ensure_procedural_map(client_factory, *, force: bool = False, progress: bool = True,
                          log: Callable[[str], None] = print):
    """The procedural map for the current inputs: loaded if fitted, else fitted and saved. `client_factory()`
    gives a renderer service context; it starts only when a fit is needed."""
    from paint_pipeline.reward.judges.pretrained import PretrainedJudge

    key = procedural_map.inputs_key()
    path = procedural_map.map_path(key)
    fitted = None if force else procedural_map.load_map(key=key)
    if fitted is not None:
        log(f"[judge-map] {path} is up to date ({fitted.name}, {fitted.paintings} paintings; arrays "
            f"{fitted.digest})")
        return fitted
    judge = PretrainedJudge(procedural=False)
    pairs = fitting_pairs()
    log(f"[judge-map] fitting on {len(pairs)} procedural paintings of {procedural_map.MAP_PROMPTS.name} "
        f"({procedural_map.PER_PROMPT} per prompt) ...")
    with client_factory() as client:
        fitted = fit_procedural_map(client, judge, pairs, key=key, progress=progress, log=log)
    procedural_map.save_map(fitted, path)
    log(f"[judge-map] wrote {path} ({fitted.name}; arrays {fitted.digest})")
    return fitted
