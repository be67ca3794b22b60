"""The CLIP alignment backend (open_clip): does this image match its prompt better than the alternatives?

Raw cosine similarity rewards whatever CLIP finds generally "image-like", so
each image is compared with hard negatives instead: the other prompts of its
batch and neutral captions (a blank canvas, noise, stripes, text). The score
is the mean of sigmoid(sharpness * (cos(image, prompt) - cos(image, negative)))
over the negatives, split between the neutral captions and the batch prompts
by `neutral_share`: 0.5 means "no better than the alternatives", near 1 means
"clearly this prompt".

Images go through CLIP in batches; text embeddings are cached (LRU), so a
prompt or caption already seen is never encoded again.
"""

from __future__ import annotations

import math
import os
import time
from collections import OrderedDict
from pathlib import Path

import numpy as np

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.reward.config import RewardConfig


class ClipLoadError(PaintPipelineError, RuntimeError):
    """The configured CLIP weights could not be loaded."""


HUB_HOST = "huggingface.co"
HUB_WEIGHT_FILES = ("open_clip_model.safetensors", "open_clip_pytorch_model.bin")


def _hub_reachable(timeout_s: float = 3.0) -> bool:
    import socket

    try:
        socket.create_connection((HUB_HOST, 443), timeout=timeout_s).close()
        return True
    except OSError:
        return False


def check_weights_available(model: str, weights: str) -> None:
    """Fails fast, naming the tag, when a pretrained tag is neither cached nor downloadable.

    Without this, an offline machine spends about a minute in huggingface_hub's
    retries before open_clip gives up.
    """
    import open_clip

    if weights == "random-init" or os.path.isfile(weights) or model.startswith("local-dir:"):
        return
    if os.sep in weights or weights.endswith((".pt", ".pth", ".bin", ".safetensors")):
        raise ClipLoadError(f"CLIP checkpoint file {weights!r} does not exist")
    if os.environ.get("HF_HUB_OFFLINE") not in (None, "", "0") or not _hub_reachable():
        cfg = open_clip.get_pretrained_cfg(model, weights) if not model.startswith("hf-hub:") else {}
        repo = (cfg or {}).get("hf_hub", "").strip("/") or model.removeprefix("hf-hub:")
        if repo:
            from huggingface_hub import try_to_load_from_cache

            if any(isinstance(try_to_load_from_cache(repo, f), str) for f in HUB_WEIGHT_FILES):
                return  # cached: open_clip will find it
        raise ClipLoadError(
            f"CLIP weights {weights!r} for {model!r} are not cached and the hub ({HUB_HOST}) cannot be reached. "
            "Point clip_weights at a local checkpoint file, or use alignment_backend='offline'."
        )


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


class ClipAlignment:
    def __init__(self, config: RewardConfig) -> None:
        import open_clip  # heavy: imported only when CLIP is used
        import torch

        self.config = config
        self._torch = torch
        weights = config.clip_weights
        random_init = weights == "random-init"
        pretrained = None if random_init or config.clip_model.startswith(("hf-hub:", "local-dir:")) else weights
        check_weights_available(config.clip_model, weights)
        try:
            model, _, preprocess = open_clip.create_model_and_transforms(
                config.clip_model, pretrained=pretrained, device=config.clip_device
            )
            self.tokenizer = open_clip.get_tokenizer(config.clip_model)
        except Exception as exc:  # open_clip raises RuntimeError, OSError, HF errors...
            raise ClipLoadError(
                f"cannot load CLIP {config.clip_model!r} with weights {weights!r}: {exc}. "
                "Offline, point clip_weights at a local checkpoint file, or use alignment_backend='offline'."
            ) from exc
        model.eval()
        self.model = model
        self.preprocess = preprocess
        source = "random-init" if random_init else (Path(weights).name if os.path.isfile(weights) else weights)
        self.name = f"clip:{config.clip_model}:{source}"
        self._text_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.texts_encoded = 0  # how many texts went through the text tower (the cache's counter)
        self.images_encoded = 0
        self.image_seconds = 0.0  # time in encode_images (preprocessing + image tower)

    # --- embeddings ----------------------------------------------------------------------------
    def encode_texts(self, texts: list[str]) -> np.ndarray:
        """L2-normalised embeddings, from the cache where possible; unseen texts go in one batch."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._text_cache))
        if missing:
            torch = self._torch
            with torch.inference_mode():
                tokens = self.tokenizer(missing).to(self.config.clip_device)
                emb = self.model.encode_text(tokens).float()
                emb = torch.nn.functional.normalize(emb, dim=-1).cpu().numpy()
            self.texts_encoded += len(missing)
            for text, e in zip(missing, emb):
                self._text_cache[text] = e
        out = []
        for text in texts:
            self._text_cache.move_to_end(text)
            out.append(self._text_cache[text])
        while len(self._text_cache) > self.config.text_cache_size:
            self._text_cache.popitem(last=False)
        return np.stack(out) if out else np.zeros((0, 0), dtype=np.float32)

    def encode_images(self, images: list) -> np.ndarray:
        """L2-normalised embeddings of RGB PIL images, `clip_batch_size` per forward pass."""
        torch = self._torch
        started = time.perf_counter()
        chunks = []
        for start in range(0, len(images), self.config.clip_batch_size):
            batch = [self.preprocess(im) for im in images[start : start + self.config.clip_batch_size]]
            with torch.inference_mode():
                emb = self.model.encode_image(torch.stack(batch).to(self.config.clip_device)).float()
                chunks.append(torch.nn.functional.normalize(emb, dim=-1).cpu().numpy())
        self.images_encoded += len(images)
        self.image_seconds += time.perf_counter() - started
        return np.concatenate(chunks) if chunks else np.zeros((0, 0), dtype=np.float32)

    # --- scoring -------------------------------------------------------------------------------
    def score(self, prompts, renders, features, images) -> list[tuple[float, str, np.ndarray]]:
        """(score, explanation, image embedding) per image (RGB PIL images, decoded once by the scorer)."""
        if not images:
            return []
        cfg = self.config
        images = self.encode_images(list(images))
        unique_prompts = list(dict.fromkeys(prompts))
        captions = list(cfg.neutral_captions)
        text = self.encode_texts(unique_prompts + captions)
        prompt_emb = {p: text[i] for i, p in enumerate(unique_prompts)}
        caption_emb = text[len(unique_prompts) :]
        out = []
        for image, prompt in zip(images, prompts):
            own = float(image @ prompt_emb[prompt])
            neutral_sims = caption_emb @ image
            neutral = float(_sigmoid(cfg.clip_sharpness * (own - neutral_sims)).mean())
            others = [p for p in unique_prompts if p != prompt]
            closest = int(np.argmax(neutral_sims))
            explanation = (f"CLIP cos {own:.3f} with the prompt; beats neutral captions {neutral:.2f} "
                           f"(closest {captions[closest]!r} {neutral_sims[closest]:.3f})")
            if others:
                other_sims = np.stack([prompt_emb[p] for p in others]) @ image
                versus = float(_sigmoid(cfg.clip_sharpness * (own - other_sims)).mean())
                score = cfg.neutral_share * neutral + (1 - cfg.neutral_share) * versus
                best = int(np.argmax(other_sims))
                explanation += (f", beats {len(others)} other prompts {versus:.2f} "
                                f"(closest {others[best][:40]!r} {other_sims[best]:.3f})")
            else:
                score = neutral
            if not math.isfinite(score):
                raise ValueError(f"CLIP produced a non-finite alignment for prompt {prompt!r}")
            out.append((score, explanation, image))
        return out
