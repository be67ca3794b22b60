"""The hardware profile: what this machine is, and the settings chosen for it.

Detects the devices and their memory, then chooses (unless the config says
otherwise): the device, the dtype (bf16 where the GPU supports it, fp16 on
older GPUs, fp32 on CPU), TF32 matmuls and cuDNN autotuning on GPUs, the
allocator's expandable segments, the group size G and the token budget from
the memory of one device; on a CPU with bf16 units, when the config allows it, bf16 per stage (autocast for
training, bf16 weights for sampling). The profile is printed and recorded in checkpoints.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import asdict, dataclass

import torch

from paint_pipeline.policy.config import PolicyConfig

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
BF16_UNITS = ("amx_bf16", "avx512_bf16")  # CPU flags of bf16 matmul units, fastest first


def cpu_bf16_units(cpuinfo: str | None = None) -> tuple[str, ...]:
    """The bf16 matmul units this CPU reports (/proc/cpuinfo flags); () on a CPU without them or off Linux.
    Read, never assumed: the machines that run this project differ (AMX, AVX512-BF16, neither)."""
    if cpuinfo is None:
        try:
            cpuinfo = open("/proc/cpuinfo", encoding="utf-8", errors="replace").read()
        except OSError:
            return ()
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            flags = set(line.split(":", 1)[1].split())
            return tuple(unit for unit in BF16_UNITS if unit in flags)
    return ()


@dataclass(frozen=True)
class HardwareProfile:
    device: str
    device_name: str
    devices: int
    memory_gb: float
    dtype: str
    group_size: int
    max_new_tokens: int
    tf32: bool
    cpu_threads: int
    # Rollouts per forward pass of the update. On a CPU one at a time is faster (no padding, no attention mask;
    # paint-pipeline bench update-micro-batch) and holds one rollout's activations; a GPU wants the batch.
    micro_batch_size: int = 4
    # The CPU's bf16 matmul units (cpu_bf16_units), recorded with every checkpoint.
    cpu_bf16_units: tuple[str, ...] = ()
    # Per stage, on a CPU whose units the config lets us use (cpu_bf16 = 'auto'): the training stages run their
    # forward passes under this autocast dtype over `dtype` (fp32) master weights, and sampling and evaluation
    # load the weights in `sample_dtype`. None: `dtype` everywhere.
    train_autocast: str | None = None
    sample_dtype: str | None = None

    @property
    def torch_dtype(self):
        return DTYPES[self.dtype]

    @property
    def sample_torch_dtype(self):
        return DTYPES[self.sample_dtype or self.dtype]

    def autocast(self):
        """The context the training stages run their forward passes (and loss) in; backward stays outside."""
        if self.train_autocast is None:
            return contextlib.nullcontext()
        return torch.autocast(device_type=self.device.split(":")[0], dtype=DTYPES[self.train_autocast])

    @property
    def stage_dtypes(self) -> dict[str, str]:
        """What each stage computes in, as recorded in checkpoints and printed."""
        train = f"{self.train_autocast} autocast over {self.dtype}" if self.train_autocast else self.dtype
        sample = self.sample_dtype or self.dtype
        return {"warm_start": train, "update": train, "sampling": sample, "evaluation": sample}

    def to_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        return (f"{self.device_name} x{self.devices} ({self.memory_gb:.0f} GB), {self.dtype}, G={self.group_size}, "
                f"max_new_tokens={self.max_new_tokens}, tf32={self.tf32}, threads={self.cpu_threads}, "
                f"micro-batch={self.micro_batch_size}"
                + (f", training in {self.train_autocast} autocast, sampling in {self.sample_dtype}"
                   if self.train_autocast else ""))


# A complete p5.brush sketch in the warm-start style is ~740 tokens on average and ~1010 at most (SmolLM2's
# tokenizer), so no budget goes below 1280: a sampled sketch runs somewhat longer than the corpus' longest, a
# truncated sketch never compiles, and a budget that cuts good sketches only teaches that.
MIN_TOKENS = 1280


def _scaled(memory_gb: float) -> tuple[int, int]:
    """Group size and token budget for one device's memory (a 135M-0.5B policy with LoRA)."""
    if memory_gb >= 40:
        return 8, 1536
    if memory_gb >= 16:
        return 6, MIN_TOKENS
    return 4, MIN_TOKENS


def cpu_bf16_stages(config: PolicyConfig, units: tuple[str, ...] | None = None) -> str | None:
    """"bfloat16" when this config on this machine runs its CPU stages in bf16 (train under autocast, sample with
    bf16 weights), else None. Pure: what an evaluation's cache key reads without resolving (and configuring) the
    hardware. `units`: the CPU's bf16 units when the caller has read them already (else read here)."""
    if (config.device or ("cuda" if torch.cuda.is_available() else "cpu")) != "cpu":
        return None
    # Only where the CPU has the units and the config asks for them; an explicit dtype wins.
    if config.cpu_bf16 != "auto" or config.dtype is not None:
        return None
    return "bfloat16" if (cpu_bf16_units() if units is None else units) else None


def resolve(config: PolicyConfig) -> HardwareProfile:
    want = config.device or ("cuda" if torch.cuda.is_available() else "cpu")
    if want.startswith("cuda"):
        if not torch.cuda.is_available():
            raise RuntimeError(f"policy config asks for device {want!r} but no CUDA device is available")
        os.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
        index = torch.device(want).index or 0
        props = torch.cuda.get_device_properties(index)
        memory = props.total_memory / 2**30
        dtype = config.dtype or ("bfloat16" if torch.cuda.is_bf16_supported() else "float16")
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
        torch.backends.cudnn.benchmark = True
        group, tokens = _scaled(memory)
        return HardwareProfile(want, props.name, torch.cuda.device_count(), memory, dtype,
                               config.group_size or group, config.max_new_tokens or tokens, True,
                               torch.get_num_threads())
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError):
        memory = 0.0
    units = cpu_bf16_units()
    bf16 = cpu_bf16_stages(config, units)
    return HardwareProfile("cpu", "CPU", 1, memory, config.dtype or "float32", config.group_size or 4,
                           config.max_new_tokens or MIN_TOKENS, False, torch.get_num_threads(), micro_batch_size=1,
                           cpu_bf16_units=units, train_autocast=bf16, sample_dtype=bf16)
