"""Which image features and ridge strength the offline judge's procedural map reads, measured side by side.

    .venv/bin/paint-pipeline bench judge-map-variants            # every variant at ridge 1, 2 and 3
    .venv/bin/paint-pipeline bench judge-map-variants --ridges 0.5 1 2 3 5 --variants +blocks3-5

The map's fitting set (the generator's paintings of the train prompts, as `paint-pipeline judge-map` renders
them), the validation prompts' procedural paintings (one per prompt) and the bench matrix set are rendered once.
For each variant the images are encoded, the map is fitted on the fitting set, and the map's part of the judge
alone (its z-score against the reference prompts) is read on both labelled sets as a painting x prompt matrix:
pairwise win rate and rank-1 of 10, image -> prompt and prompt -> image (`calibrate --matrix`'s metrics). The
validation set chooses (neither the map nor the bench saw its prompts); the bench is read after. A variant
may also whiten the fitted map by the fitting paintings' within-prompt covariance (`whiten`). The whole judge,
with the palette and the prompt side, is `paint-pipeline calibrate --matrix`.
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from paint_pipeline.paths import PROMPTS_DIR
from paint_pipeline.reward.features import decode_png


@dataclass(frozen=True)
class Variant:
    name: str  # "+blocks3-5": the pre-logits and the pooled outputs of blocks 3, 4 and 5
    blocks: dict[int, float]  # pooled block index -> its weight, each part L2-normalised first (pre-logits: 1)
    flip: bool = False  # average the features of the image and its mirror image
    side: int = 224  # the classifier's input size
    # Within-prompt whitening (LDA-style scoring), 0: none; else the shrinkage of the fitting paintings'
    # within-prompt covariance toward a scaled identity (`whiten`), whose inverse then weights the map.
    shrink: float = 0.0


VARIANTS = (
    Variant("pre-logits", {}),
    Variant("pre-logits+mirror", {}, flip=True),
    Variant("pre-logits@288px", {}, side=288),
    Variant("+blocks4-5", {4: 1.0, 5: 1.0}),
    Variant("+blocks3-5", {3: 1.0, 4: 1.0, 5: 1.0}),  # today's default (POOLED_BLOCKS)
    Variant("+block5x0.5", {5: 0.5}),
    Variant("+blocks3-5 whitened 0.8", {3: 1.0, 4: 1.0, 5: 1.0}, shrink=0.8),
    Variant("+blocks3-5 whitened 0.9", {3: 1.0, 4: 1.0, 5: 1.0}, shrink=0.9),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ridges", type=float, nargs="+", default=[1.0, 2.0, 3.0], help="ridge strengths to fit")
    parser.add_argument("--variants", nargs="+", default=None, choices=[v.name for v in VARIANTS],
                        help="feature variants (default: all)")


def encode(judge, images: list, variant: Variant) -> np.ndarray:
    """The features of `images` (parts: `judge.feature_segments`): pre-logits then pooled blocks 3-5 (for a
    variant with `flip`, averaged with the mirror image's)."""
    import torch

    from paint_pipeline.reward.judges import pretrained_models

    out = []
    for start in range(0, len(images), 32):
        x = torch.from_numpy(pretrained_models.image_batch(images[start : start + 32], variant.side))
        views = [x, torch.flip(x, dims=[3])] if variant.flip else [x]
        with torch.inference_mode():
            out.append(sum(pretrained_models.image_features(judge.model, v).numpy() for v in views) / len(views))
    return np.concatenate(out)


def map_features(features: np.ndarray, segments: tuple[int, ...], variant: Variant) -> np.ndarray:
    """The parts the variant reads, each normalised and weighted, side by side (the map normalises the row)."""
    from paint_pipeline.reward.judges.pretrained_models import POOLED_BLOCKS
    from paint_pipeline.reward.judges.procedural_map import normalised, split_segments

    parts = split_segments(features, segments)
    pooled = dict(zip(POOLED_BLOCKS, parts[1:]))
    return np.concatenate([normalised(parts[0])] + [w * normalised(pooled[b]) for b, w in variant.blocks.items()],
                          axis=1)


def whiten(fitted, features: np.ndarray, embeddings: np.ndarray, shrink: float):
    """The map scored through the inverse of the fitting paintings' within-prompt covariance (what the map does
    not explain), shrunk toward a scaled identity: directions in which paintings of one prompt vary anyway
    (the generator's seeds) count less, those that tell prompts apart more."""
    from dataclasses import replace

    from paint_pipeline.reward.judges.procedural_map import map_input

    expected = np.asarray(embeddings, np.float64) @ fitted.to_features
    residual = map_input(features, fitted.segments) - fitted.mean - expected
    covariance = residual.T @ residual / len(residual)
    d = covariance.shape[0]
    shrunk = (1 - shrink) * covariance + shrink * np.trace(covariance) / d * np.eye(d)
    return replace(fitted, to_features=np.linalg.solve(shrunk, fitted.to_features.T).T)  # shrunk is symmetric


def labelled_sets(client, folder: Path) -> dict[str, tuple[list[str], list]]:
    """name -> (prompts, images) of the validation prompts' procedural paintings and of the bench matrix set."""
    from paint_pipeline.pipeline.judge_map import procedural_matrix_set
    from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET, load_matrix_set, render_set

    out = {}
    for name, path in (("validation", procedural_matrix_set(PROMPTS_DIR / "validation.jsonl", folder)),
                       ("bench", MATRIX_SET)):
        paintings = load_matrix_set(path)
        print(f"rendering {len(paintings)} paintings of {path.name} ...", flush=True)
        renders = render_set(client, paintings)
        out[name] = ([p.prompt for p in paintings], [decode_png(r.png) for r in renders])
    return out


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.judge_map import fitting_pairs, render_fitting_set
    from paint_pipeline.render.service import RendererService
    from paint_pipeline.reward.calibration.judge_matrix import matrix_metrics
    from paint_pipeline.reward.judges.pretrained import PretrainedJudge, z_against
    from paint_pipeline.reward.judges.procedural_map import fit_map

    judge = PretrainedJudge(procedural=False)
    pairs = fitting_pairs()
    variants = [v for v in VARIANTS if args.variants is None or v.name in args.variants]
    with RendererService(None) as client, tempfile.TemporaryDirectory(prefix="judge-map-variants-") as folder:
        renders = render_fitting_set(client, pairs)
        sets = labelled_sets(client, Path(folder))
    fitting_images = [decode_png(r.png) for r in renders]
    embeddings = judge.text.encode([prompt for prompt, _ in pairs])
    reference = judge.reference_embeddings
    texts = {name: judge.text.encode(prompts) for name, (prompts, _) in sets.items()}
    print(f"\nthe procedural map's part alone, fitted on {len(pairs)} paintings; pairwise / rank-1 of 10, "
          f"image -> prompt | prompt -> image")
    print(f"{'variant':34} {'ridge':>5}  " + "  ".join(f"{name:^31}" for name in sets))
    # The images' features depend only on how a variant looks at them (mirror, input size), not on the parts it
    # reads or on whitening: each way is encoded once and shared by the variants that use it.
    encoded: dict[tuple[bool, int], tuple[np.ndarray, dict[str, np.ndarray]]] = {}
    segments = judge.feature_segments
    for variant in variants:
        view = (variant.flip, variant.side)
        if view not in encoded:
            encoded[view] = (encode(judge, fitting_images, variant),
                             {name: encode(judge, images, variant) for name, (_, images) in sets.items()})
        fitting = map_features(encoded[view][0], segments, variant)
        read = {name: map_features(features, segments, variant) for name, features in encoded[view][1].items()}
        for ridge in args.ridges:
            fitted = fit_map(fitting, embeddings, ridge=ridge)
            if variant.shrink:
                fitted = whiten(fitted, fitting, embeddings, variant.shrink)
            cells = []
            for name, features in read.items():
                z = z_against(fitted.scores(features, texts[name]), fitted.scores(features, reference))
                ways = matrix_metrics(z).values()
                cells.append(" | ".join(f"{w.pairwise[0]:.3f} / {w.rank1[0]:.3f}" for w in ways))
            print(f"{variant.name:34} {ridge:5g}  " + "  ".join(f"{c:^31}" for c in cells), flush=True)
    print(f"\n{len(variants)} feature variants x {len(args.ridges)} ridge strengths; today's map: pooled blocks "
          f"3-5 (`pretrained_models.POOLED_BLOCKS`) at the ridge of `procedural_map.RIDGE`")
    return 0
