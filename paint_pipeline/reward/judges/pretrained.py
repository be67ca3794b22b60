"""The pretrained offline judge: what an ImageNet classifier sees in the image, read against the prompt.

No CLIP weights exist offline, but an ImageNet classifier (EfficientNet-Lite0) and a sentence embedder
(all-MiniLM-L6-v2) do (`pretrained_models.py`). They meet through the 1000 ImageNet class names, two ways:
- **classes seen**: the image's class probabilities (softened, temperature `TEMPERATURE`) weight how close
  each class name is to the prompt in MiniLM space (similarities standardised per prompt over the classes,
  so a prompt that is near everything is not favoured): "does the image show things the prompt talks about?"
- **mapped prompt**: a ridge regression from class-name embeddings to the classifier's own weight rows turns
  the prompt's embedding into a classifier row of its own, scored against the image's pre-logit features
  (zero-shot transfer through the classifier's geometry: it reaches prompts far from any class name).
- **procedural map** (`procedural_map.py`, when fitted): a ridge map from the prompt's embedding to the
  features of the paintings the project's procedural generator makes for such prompts.
Each is standardised per image against a fixed reference set of prompts (the train split), so the score says
how much better this prompt fits the image than prompts in general do: an image that fits every prompt
(a hack's aim) gains nothing. The judge's number is the mean of the first two z-scores; with a procedural map,
that mean (weight `CLASS_NAMES_SHARE`) and the map's z-score are averaged and the result standardised again
against the reference prompts (so it stays a z-score). Without a fitted map the judge is the two-part one, and its name
says which (`JUDGE_NAME`, plus the map's inputs key).

`JudgeAlignment` combines that with the palette-and-shape backend (`judges/offline.py`): both are
standardised with fixed constants and averaged (the image side); with a fitted map, that is read against the
same prompt's scores of the map's reference paintings (the prompt side, `prompt_side.py`), then squashed to
[0, 1] (0.5 = fits this prompt no better than a typical painting does). Every choice here was measured on the
painting x prompt matrix (`paint-pipeline calibrate --matrix`); docs/experiments.md lists the variants tried.

It is not CLIP: ImageNet has no "painting of a sunset", so it reads textures and objects (a stormy sea can
look like a tile roof) and knows words only as MiniLM does.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

from paint_pipeline.paths import PROMPTS_DIR
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.judges import pretrained_models, procedural_map
from paint_pipeline.reward.judges.offline import OfflineAlignment
from paint_pipeline.reward.judges.prompt_side import PromptSide, standardise

JUDGE_NAME = "effnet-lite0-imagenet+minilm-l6-v2"
TEMPERATURE = 4.0  # softens the classifier: paintings are out of its domain, its top class is rarely right
CLASS_TEMPLATE = "a painting of a {}"  # for the mapped prompt; the classes-seen part uses the bare names
RIDGE = 3.0
# The class-name parts' weight beside the procedural map: chosen on the validation prompts' procedural paintings
# among 0, 0.25, 0.5 and 0.75 (`calibrate --matrix --procedural-set validation --class-names-shares ...`).
CLASS_NAMES_SHARE = 0.25
JUDGE_SHARE = 0.5
# Palette scores over the bench matrix (every painting under every prompt): mean and spread, to standardise.
PALETTE_MEAN, PALETTE_STD = 0.36, 0.30
# The palette can sink a painting that lacks the asked-for colours but lift it only so far: a chart of the
# prompt's colours is a perfect palette and a picture of nothing.
PALETTE_Z_CAP = 1.0
SQUASH = 2.5  # logistic slope on the combined z-score: alignment must outweigh the other tiers' spread
REFERENCE_PROMPTS = PROMPTS_DIR / "train.jsonl"

def _zscore_rows(x: np.ndarray) -> np.ndarray:
    return (x - x.mean(axis=1, keepdims=True)) / (x.std(axis=1, keepdims=True) + 1e-9)


def _softmax(logits: np.ndarray, temperature: float) -> np.ndarray:
    x = logits / temperature
    x = x - x.max(axis=1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=1, keepdims=True)


def backend_name(judge_name: str, reference_paintings: int = 0) -> str:
    """The offline default's name: the judge's (with its map's key), the prompt side's size, the palette."""
    side = f"+refs{reference_paintings}" if reference_paintings else ""
    return f"offline-judge:{judge_name}{side}+palette-v1"


def z_against(raw: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Scores as z-scores per image (row) against the same image's scores under the reference prompts."""
    return (raw - reference.mean(axis=1, keepdims=True)) / (reference.std(axis=1, keepdims=True) + 1e-9)


def load_reference_prompts(path: Path = REFERENCE_PROMPTS) -> list[str]:
    prompts = [json.loads(line)["prompt"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if len(prompts) < 20:
        raise ValueError(f"{path}: the judge's reference set needs at least 20 prompts, found {len(prompts)}")
    return prompts


class PretrainedJudge:
    """Image vectors (class probabilities and features) once per image; prompt scores as z-scores per image.

    `procedural`: the fitted procedural map to use; by default the one fitted for the current inputs, if any
    (`procedural_map.load_map`); False: none."""

    def __init__(self, batch_size: int = 32, procedural: procedural_map.ProceduralMap | None | bool = None) -> None:
        import torch

        self._torch = torch
        self.batch_size = batch_size
        self.model = pretrained_models.load_image_classifier()
        self.text = pretrained_models.TextEncoder()
        self.class_names = [n[0] for n in pretrained_models.imagenet_class_names()]
        reference = load_reference_prompts()
        arrays = self._text_side(reference)
        self._class_embeddings, self._text_to_row = arrays["class_embeddings"], arrays["text_to_row"]
        self._reference = (arrays["reference_sims"], arrays["reference_rows"])
        self.reference_embeddings = arrays["reference_embeddings"]
        # The image features: the pre-logits (what the class-name parts read), then pooled middle blocks (the map's).
        self.feature_segments = pretrained_models.feature_segments(self.model)
        self._head = self.feature_segments[0]
        if procedural is None:
            procedural = procedural_map.load_map(text_dim=self._class_embeddings.shape[1],
                                                 segments=self.feature_segments)
        self.procedural = procedural or None
        self.name = JUDGE_NAME + (f"+{self.procedural.name}" if self.procedural else "")
        self.class_names_share = CLASS_NAMES_SHARE
        self.images_encoded = 0
        self.image_seconds = 0.0

    def _text_side(self, reference: list[str]) -> dict[str, np.ndarray]:
        """Class-name embeddings, the ridge map and the reference prompts' parts: computed once, then cached.

        Encoding 2,000 class texts takes seconds on two cores; the cache key covers the weight files, the
        templates, the ridge strength and the reference prompts, so any change computes them again.
        """
        key = hashlib.sha256(json.dumps({
            "image": pretrained_models.file_key(pretrained_models.image_weights_path()),
            "text": pretrained_models.file_key(pretrained_models.text_model_dir() / pretrained_models.TEXT_MARKER),
            "template": CLASS_TEMPLATE, "ridge": RIDGE, "classes": self.class_names, "reference": reference,
            "arrays": 2,  # 2: the reference prompts' embeddings are kept too
        }, sort_keys=True).encode()).hexdigest()[:16]
        path = pretrained_models.cache_dir() / f"judge-text-{key}.npz"
        if path.is_file():
            try:
                with np.load(path, allow_pickle=False) as z:
                    return {k: z[k] for k in z.files}
            except (OSError, ValueError):
                pass  # a damaged cache file is recomputed and replaced
        bare = self.text.encode(self.class_names)
        templated = self.text.encode([CLASS_TEMPLATE.format(n) for n in self.class_names]).astype(np.float64)
        weights = self.model.get_classifier().weight.detach().numpy().astype(np.float64)
        to_row = np.linalg.solve(templated.T @ templated + RIDGE * np.eye(templated.shape[1]), templated.T @ weights)
        self._class_embeddings, self._text_to_row = bare, to_row.astype(np.float32)
        sims, rows, embeddings = self._prompt_parts(reference)
        arrays = {"class_embeddings": bare, "text_to_row": self._text_to_row, "reference_sims": sims,
                  "reference_rows": rows, "reference_embeddings": embeddings}
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **arrays)
        os.replace(tmp, path)
        return arrays

    def _prompt_parts(self, prompts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per prompt: standardised similarity to each class (n, 1000), its mapped classifier row (n, d) and its
        embedding (n, e)."""
        e = self.text.encode(prompts)
        return _zscore_rows(e @ self._class_embeddings.T), e @ self._text_to_row, e

    def encode_images(self, images: list) -> tuple[np.ndarray, np.ndarray]:
        """(class probabilities at TEMPERATURE, image features: `pretrained_models.image_features`) of RGB PIL
        images."""
        torch = self._torch
        started = time.perf_counter()
        feats = []
        for start in range(0, len(images), self.batch_size):
            x = torch.from_numpy(pretrained_models.image_batch(images[start : start + self.batch_size]))
            with torch.inference_mode():
                f = pretrained_models.image_features(self.model, x)
            feats.append(f.numpy())
        vectors = self.vectors_from_features(np.concatenate(feats))
        self.images_encoded += len(images)
        self.image_seconds += time.perf_counter() - started
        return vectors

    def vectors_from_features(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(class probabilities at TEMPERATURE, the features) from image features (the classifier is linear in
        their pre-logit part)."""
        torch = self._torch
        head = np.ascontiguousarray(np.asarray(features)[:, : self._head], dtype=np.float32)
        with torch.inference_mode():
            logits = self.model.get_classifier()(torch.from_numpy(head))
        return _softmax(logits.double().numpy(), TEMPERATURE), np.asarray(features, dtype=np.float32)

    def score_parts(self, prompts: list[str], vectors: tuple[np.ndarray, np.ndarray]) -> dict[str, np.ndarray]:
        """z-scores (n_images, n_prompts) of each part and of the judge: "classes" (the mean of classes seen and
        mapped prompt), "procedural map" (when fitted) and "judge" (what `score_matrix` returns)."""
        probs, feats = vectors
        sims, rows, embeddings = self._prompt_parts(prompts)
        ref_sims, ref_rows = self._reference
        head = feats[:, : self._head]
        pairs = [(probs @ sims.T, probs @ ref_sims.T), (head @ rows.T, head @ ref_rows.T)]
        classes = sum(z_against(raw, ref) for raw, ref in pairs) / 2
        if self.procedural is None:
            return {"classes": classes, "judge": classes}
        # The reference prompts scored like the prompts: the combination is standardised against them again.
        classes_ref = sum(z_against(ref, ref) for _, ref in pairs) / 2
        mapped = self.procedural.scores(feats, embeddings)
        mapped_ref = self.procedural.scores(feats, self.reference_embeddings)
        mapped_z, mapped_ref_z = z_against(mapped, mapped_ref), z_against(mapped_ref, mapped_ref)
        w = self.class_names_share
        judge = z_against(w * classes + (1 - w) * mapped_z, w * classes_ref + (1 - w) * mapped_ref_z)
        return {"classes": classes, "procedural map": mapped_z, "judge": judge}

    def with_class_names_share(self, share: float) -> PretrainedJudge:
        """The same judge (its models and map shared, not copied) with another weight on the class-name parts:
        what `calibrate --matrix --class-names-shares` compares."""
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"class-names share must lie in [0, 1], got {share}")
        other = copy.copy(self)
        other.class_names_share = share
        return other

    def score_matrix(self, prompts: list[str], vectors: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """The judge's z-scores (n_images, n_prompts): each prompt against the reference prompts, per image."""
        return self.score_parts(prompts, vectors)["judge"]

    def top_classes(self, probs: np.ndarray, k: int = 2) -> list[str]:
        """The classifier's top classes with their untempered probabilities (the judge uses softened ones)."""
        plain = probs ** TEMPERATURE
        plain = plain / plain.sum()
        order = np.argsort(-plain)[:k]
        return [f"{self.class_names[i]} {plain[i]:.2f}" for i in order]


@lru_cache(maxsize=1)
def load_judge() -> PretrainedJudge:
    """One judge per process: its models are read-only, and scorers (tests, assets, benchmarks) share it."""
    return PretrainedJudge()


def combined_z(judge_z: float, palette: float, palette_neutral: bool) -> float:
    """The judge's z-score and the palette score, standardised with fixed constants and averaged."""
    if palette_neutral:  # the palette backend knows no word of the prompt: the judge alone decides
        return judge_z
    palette_z = min(PALETTE_Z_CAP, (palette - PALETTE_MEAN) / PALETTE_STD)
    return JUDGE_SHARE * judge_z + (1 - JUDGE_SHARE) * palette_z


def squash(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-SQUASH * z))


def final_alignment(combined: float, prompt_stats: tuple[float, float] | None) -> float:
    """A combined z-score -> the alignment in [0, 1]: read against its prompt's reference paintings (their mean
    and spread, `PromptSide.stats`) when the map keeps them, then squashed."""
    return squash(float(standardise(combined, *prompt_stats)) if prompt_stats is not None else combined)


def combine(judge_z: float, palette: float, palette_neutral: bool) -> float:
    """The image side alone -> one alignment in [0, 1] (0.5: no better than prompts in general)."""
    return squash(combined_z(judge_z, palette, palette_neutral))


class JudgeAlignment:
    """The offline default when the two wheels are installed: the pretrained judge and the palette, combined,
    and read against the prompt's reference paintings when the procedural map keeps them (`prompt_side.py`)."""

    def __init__(self, config: RewardConfig, judge: PretrainedJudge | None = None) -> None:
        self.config = config
        self.judge = judge or PretrainedJudge()
        self.palette = OfflineAlignment(config)
        reference = self.judge.procedural.reference if self.judge.procedural is not None else None
        self.prompt_side = PromptSide(self.judge, reference, config) if reference is not None else None
        self.name = backend_name(self.judge.name, self.prompt_side.size if self.prompt_side else 0)

    @property
    def image_seconds(self) -> float:
        return self.judge.image_seconds

    def _palette(self, prompt: str, render, features) -> tuple[float, str, bool]:
        palette, note = self.palette.score_one(prompt, render, features)
        return palette, note, note.startswith("no colour or shape word")

    def combined(self, judge_z: float, prompt: str, render, features) -> float:
        """The image side's combined z-score of one image under one prompt (what the prompt side reads)."""
        palette, _, neutral = self._palette(prompt, render, features)
        return combined_z(judge_z, palette, neutral)

    def score(self, prompts, renders, features, images) -> list[tuple[float, str, None]]:
        if not images:
            return []
        row = {}  # an image shared by several samples (one picture under several prompts) is encoded once
        for im in images:
            row.setdefault(id(im), len(row))
        distinct = list({id(im): im for im in images}.values())
        probs, feats = self.judge.encode_images(distinct)
        unique = list(dict.fromkeys(prompts))
        column = {p: j for j, p in enumerate(unique)}
        parts = self.judge.score_parts(unique, (probs, feats))
        stats = self.prompt_side.stats(unique, self.combined) if self.prompt_side is not None else {}
        out = []
        for image, prompt, render, f in zip(images, prompts, renders, features):
            palette, palette_note, neutral = self._palette(prompt, render, f)
            i, j = row[id(image)], column[prompt]
            judge_z = float(parts["judge"][i, j])
            z = combined_z(judge_z, palette, neutral)
            seen = f"sees {', '.join(self.judge.top_classes(probs[i]))}"
            reading = (f"class names {parts['classes'][i, j]:+.2f}: {seen}; procedural map "
                       f"{parts['procedural map'][i, j]:+.2f}" if "procedural map" in parts else seen)
            explanation = (f"judge z {judge_z:+.2f} vs reference prompts ({reading})"
                           f"; palette {palette:.2f}{' (neutral: not used)' if neutral else ''} ({palette_note})")
            if prompt in stats:
                mean, spread = stats[prompt]
                explanation += (f"; combined {z:+.2f} against this prompt's {self.prompt_side.size} reference "
                                f"paintings' {mean:+.2f} ± {spread:.2f}")
            out.append((final_alignment(z, stats.get(prompt)), explanation, None))
        return out
