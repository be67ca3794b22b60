"""The "scope" guard: a name the sketch reads must be one it has declared, in scope, or one p5 or the language has.

Why: with the other guards on, the most common failure left in the training
rollouts is `ReferenceError: x is not defined`, and mostly for a name the sketch
did declare, but in a block that has closed (a loop's `const x` used after the
loop). Whether a name exists where it is read is known from the text written so
far (`js_scope.py` reads the declarations and their scopes), so the sampler can
simply not offer a name that does not.

The rule, inside the code block, for a word at a reference's place (see
js_scope.py for what is not one: declarations, parameters, property names, keys):

    while it is written          it stays a prefix of a known name
    where it ends                it is a known name; a p5 function (`random`, `year`) is followed by `(`,
                                 and a p5 value (`width`, `touches`) is not, unless the sketch declares
                                 the name itself
    known names                  the sketch's declarations in scope; p5's globals but those beyond the
                                 canvas (files, network, the DOM), `brush`, `p5` and the language's
                                 built-ins (page_globals.SKETCH_GLOBALS, checked in the
                                 renderer); keywords, but not a statement's keyword or `in`/`of`/
                                 `instanceof` where an operand must begin (`f(x, with`)
    after a `const` name read    not an assignment to it: `=`, `+=` and kin, `++`, `--` (a piece that starts
                                 with one; "Assignment to constant variable")
    code that runs at load       the same, less p5's names (page_globals.AT_LOAD_GLOBALS): outside every
                                 function, class and arrow, the script runs before p5 defines them
                                 (`let r = random(5);` at the top level throws "random is not defined";
                                 a held-out failure: a `}` too many closed `setup` and its loop ran there)

Two errors of declaration are read from the same text: a `let` or `const` does
not take a name its scope has declared already, parameters included ("Identifier
'x' has already been declared"), and a for head's `const` name is not followed by
`=` (`for (const k = 0; k < n; k++)` throws at `k++`; `of` and `in` may follow).

Why not every name the page has: the guard steers a policy that reaches for an
undeclared name into a known one with the same start, and the page's other
names are the browser's (`history`, `window`, the DOM): `x + history` runs and
draws nothing. A p5 function read as a number does the same (`x + year`), or
makes p5.brush throw (`brush.circle(x, y, writeFile)` with a fill on); called,
one for files throws (`x + writeFile(50, 100)`). A p5 value called throws
(`touches(x)`: "touches is not a function", a held-out failure at T=0.6).

Parameters of an arrow function written as `(a, b) =>` are only declared at the
`=>`: an unknown word in such a list may end only where a parameter can (`,`
`)` `=` `]` `}` `:`), and the list's `)` must then be followed by `=>`.

What it forbids that would have run: a name declared further down the text
(a call of a function declared below it, which hoisting allows; a function body
that reads a global declared after it), an assignment that creates a global
(`x = 1` with no declaration), a one-name arrow `p => ...` (write `(p) =>`), a
label, a for head's name in an `else` after a one-statement body
(`for (...) if (c) f(); else g(i);`), words inside a regular expression
literal (read as code, as the brackets guard reads them), the browser's names
(`document`, `window`), a p5 function passed uncalled (`pts.map(sqrt)`), and a
for head's `const` with an initializer in a loop that never assigns it.
A `let` or `const` name is not read in its own initializer (`const q = 1 + q`,
`for (const t of [t])`: "Cannot access 't' before initialization"), unless
inside a function written there (`const f = (n) => f(n - 1)` may run later). The warm
start's corpus uses none of these (`tests/test_decoding_guards.py` checks that
no corpus token is forbidden; `tests/test_scope_guard.py` renders sketches with
every scoping construct the reader knows). The renderer still judges the code
as written.
"""

from __future__ import annotations

import bisect

import torch

from paint_pipeline.page_globals import AT_LOAD_GLOBALS, P5_FUNCTIONS, P5_VALUES, SKETCH_GLOBALS
from paint_pipeline.policy.guards.api_names import is_ident_char
from paint_pipeline.policy.guards.js_scope import (
    DECLARES,
    KEYWORDS,
    OPERATOR_CHARS,
    PARAMETER_FOLLOWERS,
    STATEMENT_WORDS,
    ScopeState,
)
from paint_pipeline.policy.guards.masks import Guard

