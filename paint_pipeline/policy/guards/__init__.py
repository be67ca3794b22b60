"""Decoding guards: rules that give probability 0 to tokens that would make the sketch fail for a known reason.

    api        names: a p5.brush member, brush or field the library lacks (api_names.py)
    brackets   a closing bracket that does not close the innermost open one, a `;` inside ( or [ (brackets.py)
    stroke     brush.line / brush.flowLine while brush.noStroke() has the stroke off; an end with no begin (stroke.py)
    colour     a `#` string that is not a hex colour p5 reads: #rgb, #rgba, #rrggbb, #rrggbbaa (colours.py)
    scope      a name read where the sketch has not declared it, that the page does not define (scope.py)
    points     a number as the first point of brush.spline / brush.polygon, a list of one point (points.py)
    paper      a third pen in the paper's colour before any pen far from it (paper.py)

A guard reads the completion as it grows and, at some positions, returns a
mask of the tokens allowed next. The policy is then the model's distribution
renormalised over the tokens every guard allows (`PolicyConfig.decoding_guards`
names the guards). The sampler records the log-probs of that distribution; the
rollouts table names the guards it used, and the update rebuilds the same masks
from the completion's tokens (`masks_for_completion`), so the GRPO ratio
compares like with like. The rollouts record each guard with its rule's version
(`guard_ids`), and the update refuses rollouts sampled under another version.
The renderer judges the code as written either way.
"""

from __future__ import annotations

from typing import Sequence

import torch

from paint_pipeline.policy.guards.api_names import ApiNameGuard
from paint_pipeline.policy.guards.brackets import BracketGuard
from paint_pipeline.policy.guards.colours import ColourGuard
from paint_pipeline.policy.guards.paper import PaperGuard
from paint_pipeline.policy.guards.points import PointsGuard
from paint_pipeline.policy.guards.scope import ScopeGuard
from paint_pipeline.policy.guards.stroke import StrokeGuard

GUARDS = {"api": ApiNameGuard, "brackets": BracketGuard, "stroke": StrokeGuard, "colour": ColourGuard,
          "scope": ScopeGuard, "points": PointsGuard, "paper": PaperGuard}


def guard_ids(names: Sequence[str]) -> list[str]:
    """The guards with the version of their rule (`name@N` from 2 on), so a cache keyed by them sees a rule change."""
    return [n if getattr(GUARDS[n], "version", 1) == 1 else f"{n}@{GUARDS[n].version}" for n in names]


def guard_names(ids: Sequence[str]) -> tuple[str, ...]:
    """The names in ids that `guard_ids` wrote; ValueError where a rule's version is not this code's (its masks
    would not be the ones the sampler applied)."""
    names = []
    for gid in ids:
        name, _, version = gid.partition("@")
        if name not in GUARDS or not (version == "" or version.isdigit()):
            raise ValueError(f"unknown decoding guard {gid!r}; known: {sorted(GUARDS)}, as name or name@version")
        current = getattr(GUARDS[name], "version", 1)
        if int(version or 1) != current:
            raise ValueError(f"sampled with the decoding guard {gid!r}, and this code's rule is version {current}: "
                             "the masks cannot be rebuilt; materialize the cycle's rollouts again")
        names.append(name)
    return tuple(names)


def token_pieces(tokenizer, vocab_size: int) -> list[str]:
    """Each token's text on its own ("" for special tokens), without the clean-up that turns " ." into "."."""
    special = set(getattr(tokenizer, "all_special_ids", []) or [])
    return ["" if i in special else tokenizer.decode([i], clean_up_tokenization_spaces=False)
            for i in range(min(len(tokenizer), vocab_size))]


class GuardSet:
    """The named guards over one tokenizer (0.4 s to build for SmolLM2's 49k vocabulary)."""

    def __init__(self, names: Sequence[str], tokenizer, vocab_size: int):
        unknown = [n for n in names if n not in GUARDS]
        if unknown:
            raise ValueError(f"unknown decoding guards {unknown}; known: {sorted(GUARDS)}")
        self.names = tuple(names)
        self.pieces = token_pieces(tokenizer, vocab_size)
        self.vocab_size = vocab_size
        self.guards = [GUARDS[n](self.pieces, vocab_size) for n in self.names]

    def new_state(self) -> list:
        return [g.new_state() for g in self.guards]

    def append(self, states: list, token: int) -> None:
        piece = self.pieces[token] if 0 <= token < len(self.pieces) else ""
        for guard, state in zip(self.guards, states):
            guard.append(state, piece)

    def allowed(self, states: list) -> torch.Tensor | None:
        """The tokens every guard allows next, or None where none applies (or they leave nothing between them)."""
        mask = None
        for guard, state in zip(self.guards, states):
            m = guard.allowed(state)
            if m is not None:
                mask = m if mask is None else mask & m
        return mask if mask is not None and bool(mask.any()) else None


def masks_for_completion(guards: GuardSet, token_ids: Sequence[int]) -> list[tuple[int, torch.Tensor]]:
    """The (position, allowed mask) pairs the sampler applied to this completion, rebuilt from its tokens.

    Raises ValueError when a token lies outside its position's mask: the completion was not sampled with these
    guards (another tokenizer, guard or library version), and its recorded log-probs would not match the update's.
    """
    states = guards.new_state()
    text = ""
    out = []
    for t, token in enumerate(token_ids):
        mask = guards.allowed(states)
        if mask is not None:
            if not (0 <= token < mask.numel() and bool(mask[token])):
                raise ValueError(f"token {token} at completion position {t} is outside the mask of the decoding "
                                 f"guards {list(guards.names)} (after {text[-40:]!r}): was it sampled with this "
                                 "tokenizer and these guards?")
            out.append((t, mask))
        guards.append(states, token)
        text += guards.pieces[token] if 0 <= token < len(guards.pieces) else ""
    return out
