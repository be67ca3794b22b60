"""An offline text detector run on the final image: the backstop to the renderer's text hooks.

The renderer counts `text()`/`fillText` calls and text put into the page, but a
sketch can get words onto the canvas by routes no hook sees: an SVG `<text>`
drawn as an image, text drawn in another context and copied over, letters built
stroke by stroke. CLIP reads such words well, so the alignment tier also looks
for text in the pixels themselves.

The model is PP-OCRv4 (a DB text detector, an angle classifier for upside-down
lines and a CRNN recogniser) as ONNX files inside the `rapidocr-onnxruntime`
wheel, run by ONNX Runtime on the CPU: nothing is downloaded. Each image is
upscaled so that its short side is `DETECTION_SIDE` before detection: at 2x the
detector also finds 6 px text and words over a busy painting, which it misses
at 1x. Every box it proposes is read; a box counts as text when its recognition
confidence reaches `threshold` and it reads at least `min_chars` ASCII letters
or digits (textures read as single letters: a ring as "O" at 0.8, a bamboo
stalk as "T"). `paint-pipeline analyze text-detector` renders honest paintings
and text sketches (every route: text(), fillText, an SVG <text> drawn as an
image, a second canvas, letters of lines, rects and p5.brush strokes) and
prints detection and false-positive rates per setting; its last run is in
docs/experiments.md. Dark words written over a dense tangle of dark strokes
can escape it; the hooks still catch those when they come from text().
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from paint_pipeline.errors import PaintPipelineError

PACKAGE = "rapidocr-onnxruntime"  # the PyPI name: what to install
MODULE = "rapidocr_onnxruntime"  # what it is imported as
DETECTION_SIDE = 512  # short side (px) the image is resized to before detection; renders are 256 px
EXPLANATION_CHARS = 60  # how much of the recognised text an explanation quotes


class TextDetectorUnavailable(PaintPipelineError, RuntimeError):
    """The detector is enabled but its package is missing or cannot be imported; the message names it."""


@dataclass(frozen=True)
class TextFinding:
    """What the detector read in one image."""

    texts: tuple[str, ...]  # strings of the boxes that count (see `judge`), top to bottom
    chars: int  # ASCII letters and digits in those strings
    boxes: int  # boxes that count
    best_confidence: float  # best recognition confidence over every proposed box (0 when none)
    found: bool  # the image contains text: at least one box counts
    ms: float  # time spent on this image
    candidates: tuple[tuple[str, float], ...] = ()  # every proposed box: (string, confidence)

    def describe(self) -> str:
        """'detected text "RED SUNSET" in 2 boxes, best confidence 0.93', for explanations."""
        text = " ".join(self.texts)
        text = "".join(c if c.isprintable() else " " for c in text).replace('"', "'")
        if len(text) > EXPLANATION_CHARS:
            text = text[: EXPLANATION_CHARS - 1] + "…"
        return f'detected text "{text}" in {self.boxes} box{"es" if self.boxes != 1 else ""}, ' \
               f"best confidence {self.best_confidence:.2f}"


def ascii_alnum(text: str) -> int:
    """ASCII letters and digits in a string: what a prompt written as text is made of. The recogniser also
    knows Chinese, which tangles of strokes can resemble; those reads are shown but not counted."""
    return sum(c.isascii() and c.isalnum() for c in text)


def judge(candidates: Sequence[tuple[str, float]], threshold: float, min_chars: int, ms: float = 0.0) -> TextFinding:
    """The finding for an image's proposed boxes (the calibration re-judges them without re-running the model).

    A box counts when it reads at `threshold` or above AND holds `min_chars` ASCII letters or digits itself:
    textures read as single letters ("O" for a ring, "T" for a bamboo stalk), and three rings must not add
    up to a word."""
    counted = tuple(text.strip() for text, conf in candidates if conf >= threshold and ascii_alnum(text) >= min_chars)
    best = max((conf for _, conf in candidates), default=0.0)
    return TextFinding(texts=counted, chars=sum(ascii_alnum(t) for t in counted), boxes=len(counted),
                       best_confidence=float(best), found=bool(counted), ms=ms, candidates=tuple(candidates))


def default_threads() -> int:
    """The cores this process may use, at most 4 (the models are small; more threads stop paying off)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores))


