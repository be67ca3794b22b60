"""Pipeline settings: one typed object per run profile (what a cycle samples, checks, evaluates, publishes).

Profiles are JSON files, all in one form and one place, `profiles/`: `default` (the embedded
SmolLM2-135M-Instruct with LoRA, sized for a 2-core CPU), `tiny` (a tiny random policy, 2 prompts x 2 samples,
16 tokens: a smoke run of the whole chain in seconds), `gpu`, and the measured experiments in
`profiles/experiments/`. A profile is chosen by `PAINT_PROFILE` or `--profile`: a shipped profile's name, or the
path of any JSON file holding fields below (unknown fields are an error; those left out keep their defaults).
The policy and reward configs nest as dicts of overrides of PolicyConfig and RewardConfig, validated by those
classes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from paint_pipeline import typed_config
from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.policy.config import PolicyConfig, PolicyConfigError
from paint_pipeline.reward.config import RewardConfig, RewardConfigError

PROFILE_ENV = "PAINT_PROFILE"
ARTIFACTS_ENV = "PAINT_ARTIFACTS"
TINY_BASE = "tiny-random"  # base_model value the tiny profile builds on first use
PROFILES_DIR = REPO_ROOT / "profiles"


_NAME = r"[A-Za-z0-9][A-Za-z0-9._-]{0,95}"
PLAIN_NAME = re.compile(_NAME)
# Ranges beyond which a value is a mistake that would otherwise fail mid-cycle (the renderer's own limits, a
# seed numpy takes, a count a machine can hold).
BOUNDS: dict[str, tuple[float, float]] = {
    "render_size": (16, 2048), "render_timeout_ms": (100, 600_000), "eval_seed": (0, 2**32 - 1),
    "warm_start_steps": (0, 1_000_000), "warm_start_batch_size": (1, 4096), "warm_start_per_prompt": (1, 1000),
    "warm_start_max_len": (16, 131_072), "eval_prompts": (1, 100_000), "eval_samples_per_prompt": (1, 1000),
    "renderer_pool_size": (1, 256), "train_processes": (1, 4096), "eval_temperature": (0, 10),
    "warm_start_learning_rate": (0, 1),
}


class SettingsError(PaintPipelineError, ValueError):
    """A pipeline setting or profile is invalid; the message names the profile and the field."""


_f = typed_config.field_with_help


@dataclass(frozen=True)
class PipelineSettings:
    profile: str = _f("default", "Name of this profile (recorded in every cycle manifest).")
    artifacts_dir: str = _f("artifacts", "Root of everything the pipeline writes; PAINT_ARTIFACTS overrides it.")
    policy: dict = _f(None, "Overrides of PolicyConfig (see `paint-pipeline policy-config`).")
    reward: dict = _f(None, "Overrides of RewardConfig (see `paint-pipeline reward-config`).")

    # --- warm start (before cycle 1) ------------------------------------------------------------
    warm_start_steps: int = _f(200, "Supervised warm-start steps before the first cycle; 0: cycle 1 starts from "
                                    "the base model.")
    warm_start_batch_size: int = _f(4, "Sketches per warm-start step.")
    warm_start_learning_rate: float = _f(3e-4, "Warm-start learning rate (LoRA).")
    warm_start_per_prompt: int = _f(4, "Procedural sketches per training prompt in the warm-start corpus.")
    warm_start_max_len: int = _f(1280, "Token length a warm-start pair is cut to (prompt and sketch).")

    # --- rendering --------------------------------------------------------------------------------
    render_size: int = _f(256, "Pixels per side of the images the reward scores.")
    render_timeout_ms: int = _f(20000, "Time limit per sketch.")
    renderer_url: str | None = _f(None, "Use the renderer service at this URL; None starts a local one per step.")
    renderer_pool_size: int | None = _f(None, "Pages in a local renderer's pool; None: one per core.")

    # --- evaluation on held-out prompts -------------------------------------------------------------
    eval_split: str = _f("validation", "Prompt split the evaluation asset samples (held out from training).")
    eval_prompts: int = _f(8, "Prompts of that split evaluated per checkpoint (the first N, always the same).")
    eval_samples_per_prompt: int = _f(2, "Samples per evaluation prompt.")
    eval_temperature: float = _f(0.7, "Sampling temperature of the evaluation (seeds are fixed).")
    eval_seed: int = _f(1234, "Base seed of the evaluation samples: the same for every checkpoint.")

    # --- blocking checks ------------------------------------------------------------------------------
    min_render_success: float = _f(0.1, "Fewest renders that must succeed (fraction) for a cycle to train.")
    max_frac_zero_std: float = _f(0.9, "Most groups allowed to have identical rewards (no signal) for a cycle to "
                                       "train.")
    eval_tolerance: float = _f(0.05, "How far below its parent's mean held-out reward a checkpoint may be and "
                                     "still pass.")
    eval_confidence: float = _f(0.95, "A drop beyond the tolerance fails the check only when the one-sided "
                                      "paired bootstrap bound at this confidence is below zero too.")

    # --- training and publishing --------------------------------------------------------------------
    train_processes: int | None = _f(None, "torchrun --nproc_per_node; None: one per GPU, or 1 on CPU.")
    registry_name: str = _f("paint-smollm2-lora", "Name of the model in the local registry (and on a hub).")
    hub_repo_id: str | None = _f(None, "Hugging Face Hub repo to publish approved cycles to (needs HF_TOKEN).")
    kaggle_handle: str | None = _f(None, "Kaggle Models handle owner/model/framework/variation (needs Kaggle "
                                         "credentials).")
    auto_continue: bool = _f(False, "When a cycle is approved, start the next one.")

    def __post_init__(self) -> None:
        object.__setattr__(self, "policy", dict(self.policy or {}))
        object.__setattr__(self, "reward", dict(self.reward or {}))
        self.validate()

    def validate(self) -> None:
        def bad(name: str, why: str) -> SettingsError:
            return SettingsError(f"profile {self.profile!r}: {name} = {getattr(self, name)!r}: {why}")

        typed_config.check_types(self, SettingsError, f"profile {self.profile!r}")
        for name, (low, high) in BOUNDS.items():
            v = getattr(self, name)
            if v is not None and not low <= v <= high:
                raise bad(name, f"must be in [{low}, {high}]")
        if not PLAIN_NAME.fullmatch(self.registry_name) or set(self.registry_name) <= {"."}:
            raise bad("registry_name", "must be a plain name (letters, digits, '.', '_', '-'; no '/' or '..'): "
                                       "it names a folder of the registry")
        if self.hub_repo_id is not None and not re.fullmatch(rf"{_NAME}/{_NAME}", self.hub_repo_id):
            raise bad("hub_repo_id", "must be owner/name")
        if self.kaggle_handle is not None and not re.fullmatch(rf"{_NAME}(/{_NAME}){{3}}", self.kaggle_handle):
            raise bad("kaggle_handle", "must be owner/model/framework/variation")
        if self.renderer_url is not None and not re.fullmatch(r"https?://[^\s/]+(/\S*)?", self.renderer_url):
            raise bad("renderer_url", "must be an http(s) URL")

        for name in ("warm_start_batch_size", "warm_start_per_prompt", "warm_start_max_len", "render_size",
                     "render_timeout_ms", "eval_prompts", "eval_samples_per_prompt"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise bad(name, "must be an integer >= 1")
        if not isinstance(self.warm_start_steps, int) or self.warm_start_steps < 0:
            raise bad("warm_start_steps", "must be an integer >= 0")
        for name in ("renderer_pool_size", "train_processes"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
                raise bad(name, "must be an integer >= 1 or null")
        for name in ("min_render_success", "max_frac_zero_std"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0 <= v <= 1:
                raise bad(name, "must be a fraction in [0, 1]")
        for name in ("eval_tolerance", "eval_temperature", "warm_start_learning_rate"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
                raise bad(name, "must be a finite number >= 0")
        if not isinstance(self.eval_confidence, (int, float)) or not 0.5 <= self.eval_confidence < 1:
            raise bad("eval_confidence", "must be in [0.5, 1)")
        if self.eval_split not in ("train", "validation", "test"):
            raise bad("eval_split", "must be train, validation or test")
        # The nested configs validate themselves; their errors name this profile.
        try:
            self.policy_config()
        except PolicyConfigError as exc:  # its message already names this profile
            raise SettingsError(str(exc)) from None
        try:
            self.reward_config()
        except RewardConfigError as exc:
            raise SettingsError(str(exc)) from None

    # --- derived ---------------------------------------------------------------------------------
    @property
    def root(self) -> Path:
        return Path(os.environ.get(ARTIFACTS_ENV) or self.artifacts_dir)

    def policy_config(self) -> PolicyConfig:
        values = dict(self.policy)
        if values.get("base_model") == TINY_BASE:
            values["base_model"] = str(self.root / "models" / TINY_BASE)
        values.setdefault("models_dir", str(self.root / "models"))
        return PolicyConfig.from_dict(values, source=f"profile {self.profile!r} policy")

    def reward_config(self) -> RewardConfig:
        return RewardConfig.from_dict(self.reward, source=f"profile {self.profile!r} reward")

    @property
    def builds_tiny_base(self) -> bool:
        return self.policy.get("base_model") == TINY_BASE

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def replace(self, **changes: Any) -> "PipelineSettings":
        return typed_config.from_dict(PipelineSettings, {**self.to_dict(), **changes},
                                      source=f"profile {self.profile!r}", error=SettingsError)

    def settings_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:16]

    @classmethod
    def help(cls) -> str:
        return typed_config.help_text(cls)


def profile_path(name: str) -> Path:
    """The shipped profile `name` (profiles/<name>.json); why each is sized as it is: profiles/README.md."""
    return PROFILES_DIR / f"{name}.json"


def profile_names() -> list[str]:
    return sorted(p.stem for p in PROFILES_DIR.glob("*.json"))


def load_settings(profile: str | None = None) -> PipelineSettings:
    """A shipped profile by name (profiles/<name>.json), or any JSON file of settings by its path; None reads
    PAINT_PROFILE (default: `default`)."""
    name = profile or os.environ.get(PROFILE_ENV) or "default"
    shipped = profile_path(name)
    if "/" not in name and not name.endswith(".json") and shipped.is_file():
        path = shipped
    else:
        path = Path(name)
        if path.suffix != ".json" and not path.exists():
            raise SettingsError(f"unknown profile {name!r}: use one of {', '.join(profile_names())} or the path of a "
                                "JSON file")
    settings = typed_config.from_file(PipelineSettings, path, what="pipeline profile", error=SettingsError)
    # A file that does not name its profile (or says `default` without being the shipped default) is named by its
    # path: a manifest must never credit the shipped default with another file's settings.
    if settings.profile == "default" and path.resolve() != profile_path("default").resolve():
        return _renamed(settings, str(path))
    return settings


def _renamed(settings: PipelineSettings, name: str) -> PipelineSettings:
    return typed_config.from_dict(PipelineSettings, {**settings.to_dict(), "profile": name}, source=name,
                                  error=SettingsError)
