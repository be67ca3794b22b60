"""Tiny models built from a config, with a tokenizer trained locally: for tests and benchmarks.

No hub: the tokenizer is a byte-level BPE trained in a fraction of a second on
a few p5.js sketches and prompts, with a ChatML chat template like SmolLM2's,
so the whole policy path (chat template, sampling, LoRA, GRPO) runs in seconds.
"""

from __future__ import annotations

from pathlib import Path

CHATML = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def _corpus() -> list[str]:
    from paint_pipeline.paths import DATA_DIR

    texts = [p.read_text(encoding="utf-8") for p in sorted((DATA_DIR / "sketches" / "bench").glob("*.js"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((DATA_DIR / "prompts").glob("*.jsonl"))]
    return texts


def build_tiny_tokenizer(vocab_size: int = 512):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIALS,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(_corpus(), trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=None, eos_token="<|im_end|>",
                                   pad_token="<|endoftext|>", unk_token=None)
    fast.chat_template = CHATML
    return fast


def build_tiny_model(tokenizer, *, seed: int = 0, hidden: int = 64, layers: int = 2, heads: int = 4,
                     intermediate: int = 128, arch: str = "llama"):
    """A randomly initialised causal LM with SmolLM2's architecture (llama), or GPT-2."""
    import torch
    from transformers import AutoModelForCausalLM, GPT2Config, LlamaConfig

    torch.manual_seed(seed)
    common = dict(vocab_size=len(tokenizer), bos_token_id=None, eos_token_id=tokenizer.eos_token_id,
                  pad_token_id=tokenizer.pad_token_id)
    if arch == "llama":
        config = LlamaConfig(hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=heads,
                             num_key_value_heads=heads, intermediate_size=intermediate, max_position_embeddings=2048,
                             tie_word_embeddings=True, **common)
    elif arch == "gpt2":
        config = GPT2Config(n_embd=hidden, n_layer=layers, n_head=heads, n_positions=2048, **common)
    else:
        raise ValueError(f"unknown tiny architecture {arch!r}")
    return AutoModelForCausalLM.from_config(config, dtype=torch.float32)


def save_tiny_base(folder: str | Path, *, seed: int = 0, **kwargs) -> Path:
    """Writes a tiny model and its tokenizer to a folder that `base_model` can name."""
    from paint_pipeline.progress import quiet_library_output

    folder = Path(folder)
    tokenizer = build_tiny_tokenizer()
    model = build_tiny_model(tokenizer, seed=seed, **kwargs)
    quiet_library_output()
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def move_lora_b_off_zero(model, *, std: float, seed: int) -> None:
    """A fresh LoRA adapter's B is zero, so its A gets no gradient until a step has been taken; tests and
    benchmarks that compare gradients draw B from N(0, std) (torch's global generator, seeded) so that every
    adapter matrix has one."""
    import torch

    torch.manual_seed(seed)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if "lora_B" in name:
                param.normal_(0, std)
