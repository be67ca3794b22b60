"""The one mask shape every guard returns: all tokens allowed but some."""

from __future__ import annotations

import torch


def all_but(bad: list[int], pieces: int, vocab_size: int) -> torch.Tensor:
    """A bool mask over the vocabulary: the first `pieces` tokens (those with a text) allowed, `bad` not."""
    mask = torch.zeros(vocab_size, dtype=torch.bool)
    mask[:pieces] = True
    mask[bad] = False
    return mask


class MaskCache:
    """Masks built once per key. Emptied whole past `bound` keys: keys that hold part of the text's state (the
    names in scope, the open brackets) turn over, and a mask is 49 KB for SmolLM2's vocabulary."""

    def __init__(self, bound: int = 4096) -> None:
        self.bound = bound
        self._masks: dict = {}

    def get(self, key, build):
        """The mask under `key`, from `build()` the first time (None where the guard does not apply)."""
        if key not in self._masks:
            if len(self._masks) >= self.bound:
                self._masks.clear()
            self._masks[key] = build()
        return self._masks[key]
