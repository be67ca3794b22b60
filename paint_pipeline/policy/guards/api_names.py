"""The "api" guard: while sampling, forbid tokens that would name a p5.brush member, brush or field that does not exist.

Why: after the warm start, the first cause of held-out failures is names the
model invents (`brush.field("sky")`, `brush.set("3DSM", ...)`, `brush.noSet()`):
each turns an otherwise working sketch into a RUNTIME_ERROR. The set of valid
names is closed and known (`paint_pipeline.brush_api`, checked against the library in
the renderer by a test), so the sampler can simply not offer the others, as
grammar-constrained decoding does. The renderer still judges the code as
written; the guard only changes which tokens can be sampled.

What is guarded, on the text of the completion so far:

    brush.<member>                     a member of the library's `brush` object
    brush.set|pick("<name>"            a built-in brush, unless the sketch has called brush.add(...)
    brush.hatchStyle("<name>"          likewise (version 2: p5.brush keeps the name and throws when
                                       the hatching is drawn: `brush.hatchStyle('Hatching', ...)`)
    brush.field("<name>"               a built-in field, unless the sketch has called brush.addField(...)
    brush.set(random(["<name>", ...    each element of the list, likewise (the warm start's corpus picks
                                       brushes this way, and the model once put a colour in the list)

`brush` must stand alone (not `mybrush.` or `this.brush.`); a variable as the
argument (`brush.set(name, ...)`) is not guarded.

How the masks reach the sampler and the update: `guards/__init__.py`.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import torch

from paint_pipeline.brush_api import BRUSH_MEMBERS, BUILTIN_BRUSHES, BUILTIN_FIELDS
from paint_pipeline.policy.guards.masks import Guard, all_but

_IDENT = re.compile(r"[\w$]*")
_AFTER_BRUSH = re.compile(r"(?<![\w$.])brush$")
_MEMBER = re.compile(r"(?<![\w$.])brush\.([\w$]*)$")
_STRING = r"(?:'[^'\\\n]*'|\"[^\"\\\n]*\"|`[^`\\\n]*`)"  # a closed string literal
_CALL = r"(?<![\w$.])brush\.(set|pick|hatchStyle|field)\(\s*"
_CHOICES = r"random\(\s*\[((?:\s*" + _STRING + r"\s*,)*)\s*"  # random(['HB', 'pen', ...]): the elements so far
# Inside a name: brush.set('HB  or  brush.set(random(['HB', 'pe
_NAME_IN = re.compile(_CALL + r"(?:" + _CHOICES + r")?(['\"`])([^'\"`\\\n]*)$")
# Where a name may start: brush.set(  or  brush.set(random([  or  brush.set(random(['HB',
_NAME_OPEN = re.compile(_CALL + r"(?:" + _CHOICES + r")?$")
# After a complete element of the list: brush.set(random(['HB'
_CHOICE_DONE = re.compile(_CALL + _CHOICES + _STRING + r"\s*$")
_NAME_ARG = re.compile(r"\(\s*(?:" + _CHOICES + r")?(['\"`])([^'\"`\\\n]*)(.?)")
_TAIL = 160  # characters of the completion the states are read from; a reference (with its list of names) is shorter
QUOTES = "'\"`"


def is_ident_char(c: str) -> bool:
    return c.isalnum() or c in "_$"


@dataclass
class NameState:
    """What one completion has written so far, as this guard needs it."""

    text: str = ""
    custom_brushes: bool = False  # the sketch called brush.add(...): its own brush names are valid
    custom_fields: bool = False  # the sketch called brush.addField(...)

    def append(self, piece: str) -> None:
        self.text += piece
        tail = self.text[-(_TAIL + len(piece)):]
        self.custom_brushes = self.custom_brushes or "brush.add(" in tail
        self.custom_fields = self.custom_fields or "brush.addField(" in tail


class ApiNameGuard(Guard):
    name = "api"
    State = NameState
    version = 2  # 2: hatchStyle's brush name

    def __init__(self, pieces: list[str], vocab_size: int, members=BRUSH_MEMBERS, brushes=BUILTIN_BRUSHES,
                 fields=BUILTIN_FIELDS):
        super().__init__(pieces, vocab_size)
        self.members = frozenset(members)
        self.names = {"set": frozenset(brushes), "pick": frozenset(brushes), "hatchStyle": frozenset(brushes),
                      "field": frozenset(fields)}
        self._by_piece: dict[str, list[int]] = {}
        for i, p in enumerate(self.pieces):
            if p:
                self._by_piece.setdefault(p, []).append(i)
        self._sorted = sorted((p, i) for i, p in enumerate(self.pieces) if p)
        self._sorted_keys = [p for p, _ in self._sorted]
        nonident = torch.zeros(vocab_size, dtype=torch.bool)
        nonident[[i for i, p in enumerate(self.pieces) if p and not is_ident_char(p[0])]] = True
        self._nonident_start = nonident
        self._dot = [i for i, p in enumerate(self.pieces) if p.startswith(".")]
        self._paren = [i for i, p in enumerate(self.pieces) if p.startswith("(")]
        self._quote = [i for i, p in enumerate(self.pieces) if any(q in p for q in QUOTES)]

    # --- the rule, on text ---------------------------------------------------------------------
    def consistent(self, text: str, state: NameState | None = None) -> bool:
        """Whether `text` (starting at a standalone `brush`) can still become a valid reference."""
        rest = text[len("brush"):]
        if not rest.startswith("."):
            return True  # `brush` alone, `brushes`, `brush)`: not a member access
        name = _IDENT.match(rest, 1).group(0)
        after = rest[1 + len(name):]
        if not after:
            return any(m.startswith(name) for m in self.members)
        if not name:
            return True  # "a soft brush. Then": prose, or a syntax error the renderer reports as such
        if name not in self.members:
            return False
        valid = self._valid_names(name, state)
        arg = _NAME_ARG.match(after)
        if valid is None or arg is None:
            return True
        earlier, quote, value, closing = arg.groups()
        if earlier and any(e[1:-1] not in valid for e in re.findall(_STRING, earlier)):
            return False
        if not closing:
            return any(v.startswith(value) for v in valid)
        return closing == quote and value in valid

    def _valid_names(self, member: str, state: NameState | None) -> frozenset[str] | None:
        if member not in self.names:
            return None
        if state is not None and ((member == "field" and state.custom_fields)
                                  or (member != "field" and state.custom_brushes)):
            return None
        return self.names[member]

    # --- the masks ------------------------------------------------------------------------------
    def allowed(self, state: NameState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        tail = state.text[-_TAIL:]
        if (m := _NAME_IN.search(tail)) is not None:
            mask = self._name_mask(m.group(1), m.group(3), m.group(4), tail[m.start():], state)
        elif (m := _NAME_OPEN.search(tail) or _CHOICE_DONE.search(tail)) is not None:
            mask = self._forbid_failing(self._quote, tail[m.start():], state)
        elif (m := _MEMBER.search(tail)) is not None:
            mask = self._member_mask(m.group(1), tail[m.start():], state)
        elif _AFTER_BRUSH.search(tail) is not None:
            mask = self._forbid_failing(self._dot, "brush", state)
        else:
            return None
        return mask  # an empty mask (the text is past saving) is left alone by GuardSet.allowed

    def _forbid_failing(self, candidates: list[int], anchor: str, state: NameState) -> torch.Tensor:
        return all_but([i for i in candidates if not self.consistent(anchor + self.pieces[i], state)],
                       len(self.pieces), self.vocab_size)

    def _starting_with(self, prefix: str) -> list[int]:
        lo = bisect.bisect_left(self._sorted_keys, prefix)
        out = []
        for k in range(lo, len(self._sorted_keys)):
            if not self._sorted_keys[k].startswith(prefix):
                break
            out.append(self._sorted[k][1])
        return out

    def _prefixes_of(self, rest: str) -> list[int]:
        return [i for j in range(1, len(rest) + 1) for i in self._by_piece.get(rest[:j], [])]

    def _member_mask(self, typed: str, anchor: str, state: NameState) -> torch.Tensor | None:
        mask = torch.zeros(self.vocab_size, dtype=torch.bool)
        if typed in self.members or not typed:
            # A complete name: anything that ends it. No name at all ("a soft brush." in prose): anything
            # but an identifier, which must then start a member's name.
            mask |= self._nonident_start
            if typed in self.names:  # ... but an opening `("` must start a valid name
                mask[[i for i in self._paren if not self.consistent(anchor + self.pieces[i], state)]] = False
        for member in self.members:
            if not member.startswith(typed) or member == typed:
                continue
            rest = member[len(typed):]
            mask[self._prefixes_of(rest)] = True  # part or all of the rest of the name
            for i in self._starting_with(rest):  # the rest of the name, then more
                p = self.pieces[i]
                if len(p) > len(rest) and not is_ident_char(p[len(rest)]) and self.consistent(anchor + p, state):
                    mask[i] = True
        return mask

    def _name_mask(self, member: str, quote: str, typed: str, anchor: str,
                   state: NameState) -> torch.Tensor | None:
        valid = self._valid_names(member, state)
        if valid is None:
            return None
        mask = torch.zeros(self.vocab_size, dtype=torch.bool)
        for name in valid:
            if not name.startswith(typed):
                continue
            rest = name[len(typed):]
            mask[self._prefixes_of(rest)] = True
            # the name's end, its closing quote, then anything a valid reference allows (", 'pen" in a list)
            mask[[i for i in self._starting_with(rest + quote)
                  if self.consistent(anchor + self.pieces[i], state)]] = True
        return mask