UNCHECKED_AFTER = DECLARES | {"function", "class", "typeof"}  # keywords whose next word is not a reference
UPDATE_OPERATORS = ("+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=",
                    "++", "--")


def assigns(op: str, piece: str) -> bool:
    """Does `piece`, written after a name and then the operator characters `op`, assign that name? A lone `=` at
    the piece's end is not yet one (`==`, `=>` may follow: the reader keeps it in `const_op`)."""
    if not piece:
        return False
    text = op + piece if op else piece.lstrip()
    run = text[: next((k for k, ch in enumerate(text) if ch not in OPERATOR_CHARS), len(text))]
    if run.startswith(UPDATE_OPERATORS):
        return True
    return run.startswith("=") and not run.startswith(("==", "=>")) and (len(run) > 1 or len(run) < len(text))


def _split(piece: str) -> tuple[int, str, str]:
    """(leading white space's length, the identifier after it, the rest)."""
    lead = len(piece) - len(piece.lstrip())
    end = lead
    while end < len(piece) and is_ident_char(piece[end]):
        end += 1
    return lead, piece[lead:end], piece[end:]


class _Names:
    """The names a reference may take in one kind of place (anywhere, or in code that runs at load), and the
    pieces that may start one there (`start_ok[operand]`)."""

    def __init__(self, known, calls, values, split: list[tuple[int, str, str] | None]) -> None:
        self.known = frozenset(known) | KEYWORDS
        self.calls = frozenset(calls) & self.known  # names that must be followed by `(` unless the sketch declares them
        self.values = frozenset(values) & self.known  # names that must not be
        self.sorted = sorted(self.known)
        prefixes = {n[:j] for n in self.known for j in range(1, len(n) + 1)}
        operand_prefixes = {n[:j] for n in self.known - STATEMENT_WORDS for j in range(1, len(n) + 1)}
        start_ok, start_ok_expr = [True] * len(split), [True] * len(split)
        for i, parts in enumerate(split):
            if parts is None or not parts[1] or parts[1][0].isdigit():
                continue  # a special token, or a piece that starts no word
            _, ident, rest = parts
            whole = ident in self.known and (ident not in self.calls or rest.startswith("(")) and not (
                ident in self.values and rest.lstrip().startswith("("))
            start_ok[i] = whole if rest else ident in prefixes
            start_ok_expr[i] = (whole and ident not in STATEMENT_WORDS) if rest else ident in operand_prefixes
        self.start_ok = {False: torch.tensor(start_ok), True: torch.tensor(start_ok_expr)}

    def usable(self, name: str, local: frozenset[str], operand: bool) -> bool:
        """May `name` stand as a whole word here (whatever follows it)?"""
        return name in local or (name in self.known and not (operand and name in STATEMENT_WORDS))

    def starting(self, word: str, local: frozenset[str]) -> list[str]:
        lo = bisect.bisect_left(self.sorted, word)
        out = [n for n in local if n.startswith(word)]
        for k in range(lo, len(self.sorted)):
            if not self.sorted[k].startswith(word):
                break
            out.append(self.sorted[k])
        return out


