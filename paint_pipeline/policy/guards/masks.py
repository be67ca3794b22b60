"""The one mask shape every guard returns: all tokens allowed but some."""

from __future__ import annotations

import torch


def all_but(bad: list[int], pieces: int, vocab_size: int) -> torch.Tensor:
    """A bool mask over the vocabulary: the first `pieces` tokens (those with a text) allowed, `bad` not."""
    mask = torch.zeros(vocab_size, dtype=torch.bool)
    mask[:pieces] = True
    mask[bad] = False
    return mask
