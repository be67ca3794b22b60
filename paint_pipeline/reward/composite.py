"""The composite reward: every tier for a batch of samples, and the total.

Batch first: images are analysed once and shared by the image tiers, and the
alignment backend sees the whole batch (CLIP encodes the images in batches and
uses the batch's other prompts as negatives; the text detector reads the
same decoded images). A failed render scores 0 on every image-based tier; so
does a blank canvas on alignment, brush and aesthetic.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from contextlib import contextmanager
from typing import Sequence

from paint_pipeline.progress import progress_bar
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageDecodeError, analyse, decode_png
from paint_pipeline.reward.judges.text_detector import make_text_detector
from paint_pipeline.reward.scorecard import Sample, Scorecard, TierScore
from paint_pipeline.reward.tiers import alignment as alignment_tier
from paint_pipeline.reward.tiers.aesthetic import score_aesthetic
from paint_pipeline.reward.tiers.brush import score_brush
from paint_pipeline.reward.tiers.compile_gate import score_compile
from paint_pipeline.reward.tiers.richness import score_richness
from paint_pipeline.reward.version import reward_version

log = logging.getLogger(__name__)


class RewardScorer:
    """Scores samples; holds the alignment backend (and its text cache) and the text detector across batches."""

    def __init__(self, config: RewardConfig | None = None, backend=None) -> None:
        self.config = config or RewardConfig()
        # Before the backend: a missing detector package fails here, naming it, before anything slow starts.
        self.text_detector = make_text_detector(self.config)
        self.backend = backend if backend is not None else alignment_tier.make_backend(self.config)
        self.head = None
        if self.config.aesthetic_head:
            from paint_pipeline.reward.judges.learned_head import AestheticHeadError, LearnedAestheticHead

            if not hasattr(self.backend, "encode_images"):
                raise AestheticHeadError("aesthetic_head needs a CLIP alignment backend (it scores CLIP embeddings)")
            self.head = LearnedAestheticHead(self.config.aesthetic_head)
        self.version = reward_version(self.config, self.backend_name,
                                      self.text_detector.name if self.text_detector is not None else None)
        # Seconds spent per stage since creation (the benchmark reads them; logs can too).
        self.seconds: dict[str, float] = defaultdict(float)
        self.images_scored = 0

    @contextmanager
    def _timed(self, stage: str):
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[stage] += time.perf_counter() - start

    @property
    def backend_name(self) -> str:
        return self.backend.name + ("+aesthetic-head" if self.config.aesthetic_head else "")

    def score(self, samples: Sequence[Sample], *, progress: bool = False) -> list[Scorecard]:
        cfg = self.config
        compile_scores, flags = [], []
        with self._timed("compile"):
            for s in samples:
                tier, f = score_compile(s.render, cfg)
                compile_scores.append(tier)
                flags.append(list(f))

        # Each PNG is decoded and analysed once, and the analysis and the alignment backend share the decoded
        # image; samples that share one render object (one picture scored under several prompts, as the
        # calibration reports do) share its image too.
        images, features = {}, {}
        first_of: dict[int, int] = {}
        for i, s in enumerate(progress_bar(samples, desc="analysing images", enabled=progress, leave=False)):
            if s.render.status != "SUCCESS":
                continue
            if not s.render.png:
                raise ValueError(f"sample {s.sample_id or i}: status SUCCESS but no image")
            first = first_of.setdefault(id(s.render), i)
            if first != i:
                images[i], features[i] = images[first], features[first]
                continue
            with self._timed("decode"):
                try:
                    images[i] = decode_png(s.render.png)
                except ImageDecodeError as exc:
                    raise ImageDecodeError(f"sample {s.sample_id or i}: {exc}") from None
            with self._timed("analysis"):
                features[i] = analyse(images[i], cfg.analysis_size, cfg.background_delta_e)
        self.images_scored += len(features)

        # The text detector reads every rendered image (the hooks miss text drawn by routes they do not see).
        findings = {}
        if self.text_detector is not None and images:
            with self._timed("text_detector"):
                distinct = sorted(set(first_of.values()))
                found = dict(zip(distinct, self.text_detector.detect([images[i] for i in distinct])))
                findings = {i: found[first_of[id(samples[i].render)]] for i in images}

        # Richness first: its detectors (noise, stripes) also decide alignment and cap the aesthetic.
        richness: dict[int, TierScore] = {}
        defects: dict[int, tuple[str, ...]] = {}
        with self._timed("richness"):
            for i, f in features.items():
                richness[i], fl = score_richness(f, samples[i].prompt, cfg)
                defects[i] = tuple(fl)
                flags[i].extend(fl)

        # Alignment: text writers are refused; blank canvases and noise earn nothing; the rest go to the
        # backend at once.
        alignment: dict[int, TierScore] = {}
        embeddings: dict[int, object] = {}
        to_backend = []
        for i, f in features.items():
            render = samples[i].render
            cheats = alignment_tier.text_cheat_flags(render, findings.get(i))
            if f.coverage < cfg.min_coverage:
                flags[i].append("blank_canvas")
            if cheats:
                flags[i].extend(cheats)
                alignment[i] = alignment_tier.refused_for_text(render, cfg, findings.get(i))
            elif f.coverage < cfg.min_coverage:
                alignment[i] = TierScore("alignment", 0.0, cfg.w_alignment,
                                         f"nothing painted ({f.coverage:.1%} of the canvas): no alignment credit")
            elif "noise" in defects[i]:
                alignment[i] = TierScore("alignment", 0.0, cfg.w_alignment,
                                         "NOISE is not a painting of anything: no alignment credit")
            else:
                to_backend.append(i)
        if to_backend:
            with self._timed("alignment"):
                results = self.backend.score(
                    [samples[i].prompt for i in to_backend], [samples[i].render for i in to_backend],
                    [features[i] for i in to_backend], [images[i] for i in to_backend],
                )
            for i, (score, explanation, embedding) in zip(to_backend, results):
                alignment[i] = TierScore("alignment", float(min(1.0, max(0.0, score))), cfg.w_alignment, explanation)
                embeddings[i] = embedding
        learned = {}
        if self.head is not None and embeddings:
            import numpy as np

            with self._timed("aesthetic"):
                keys = list(embeddings)
                for i, value in zip(keys, self.head(np.stack([embeddings[k] for k in keys]))):
                    learned[i] = float(value)

        cards = []
        for i, s in enumerate(samples):
            tiers = {"compile": compile_scores[i]}
            if i in features:
                f = features[i]
                tiers["alignment"] = alignment[i]
                tiers["richness"] = richness[i]
                with self._timed("brush"):
                    tiers["brush"], fl = score_brush(s.render, f, cfg)
                flags[i].extend(fl)
                with self._timed("aesthetic"):
                    tiers["aesthetic"], fl = score_aesthetic(f, s.prompt, cfg, learned.get(i), defects[i])
                flags[i].extend(fl)
            else:
                why = f"not scored: the render failed ({s.render.status})"
                for name in ("alignment", "richness", "brush", "aesthetic"):
                    tiers[name] = TierScore(name, 0.0, getattr(cfg, f"w_{name}"), why)
            cards.append(Scorecard(
                sample_id=s.sample_id, prompt=s.prompt, status=s.render.status, tiers=tiers,
                flags=tuple(dict.fromkeys(flags[i])), alignment_backend=self.backend_name,
                reward_version=self.version,
            ))
        return cards