class ScopeGuard(Guard):
    name = "scope"
    cache_size = 1024  # keys hold the names in scope, so they turn over fast
    # 2: a one-statement loop body's `;` ends its head's names (1 kept them to the block's end).
    # 3: the known names are the sketch's (SKETCH_GLOBALS, not the whole page's); a p5 function is called;
    #    a statement's keyword does not stand where an operand must.
    # 4: a `let` or `const` does not take a name its scope has declared; `for (const k` is not followed by `=`.
    # 5: p5's functions beyond the canvas (files, network, the DOM: page_globals.P5_BEYOND_THE_CANVAS) are not known.
    # 6: a `let` or `const` name is not read in its own initializer (or a for-of head's iterable).
    # 7: code that runs while the script loads (outside every function) does not read p5's names (AT_LOAD_GLOBALS);
    #    a `const` name read is not assigned (`=`, `+=`, `++`).
    # 8: a p5 value (`touches`, `width`) is not followed by `(`.
    version = 8

    def __init__(self, pieces: list[str], vocab_size: int, known=SKETCH_GLOBALS, calls=P5_FUNCTIONS,
                 known_at_load=AT_LOAD_GLOBALS, values=P5_VALUES):
        super().__init__(pieces, vocab_size)
        split = [_split(p) if p else None for p in pieces]
        self._names = {load: _Names(names, calls, values, split)  # by whether the code runs at load
                       for load, names in ((False, known), (True, known_at_load))}
        self.known = self._names[False].known
        # Indexes by the identifier a piece writes: continuing a word (no leading space) or starting one.
        self._cont_exact: dict[str, list[int]] = {}  # the piece is exactly the identifier
        self._cont_rest: dict[str, list[int]] = {}  # the identifier, then a non-identifier character
        self._cont_call: dict[str, list[int]] = {}  # the identifier, then `(`
        self._cont_call_spaced: dict[str, list[int]] = {}  # the identifier, then white space (or none) and `(`
        self._start_exact: dict[str, list[int]] = {}  # white space allowed before the identifier
        self._start_rest: dict[str, list[int]] = {}
        flags = {k: [False] * vocab_size for k in (
            "ends",  # the piece ends a word at its first character
            "ends_ident",  # ...with white space, then starts another word
            "opens_call",  # the piece starts with `(`
            "opens_call_spaced",  # white space (or none), then `(`
            "assigns",  # white space, then `=` (not `==` or `=>`)
            "follower_ends",  # ends a word with what may follow a parameter
            "cont_any",  # continues a word and stays in it
            "cont_follower",  # continues a word, then what may follow a parameter
            "arrow",  # white space, or the `=>` a parameter list must meet
            "arrow_gt")}  # the `>` after its `=`
        for i, p in enumerate(pieces):
            if not p:  # a special token (the end of the completion): where a known word may end
                flags["ends"][i] = True
                continue
            lead, ident, rest = split[i]
            stripped = p.lstrip()
            flags["arrow"][i] = stripped == "" or stripped == "=" or stripped.startswith("=>")
            flags["arrow_gt"][i] = p.startswith(">")
            flags["opens_call"][i] = p.startswith("(")
            flags["opens_call_spaced"][i] = stripped.startswith("(")
            flags["assigns"][i] = stripped.startswith("=") and not stripped.startswith(("==", "=>"))
            if lead or not ident:
                flags["ends"][i] = True
                flags["ends_ident"][i] = bool(ident) and not ident[0].isdigit()
                flags["follower_ends"][i] = stripped[:1] == "" or stripped[0] in PARAMETER_FOLLOWERS
            else:
                (self._cont_rest if rest else self._cont_exact).setdefault(ident, []).append(i)
                if rest.startswith("("):
                    self._cont_call.setdefault(ident, []).append(i)
                if rest.lstrip().startswith("("):
                    self._cont_call_spaced.setdefault(ident, []).append(i)
                flags["cont_any"][i] = not rest
                flags["cont_follower"][i] = bool(rest) and rest[0] in PARAMETER_FOLLOWERS
            if ident and not ident[0].isdigit():
                (self._start_rest if rest else self._start_exact).setdefault(ident, []).append(i)
        t = {k: torch.tensor(v, dtype=torch.bool) for k, v in flags.items()}
        self._ends, self._ends_ident, self._opens_call = t["ends"], t["ends_ident"], t["opens_call"]
        self._not_call = ~t["opens_call_spaced"]
        self._not_assign = ~t["assigns"]
        # By the operator characters written (`assigns`): a handful of keys, each a pass over the vocabulary to
        # build, so kept out of the mask cache that empties whole.
        self._not_assigning_masks: dict[str, torch.Tensor] = {}
        self._ends_plain = t["ends"] & ~t["ends_ident"]
        self._follower_ends, self._arrow, self._arrow_gt = t["follower_ends"], t["arrow"], t["arrow_gt"]
        self._tentative_base = t["cont_any"] | t["cont_follower"] | t["follower_ends"]

    def new_state(self) -> ScopeState:
        return ScopeState(known=self.known)

    # --- the masks ------------------------------------------------------------------------------
    def allowed(self, state: ScopeState) -> torch.Tensor | None:
        """A bool mask over the vocabulary for the next token, or None where the guard does not apply."""
        if not state.in_code():
            return None
        if state.must_arrow:
            return self._arrow if state.must_arrow == 1 else self._arrow_gt
        if state.pending_follow:
            return self._follower_ends
        if state.in_word and state.word_kind == "bind" or not state.in_word and state.next_word_kind() == "bind":
            taken = state.taken_names()
            mask = self._binding_mask(state.word, taken) if taken else None
            if state.in_word and state.binds_in_for_head() == "const":  # `for (const k = 0; ...; k++)` throws
                mask = self._not_assign if mask is None else mask & self._not_assign
            return mask
        if state.in_word:
            if state.word_kind not in ("ref", "tentative"):
                return None
            key = (state.word_kind, state.word, state.local_names(), state.operand_expected(), state.runs_at_load())
            mask = self._cache.get(key, lambda: self._mask(*key))
            return mask & self._not_assigning("") if state.word_kind == "ref" and state.is_const(state.word) else mask
        if state.next_word_kind() != "ref":
            return None
        local, load = state.local_names(), state.runs_at_load()
        mask = self._start_mask(local, state.operand_expected(), load)
        if state.last_kind == "ref" and state.last in self._names[load].values and state.last not in local:
            mask = mask & self._not_call  # `touches (`: a value read, then white space
        if state.const_in_for:
            return mask & self._not_assign
        return mask & self._not_assigning(state.const_op) if state.after_const else mask

    def _not_assigning(self, op: str) -> torch.Tensor:
        """The pieces that do not assign a `const` name just read, `op` being the operator characters since it."""
        if op not in self._not_assigning_masks:
            self._not_assigning_masks[op] = torch.tensor([not assigns(op, p) for p in self.pieces]
                                                         + [True] * (self.vocab_size - len(self.pieces)))
        return self._not_assigning_masks[op]

    def _start_mask(self, local: frozenset[str], operand: bool, load: bool) -> torch.Tensor:
        """Where a reference may start: pieces whose identifier is a known name's prefix (or the name, then more)."""
        def build() -> torch.Tensor:
            mask = self._names[load].start_ok[operand].clone()
            for name in local:
                for j in range(1, len(name) + 1):
                    mask[self._start_exact.get(name[:j], [])] = True
                mask[self._start_rest.get(name, [])] = True
            return mask
        return self._cache.get(("start", "", local, operand, load), build)

    def _binding_mask(self, word: str, taken: frozenset[str]) -> torch.Tensor:
        """A `let` or `const` name being written (`word` so far) may not end as a name its scope has declared."""
        def build() -> torch.Tensor:
            mask = torch.ones(self.vocab_size, dtype=torch.bool)
            for name in taken:
                if not word:
                    mask[self._start_rest.get(name, [])] = False
                elif name == word:
                    mask &= ~self._ends
                elif name.startswith(word):
                    mask[self._cont_rest.get(name[len(word):], [])] = False
            return mask
        return self._cache.get(("bind", word, taken), build)

    def _mask(self, case: str, word: str, local: frozenset[str], operand: bool, load: bool) -> torch.Tensor:
        names = self._names[load]
        known = names.usable(word, local, operand)
        if case == "ref" and not known:
            mask = torch.zeros(self.vocab_size, dtype=torch.bool)
        elif case == "ref" and word in names.calls and word not in local:
            mask = self._opens_call.clone()  # p5's `random` is a function: `x + random` is NaN, not a number
        elif case == "ref":  # the word may end; a word after a space is a reference too, but after `let` and kin
            # (after an operand, the next word is an operator's place: `in`, `of` and `instanceof` may stand there)
            after = self._ends if word in UNCHECKED_AFTER else self._ends_ident & self._start_mask(local, False, load)
            mask = self._ends_plain | after
            if word in names.values and word not in local:  # p5's `touches` is an array: `touches(x)` throws
                mask &= self._not_call
        else:  # tentative: any word may still become a parameter
            mask = self._tentative_base | self._ends if known else self._tentative_base.clone()
        for name in names.starting(word, local):
            rest = name[len(word):]
            if not rest or not names.usable(name, local, operand):
                continue
            if case == "ref":
                for j in range(1, len(rest) + 1):
                    mask[self._cont_exact.get(rest[:j], [])] = True
            calls = case == "ref" and name in names.calls and name not in local
            mask[(self._cont_call if calls else self._cont_rest).get(rest, [])] = True  # its end, then more
            if case == "ref" and name in names.values and name not in local:
                mask[self._cont_call_spaced.get(rest, [])] = False
        return mask
