"""A JavaScript reader for the "scope" guard: which names a sketch has declared where, and what the next word is.

It reads the completion one character at a time, as the sampler writes it, and
keeps just enough structure to tell a *reference* (a name that must exist when
the line runs) from the words that are not one:

    declared names             let / const / var lists, destructuring patterns, for (let ...), catch (e)
    parameters                 function f(a, b = 1), (a, [b, c]) => ... (see below)
    a function's or class's    function name, class Name
    name
    property names             after `.` or `?.`
    object keys                {key: value} (a shorthand {x} is not checked either), methods' parameters
    typeof's operand           `typeof x` does not throw for an undeclared x
    inside a class body        not read at all (its methods look like calls)

Scopes follow the brackets: let and const live until their block's `}`; var and
function names until their function's. A `for (let i ...)` head's names live in
the block after it, or in a body of one statement until that statement's `;` (or
the `}` that ends it: `for (...) if (c) { ... }`). So an `else` after such a body
does not see them, and there the reader forbids what would run: it is rare, and
keeping the names to the end of the enclosing block let the commonest failure
through (`for (let x ...) brush.vertex(x, ...);` and `x` read two lines later).
Parameters written as a parenthesised list are only known at the `=>`: inside a
`(` that does not follow a name, a word right after `(` or `,` is *tentative*: it
may be an unknown name only if what follows it could follow a parameter, and the
`)` that closes such a list must be followed by `=>`. An arrow's expression body
keeps its parameters until the bracket around the arrow closes.

Two more things are read: whether code runs while the script loads (outside
every function, class and arrow; p5 defines its globals only after the script
has run: `runs_at_load`), and which names a `const` declared, with the operator
characters written right after one is read (`after_const`, `const_op`), so that
an assignment to it can be refused.

Each scope also keeps the names declared in it (not a for head's, which live in
the head's own scope), so a second `let` of one of them can be refused.

Strings, template literals and comments are skipped (the brackets guard's lexer
tells them apart, fences and prose included). On a closer that does not match,
the reader gives up (`broken`): the sketch is past saving by this guard.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paint_pipeline.policy.guards.api_names import is_ident_char
from paint_pipeline.policy.guards.brackets import LexState, feed

KEYWORDS = frozenset(("break case catch class const continue debugger default delete do else export extends finally "
                      "for function if import in instanceof new return super switch this throw try typeof var void "
                      "while with yield let static await async of null true false arguments").split())
DECLARES = frozenset({"let", "const", "var"})
CONTROL = frozenset({"if", "while", "switch", "with"})
BLOCK_AFTER = frozenset({"", ";", "{", "}", ")", "else", "try", "finally", "do"})  # `{` after these opens a block
OPERATOR_WORDS = frozenset({"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
                            "yield", "await", "else", "do", "let", "const", "var", "extends", "async"})
# Keywords that begin statements, and the binary operators written as words: neither can begin an operand, so
# where one is expected (`f(x, with`), the guard does not offer them.
STATEMENT_WORDS = frozenset(("break case catch const continue debugger default do else export extends finally for if "
                             "import in instanceof let of static switch try var while with").split())
OPERAND_FRAMES = frozenset({"call", "index", "array", "group", "cond"})  # inside these, every word is in an operand
OPERAND_AFTER = frozenset("=*/%<>&|^!~?,") | {"return", "typeof", "new", "delete", "void", "throw", "case", "yield",
                                              "await", "in", "of", "instanceof", "extends"}
OPERATOR_CHARS = frozenset("=+-*/%<>&|^?!~")  # what JavaScript's operators are written with, `.` aside
PARAMETER_FOLLOWERS = frozenset(",)=]}:")  # what may follow a parameter in a list (`:` in an object pattern)
SCOPES = ("top", "block", "fnbody", "for")  # the frames that hold let and const names
# Frames whose code may run after the script has loaded: a function's body or parameters, a class, and a `(` or
# a pattern that may yet turn out to be an arrow's parameters (`(a = random()) => a`).
DEFERRED = frozenset({"fnbody", "params", "class", "group", "pattern"})
CHECKED = ("ref", "tentative")  # the word kinds the guard checks


def is_name(token: str) -> bool:
    """A word that ends an operand (so a `(` after it is a call): not a number, not an operator keyword."""
    return bool(token) and is_ident_char(token[0]) and not token[0].isdigit() and token not in OPERATOR_WORDS


def ends_operand(token: str) -> bool:
    """A `(` after this token calls, a `[` indexes."""
    return is_name(token) or token in (")", "]", "value")


@dataclass
class Frame:
    opener: str  # ( [ { or "" for the top level
    kind: str  # top block fnbody for stmt class object call group params cond index array pattern
    names: set[str] = field(default_factory=set)
    declared: set[str] = field(default_factory=set)  # declared in this scope itself (a for head's names are not)
    slot: bool = True  # the next word sits right after the opener or a `,`: a key, a parameter or an element
    tentative: list[str] = field(default_factory=list)  # words that are parameters if `=>` follows
    param_slot: bool = False  # an array in a group's slot: a destructured parameter, perhaps
    consts: set[str] = field(default_factory=set)  # of the names declared here, those a `const` declared


@dataclass
class ScopeState:
    known: frozenset[str]  # names that exist on every page (globals, keywords)
    lex: LexState = field(default_factory=LexState)
    frames: list[Frame] = field(default_factory=lambda: [Frame("", "top")])
    word: str = ""
    in_word: bool = False
    word_kind: str = ""
    last: str = ""  # the last significant token: a word, a punctuator, or "value" (a string or number)
    last_kind: str = ""  # the kind of that token where it is a word
    dots: int = 0  # `.` characters just written (1: a property name follows; 3: a spread)
    decl: str = ""  # let / const / var while its list is open
    decl_depth: int = 0
    decl_binding: bool = False  # the declaration's next word is a name it declares
    function_head: str = ""  # "name" after `function`, "params" once past its name
    class_head: bool = False  # after `class`: the next `{` opens its body
    after_typeof: bool = False
    pending_params: set[str] | None = None  # names the next `{` starts with (a function's or catch's body)
    pending_for: set[str] | None = None  # a for head's names, waiting to see whether a block follows
    closed_group: set[str] | None = None  # the words of a `(...)` just closed: parameters if `=>` follows
    must_arrow: int = 0  # 1: a `(...)` closed with unknown names, so `=>` must follow; 2: its `=` is written
    pending_follow: bool = False  # a tentative unknown word ended by a space: a parameter's follower must come
    arrow_params: set[str] | None = None  # after `=>`: the parameters, for a `{` body
    arrow_candidate: set[str] | None = None  # the parameters of `(...) =` or `name =`, if `>` comes next
    const_in_for: bool = False  # `for (const k` just written: `of` or `in` must follow, not `=`
    initializing: set[str] = field(default_factory=set)  # let/const names whose initializer is being written
    for_block: set[str] | None = None  # a for head's names, for the `{` that follows it
    arrow_depth: int = 0  # the frames' depth at the outermost `=>` whose body may still be open (0: none)
    after_const: bool = False  # the last word read a `const` name: no assignment may follow it
    const_op: str = ""  # the operator characters written since that name (`=`: `==` or `=>` may yet follow)
    before_slash: tuple[str, bool] = ("", False)  # (last, slot) before a `/`, restored if it starts a comment
    broken: bool = False

    # --- what the guard asks ---------------------------------------------------------------
    def in_code(self) -> bool:
        return self.lex.in_code and self.lex.mode == "code" and not self.broken

    def runs_at_load(self) -> bool:
        """Does code written here run while the script loads, before p5 defines its globals? Only outside every
        function body, parameter list, class and arrow (a function may run later); where unsure, no: an arrow's
        body lasts until the bracket around it closes or a `;` ends its statement, not at a line's end."""
        return not self.arrow_depth and not any(f.kind in DEFERRED for f in self.frames)

    def local_names(self) -> frozenset[str]:
        """The sketch's names readable here. One whose `let`/`const` initializer is being written is not, nor the
        name it shadows ("Cannot access 'x' before initialization"), unless inside a function written there,
        which may run later (`const draw = () => draw()`)."""
        names = frozenset().union(*(f.names for f in self.frames))
        if self.initializing and self.arrow_params is None and not any(
                f.kind in ("fnbody", "params") for f in self.frames[self.decl_depth or len(self.frames):]):
            names -= self.initializing
        return names

    def is_const(self, name: str) -> bool:
        """Is `name`, where it is read here, one a `const` declared (not a for head's: those rule 4 reads)?"""
        frame = next((f for f in reversed(self.frames) if name in f.names), None)
        return frame is not None and name in frame.consts

    def is_known(self, name: str) -> bool:
        return name in self.known or any(name in f.names for f in self.frames)

    def next_word_kind(self) -> str:
        """The kind of a word that would start here (a digit starts a number whatever this says)."""
        top = self.frames[-1]
        if any(f.kind == "class" for f in self.frames):
            return "free"
        if self.dots == 1:
            return "prop"
        if self.function_head == "name":
            return "fname"
        if self.class_head and self.last == "class":
            return "cname"
        if self.after_typeof:
            return "free"
        if top.kind in ("params", "pattern"):
            return "param"
        if self.decl and self.decl_binding and len(self.frames) == self.decl_depth:
            return "bind"
        if top.kind == "object" and top.slot:
            return "key"
        if top.slot and (top.kind == "group" or top.param_slot):
            return "tentative"
        return "ref"

    def taken_names(self) -> frozenset[str]:
        """Names a `let` or `const` binding here may not take: declared in the same scope already (parameters
        included), a SyntaxError ("Identifier 'x' has already been declared")."""
        if self.decl not in ("let", "const") or len(self.frames) != self.decl_depth:
            return frozenset()
        return frozenset(next(f for f in reversed(self.frames) if f.kind in SCOPES).declared)

    def binds_in_for_head(self) -> str:
        """The declaration's keyword where a name it binds is being written in a for head, else ""."""
        return self.decl if self.frames[-1].kind == "for" and len(self.frames) == self.decl_depth else ""

    def operand_expected(self) -> bool:
        """Must a word starting here begin an operand (not a statement, not a binary operator)? Where unsure, no:
        `+` and `-` are left out (`i++` then a new line may begin a statement)."""
        if ends_operand(self.last):
            return False
        top = self.frames[-1]
        return top.kind in OPERAND_FRAMES or self.last in OPERAND_AFTER or (self.last == ":" and top.kind == "object")

    # --- reading ---------------------------------------------------------------------------
    def append(self, text: str) -> None:
        for c in text:
            if self.broken:
                return
            was_code = self.lex.in_code and self.lex.mode == "code"
            in_block = self.lex.in_code
            feed(self.lex, c, strict=False)
            if not self.lex.in_code:
                if in_block:  # the closing fence: prose again, and a new sketch may follow
                    self.__init__(known=self.known, lex=self.lex)
            elif not was_code:
                continue
            elif self.lex.mode in ("line", "block"):  # the `/` just read started a comment
                self.last, self.frames[-1].slot = self.before_slash
            elif self.lex.mode != "code":  # a string starts: a value
                self._end_word(c)
                self._token("value")
            else:
                self._code(c)

    def _code(self, c: str) -> None:
        was_after, op = self.after_const, self.const_op
        ends_const = self.in_word and self.word_kind == "ref" and not is_ident_char(c) and self.is_const(self.word)
        self._read_code(c)
        if was_after or ends_const:  # after a `const` name: follow the operator written after it
            if c in OPERATOR_CHARS:
                self.after_const, self.const_op = True, (op if was_after else "") + c
            elif c.isspace() and not (was_after and op):
                self.after_const, self.const_op = True, ""
            else:
                self.after_const, self.const_op = False, ""

    def _read_code(self, c: str) -> None:
        if not c.isspace() and self.pending_for is not None:
            self._settle_for(c)
        if is_ident_char(c):
            if not self.in_word:
                self.in_word, self.word = True, c
                self.word_kind = "number" if c.isdigit() else self.next_word_kind()
                self.dots, self.must_arrow, self.closed_group, self.const_in_for = 0, 0, None, False
                self.after_const, self.const_op = False, ""
            else:
                self.word += c
            return
        self._end_word(c)
        if not c.isspace():
            self._punct(c)
        elif c == "\n" and len(self.frames) == self.decl_depth:  # a line may end it without a `;`
            self.initializing = set()

    def _token(self, token: str) -> None:
        self.last, self.last_kind, self.dots, self.must_arrow, self.closed_group = token, "", 0, 0, None
        self.const_in_for = self.after_const = False
        self.const_op = ""
        self.frames[-1].slot = False

    def _end_word(self, follower: str) -> None:
        if not self.in_word:
            if not follower.isspace():
                self.pending_follow = False
            return
        word, kind = self.word, self.word_kind
        self.in_word, self.word, self.word_kind, self.after_typeof = False, "", "", False
        if kind == "number":
            self._token("value")
            return
        top = self.frames[-1]
        if kind in CHECKED and self._keyword(word):
            pass
        elif kind == "bind":
            self._declare(word, self.decl)
            if self.decl != "var":
                self.initializing = {word}
            self.decl_binding = False
            self.const_in_for = self.binds_in_for_head() == "const"
        elif kind == "fname":
            self._declare(word, "var")
            self.function_head = "params"
        elif kind == "cname":
            self._declare(word, "let")
        elif kind == "param":
            self._declare_parameter(word)
        elif kind == "tentative":
            top.tentative.append(word)
            self.pending_follow = follower.isspace() and not self.is_known(word)
        self.last, self.last_kind = word, kind
        top.slot = False

    def _keyword(self, word: str) -> bool:
        """Reads a keyword written where a reference could be; True where `word` is one."""
        if word not in KEYWORDS:
            return False
        if word in DECLARES:
            self.decl, self.decl_depth, self.decl_binding = word, len(self.frames), True
        elif word == "function":
            self.function_head = "name"
        elif word == "class":
            self.class_head = True
        elif word == "typeof":
            self.after_typeof = True
        elif word in ("of", "in") and self.decl and len(self.frames) == self.decl_depth:
            self.decl = ""
        return True

    def _declare(self, name: str, how: str) -> None:
        scopes = ("top", "fnbody") if how == "var" else SCOPES
        frame = next(f for f in reversed(self.frames) if f.kind in scopes)
        frame.names.add(name)
        frame.declared.add(name)
        if how == "const" and frame.kind != "for":
            frame.consts.add(name)
        else:
            frame.consts.discard(name)

    def _declare_parameter(self, name: str) -> None:
        """A parameter, or a name in a destructuring pattern: the declaration's, or the parameter list's."""
        if self.decl and not any(f.kind in ("params", "group") for f in self.frames[self.decl_depth:]):
            self._declare(name, self.decl)
            return
        next(f for f in reversed(self.frames) if f.kind in ("params", "group", "top")).names.add(name)

    def _punct(self, c: str) -> None:
        last, top = self.last, self.frames[-1]
        if c == "/":
            self.before_slash = (last, top.slot)
        if c == ".":
            self.dots += 1
            self.last = "."
            return
        if c == "=" and (self.closed_group is not None or is_name(last)):  # (must_arrow comes with closed_group)
            self.must_arrow = 2 if self.must_arrow else 0
            self.arrow_candidate = self.closed_group if self.closed_group is not None else {last}
            self.closed_group, self.last, self.dots, self.const_in_for = None, "=", 0, False
            top.slot = False
            return
        if c == ">" and last == "=" and self.arrow_candidate is not None:
            self._arrow(self.arrow_candidate)
            return
        self.arrow_candidate = None
        if c in "([{":
            self._open(c, last)
        elif c in ")]}":
            self._close(c)
        elif c == ",":
            self._token(",")
            top.slot = True
            if self.decl and len(self.frames) == self.decl_depth:
                self.decl_binding, self.initializing = True, set()
        else:
            if c == ";" and self.decl and len(self.frames) <= self.decl_depth:
                self.decl, self.initializing = "", set()
            if c == ";" and len(self.frames) <= self.arrow_depth:
                self.arrow_depth = 0
            self._token(c)
            if c == ";":
                self._end_statements()

    def _open(self, c: str, last: str) -> None:
        top = self.frames[-1]
        names: set[str] = set()
        declared: set[str] = set()
        binding = self.decl and self.decl_binding and len(self.frames) == self.decl_depth
        if c == "(":
            if self.function_head or last == "catch" or (top.kind == "object" and self.last_kind == "key"):
                kind = "params"  # function f(  catch (  or a method: { draw(s) { ... } }
            elif last == "for":
                kind = "for"
            elif last in CONTROL:
                kind = "cond"
            elif ends_operand(last):
                kind = "call"
            else:
                kind = "group"
            self.function_head = ""
        elif c == "[":
            if binding or top.kind in ("params", "pattern"):
                kind = "pattern"
            elif ends_operand(last):
                kind = "index"
            else:
                kind = "array"
        else:
            if self.arrow_params is not None and last == ">":
                kind, names = "fnbody", set(self.arrow_params)
                declared = set(names)  # a body's `let` may not take a parameter's name
            elif self.pending_params is not None:
                kind, names = "fnbody", set(self.pending_params)
                declared = set(names)
            elif self.for_block is not None:
                kind, names = "block", set(self.for_block)
            elif self.class_head:
                kind = "class"
            elif binding or top.kind in ("params", "pattern") or (top.kind == "group" and top.slot):
                kind = "pattern"  # const {a, b} = ...  or  ({x, y}) => ...
            elif last in BLOCK_AFTER:
                kind = "block"
            else:
                kind = "object"
            self.pending_params, self.arrow_params, self.for_block = None, None, None
            self.class_head, self.function_head = False, ""
        frame = Frame(c, kind, names, declared, param_slot=(kind == "array" and top.kind == "group" and top.slot))
        self._token(c)
        self.frames.append(frame)

    def _close(self, c: str) -> None:
        opener = {")": "(", "]": "[", "}": "{"}[c]
        self._end_statements()  # a closer ends a one-statement loop body inside its bracket
        if len(self.frames) < 2 or self.frames[-1].opener != opener:
            self.broken = True
            return
        frame = self.frames.pop()
        parent = self.frames[-1]
        if self.decl and len(self.frames) < self.decl_depth:
            self.decl = ""
        if len(self.frames) < self.decl_depth:  # the declaration's bracket, or a for-of head's, has closed
            self.initializing = set()
        if len(self.frames) < self.arrow_depth:  # the bracket around an arrow has closed
            self.arrow_depth = 0
        self._token(c)
        if frame.kind in ("block", "fnbody") and parent.kind == "stmt":
            self._end_statements()  # for (...) if (c) { ... }: the block ended the loop's body
        if frame.kind == "params":
            self.pending_params = frame.names
        elif frame.kind == "for":
            self.pending_for = frame.names
        elif frame.kind == "group":
            self.closed_group = frame.names | set(frame.tentative)
            self.must_arrow = int(any(not self.is_known(n) for n in frame.tentative))
        elif frame.param_slot:
            parent.tentative.extend(frame.tentative)
            parent.names |= frame.names
        elif frame.kind == "pattern" and self.decl and len(self.frames) == self.decl_depth:
            self.decl_binding = False  # const [a, b] = ...: the initializer follows
            self.const_in_for = self.binds_in_for_head() == "const"

    def _arrow(self, params: set[str]) -> None:
        """`=>`: the parameters hold in a `{` body, or in the expression after it until the bracket around closes."""
        self.arrow_candidate = None
        self._token(">")
        self.arrow_params = set(params)
        self.frames[-1].names |= params
        self.frames[-1].consts -= params  # in an expression body the parameter, not an outer const, is read
        self.arrow_depth = self.arrow_depth or len(self.frames)

    def _settle_for(self, c: str) -> None:
        """After a for head: a `{` takes its names; a body of one statement gets a frame of its own, with no bracket,
        that its `;` ends."""
        if c != "{":
            self.frames.append(Frame("", "stmt", set(self.pending_for), slot=False))
            self.pending_for = None
        else:
            self.for_block, self.pending_for = self.pending_for, None  # the block starts with them

    def _end_statements(self) -> None:
        while self.frames[-1].kind == "stmt":
            self.frames.pop()
