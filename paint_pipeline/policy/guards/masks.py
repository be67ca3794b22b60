"""What every guard shares: the base class, the one mask shape most return (all tokens allowed but some), the
cache of built masks."""

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


class Guard:
    """What every guard shares: the vocabulary's token texts (`pieces`, see guards.token_pieces), a mask cache, and a
    state that reads the completion as it grows (`State()`, then `state.append(piece)`). A guard adds its `name`,
    its `State` and `allowed(state)`: a bool mask over the vocabulary for the next token, or None where it does
    not apply."""

    name = ""
    State: type = object
    cache_size = 4096

    def __init__(self, pieces: list[str], vocab_size: int):
        self.pieces = pieces
        self.vocab_size = vocab_size
        self._cache = MaskCache(self.cache_size)

    def new_state(self):
        return self.State()

    @staticmethod
    def append(state, piece: str) -> None:
        state.append(piece)
