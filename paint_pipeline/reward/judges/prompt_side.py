"""The offline judge's prompt side: a prompt's score read against the same prompt's reference paintings.

The judge's z-score is the image side: how much better this prompt fits the image than the reference prompts
do, so a picture that fits every prompt gains nothing. It says nothing about the prompt: some prompts are easy
for the judge (any painting with a horizon fits "a still lake" a little; a warm palette fits "a sunset"), so an
average painting under them already scores well, and a painting made for another prompt can pass for theirs.
The prompt side standardises the combined score (judge and palette) of an image under a prompt against the
scores of the reference paintings under that prompt: one procedural painting of each reference prompt, kept in
the procedural map's file (`procedural_map.ReferencePaintings`). A score of 0 then means "fits this prompt as
well as a typical painting does", for every prompt alike.

Within one prompt it is an increasing affine map: it never reorders paintings of the same prompt (a GRPO
group), it sets how far alignment moves the total for that prompt and what a typical painting earns under it.
Its effect on the painting x prompt matrix was chosen on the validation prompts' procedural paintings and then
read on the bench (`paint-pipeline calibrate --matrix` prints both; docs/experiments.md).

Cost: a batch with new prompts decodes the reference paintings once, and the palette scores each of them under
every new prompt (a fraction of a second per prompt); each prompt's mean and spread are kept for the judge's
lifetime, so a prompt seen again costs nothing.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from paint_pipeline.render.client import RenderResult
from paint_pipeline.reward.config import RewardConfig
from paint_pipeline.reward.features import ImageFeatures, analyse, decode_png
from paint_pipeline.reward.judges.procedural_map import ReferencePaintings

# The combined score's typical spread over reference paintings: standardised scores are scaled back to it, so the
# judge's logistic keeps the slope it had on unstandardised scores.
REFERENCE_SPREAD = 0.6
SPREAD_FLOOR = 0.3  # a prompt under which every reference painting scores alike must not divide by ~0
MAX_PROMPTS_KEPT = 50_000  # prompts are a few hundred in practice; a bound keeps a long-lived scorer's memory flat

# (judge z, prompt, render, features) -> the combined z-score (judge and palette) that the prompt side reads.
CombinedScore = Callable[[float, str, RenderResult, ImageFeatures], float]


def standardise(combined: np.ndarray | float, mean: np.ndarray | float, spread: np.ndarray | float):
    """A combined score against its prompt's reference paintings, on the reference spread's scale."""
    return (np.asarray(combined) - mean) / spread * REFERENCE_SPREAD


class PromptSide:
    """Each prompt's mean and spread of the combined score over the reference paintings, computed once."""

    def __init__(self, judge, reference: ReferencePaintings, config: RewardConfig) -> None:
        self.judge, self.reference, self.config = judge, reference, config
        self._vectors = judge.vectors_from_features(np.asarray(reference.features, dtype=np.float32))
        self._stats: dict[str, tuple[float, float]] = {}

    @property
    def size(self) -> int:
        return len(self.reference.pngs)

    def _paintings(self) -> list[tuple[RenderResult, ImageFeatures]]:
        """The reference paintings decoded and analysed for the palette. Not kept: ~0.4 MB each at the default
        analysis size, and a scorer meets new prompts a batch at a time, so decoding them again is cheap."""
        cfg = self.config
        return [(RenderResult(id=f"reference-{i}", status="SUCCESS", png=png, render_ms=0.0, brush_marks=dict(marks)),
                 analyse(decode_png(png), cfg.analysis_size, cfg.background_delta_e))
                for i, (png, marks) in enumerate(zip(self.reference.pngs, self.reference.marks))]

    def stats(self, prompts: list[str], combined: CombinedScore) -> dict[str, tuple[float, float]]:
        """prompt -> (mean, spread) of the reference paintings' combined scores under it."""
        todo = [p for p in dict.fromkeys(prompts) if p not in self._stats]
        if todo:
            if len(self._stats) + len(todo) > MAX_PROMPTS_KEPT:
                self._stats.clear()
            judge_z = self.judge.score_parts(todo, self._vectors)["judge"]
            paintings = self._paintings()
            for j, prompt in enumerate(todo):
                scores = np.array([combined(float(judge_z[k, j]), prompt, render, features)
                                   for k, (render, features) in enumerate(paintings)])
                self._stats[prompt] = (float(scores.mean()), max(float(scores.std()), SPREAD_FLOOR))
        return {p: self._stats[p] for p in prompts}