def require_package() -> None:
    """Imports the detector's package (and with it ONNX Runtime and OpenCV), or fails naming what to install."""
    try:
        import rapidocr_onnxruntime  # noqa: F401
    except ModuleNotFoundError as exc:
        if exc.name != MODULE:
            raise TextDetectorUnavailable(f"the text detector's package {PACKAGE!r} is installed but cannot be "
                                          f"imported: {exc}; reinstall it with `pip install {PACKAGE}`") from None
        raise TextDetectorUnavailable(
            f"the reward's text detector needs the {PACKAGE!r} package (PP-OCRv4 models for ONNX Runtime, "
            f"offline): install it with `pip install {PACKAGE}` (it is in the project's dependencies: "
            f"`make setup`), or set text_detector=false in the reward config to rely on the renderer's text "
            f"hooks alone") from None
    except ImportError as exc:  # typically OpenCV without the system's libGL.so.1
        raise TextDetectorUnavailable(
            f"the text detector's package {PACKAGE!r} cannot be imported: {exc} (OpenCV needs libGL.so.1: on "
            f"Debian `apt-get install libgl1`, which Debian's chromium already pulls in)") from None


class TextDetector:
    """Reads text in rendered images; the models load on the first `detect` call.

    `threshold` and `min_chars` are the reward config's `text_detector_threshold` and `text_detector_min_chars`
    (see `judge`); `threads` defaults to the cores this process may use (2 here), at most 4."""

    def __init__(self, threshold: float, min_chars: int, *, detection_side: int = DETECTION_SIDE,
                 threads: int | None = None) -> None:
        require_package()  # fail when the scorer is built, not in the middle of a cycle
        self.threshold = threshold
        self.min_chars = min_chars
        self.detection_side = detection_side
        self.threads = threads or default_threads()
        self._engine = None

    @property
    def name(self) -> str:
        """The model and its settings (part of the reward version)."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version(PACKAGE)
        except PackageNotFoundError:
            v = "unknown"
        return f"{PACKAGE}-{v}:PP-OCRv4:side{self.detection_side}"

    def _load(self):
        if self._engine is None:
            from rapidocr_onnxruntime import RapidOCR  # importable: checked in __init__

            # text_score=0 keeps every proposed box with its confidence: the threshold is applied in `judge`.
            # One intra-op pool of `threads` and no inter-op parallelism: the three models run one after another.
            self._engine = RapidOCR(
                text_score=0.0, print_verbose=False, use_cls=True,
                det_limit_side_len=self.detection_side, det_limit_type="min",
                intra_op_num_threads=self.threads, inter_op_num_threads=1,
            )
        return self._engine

    def read(self, image) -> list[tuple[str, float]]:
        """Every box the detector proposes in one RGB image (PIL image or HxWx3 uint8 array): (text, confidence)."""
        rgb = np.asarray(image)
        if rgb.ndim != 3 or rgb.shape[2] != 3:
            raise ValueError(f"the text detector takes RGB images (H x W x 3), got shape {rgb.shape}")
        bgr = np.ascontiguousarray(rgb[:, :, ::-1], dtype=np.uint8)  # the models were trained on OpenCV's BGR
        result, _ = self._load()(bgr)
        return [(str(text), float(conf)) for _box, text, conf in (result or [])]

    def detect(self, images: Sequence) -> list[TextFinding]:
        """One finding per image, in order (images are decoded RGB at the render size)."""
        self._load()  # outside the timing: the first call loads the models
        findings = []
        for image in images:
            start = time.perf_counter()
            candidates = self.read(image)
            ms = (time.perf_counter() - start) * 1000.0
            findings.append(judge(candidates, self.threshold, self.min_chars, ms))
        return findings


def make_text_detector(config) -> TextDetector | None:
    """The detector a reward config asks for, or None when `text_detector` is off."""
    if not config.text_detector:
        return None
    return TextDetector(config.text_detector_threshold, config.text_detector_min_chars)
