"""A KV cache that grows in place, for the sampler's decoding loop.

transformers' `DynamicCache` appends each step's keys and values with `torch.cat`, which copies the whole cache
at every step of every layer: the copying grows with the context, so a long sketch pays for it quadratically.
On 2 cores, 24 rows of the embedded default decoding after its ~720-token system prompt took 200, 284 and 409 ms
a step at 717, 1,100 and 1,700 tokens of context with `DynamicCache`, and 157, 197 and 253 ms with this cache
(`paint-pipeline bench decode-step`, which also shows the profiler putting most of a step's CPU time in
`aten::cat`).

`GrowingLayer` keeps a layer's keys and values in a buffer with room to spare, writes each step's keys and
values into it and hands attention views of the filled part. A full buffer grows by `chunk` tokens: one copy per
chunk instead of one per token. Attention reads the same numbers in the same layout, so the logits are
bit-identical to `DynamicCache`'s (tested), and so are the samples.
"""

from __future__ import annotations

import torch
from transformers.cache_utils import DynamicCache, DynamicLayer

DEFAULT_CHUNK = 256  # tokens of room added when a buffer fills: ~4 copies over a 1,024-token completion


class GrowingLayer(DynamicLayer):
    """One layer's keys and values, [batch, heads, tokens, head_dim], in a buffer that grows by `chunk` tokens."""

    def __init__(self, chunk: int = DEFAULT_CHUNK):
        super().__init__()
        if chunk < 1:
            raise ValueError(f"chunk must be >= 1 token, got {chunk}")
        self.chunk = chunk
        self.length = 0
        self._keys: torch.Tensor | None = None  # the buffers; self.keys / self.values are views of their filled part
        self._values: torch.Tensor | None = None

    def lazy_initialization(self, key_states: torch.Tensor, value_states: torch.Tensor) -> None:
        self.device = key_states.device
        self._keys = key_states.new_empty(key_states.shape[:2] + (0,) + key_states.shape[3:])
        self._values = value_states.new_empty(value_states.shape[:2] + (0,) + value_states.shape[3:])
        self.is_initialized = True

    def _reserve(self, needed: int) -> None:
        capacity = self._keys.shape[-2]
        if needed <= capacity:
            return
        capacity = max(needed, capacity + self.chunk)
        for name in ("_keys", "_values"):
            old = getattr(self, name)
            new = old.new_empty(old.shape[:2] + (capacity,) + old.shape[3:])
            new[:, :, : self.length].copy_(old[:, :, : self.length])
            setattr(self, name, new)

    def _expose(self) -> None:
        self.keys = self._keys[:, :, : self.length]
        self.values = self._values[:, :, : self.length]

    def update(self, key_states: torch.Tensor, value_states: torch.Tensor, *args, **kwargs
               ) -> tuple[torch.Tensor, torch.Tensor]:
        if not self.is_initialized:
            self.lazy_initialization(key_states, value_states)
        start, new = self.length, key_states.shape[-2]
        self._reserve(start + new)
        self._keys[:, :, start : start + new].copy_(key_states)
        self._values[:, :, start : start + new].copy_(value_states)
        self.length = start + new
        self._expose()
        return self.keys, self.values

    def get_seq_length(self) -> int:
        return self.length

    def batch_select_indices(self, indices: torch.Tensor) -> None:
        if self.is_initialized:
            self._keys, self._values = self._keys[indices], self._values[indices]
            self._expose()

    def crop(self, tokens_to_remove: int) -> None:
        if tokens_to_remove > 0:
            raise ValueError(f"crop takes a negative count of tokens to remove, got {tokens_to_remove}")
        if self.is_initialized:
            self.length = max(0, self.length + tokens_to_remove)
            self._expose()

    def reset(self) -> None:
        self.length = 0
        self._keys = self._values = None
        super().reset()

    def batch_repeat_interleave(self, repeats: int) -> None:
        if self.is_initialized:
            self._keys = self._keys.repeat_interleave(repeats, dim=0)
            self._values = self._values.repeat_interleave(repeats, dim=0)
            self._expose()

    def reorder_cache(self, beam_idx: torch.LongTensor) -> None:
        self.batch_select_indices(beam_idx.to(self.device))


def growing_cache(model, chunk: int = DEFAULT_CHUNK) -> DynamicCache | None:
    """A DynamicCache for `model` whose plain full-attention layers grow in place.

    Layers of other kinds (sliding windows, linear attention) keep transformers' own classes: their memory is
    bounded already, and they have rules of their own. A model without a transformers config gets None: it
    keeps its cache, if any, its own way.
    """
    config = getattr(model, "config", None)
    if config is None:
        return None
    cache = DynamicCache(config=config)
    cache.layers = [GrowingLayer(chunk) if type(layer) is DynamicLayer else layer for layer in cache.layers]
    return cache
