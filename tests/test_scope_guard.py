"""The "scope" decoding guard: a name read where the sketch has not declared it, and the page does not define, is
never sampled; valid code, scoping constructs of every kind, is never forbidden anything."""

from __future__ import annotations

import random
import re

import pytest
from test_decoding_guards import _allowed_pieces, _walk

from paint_pipeline.page_globals import (
    AT_LOAD_GLOBALS,
    P5_BEYOND_THE_CANVAS,
    P5_FUNCTIONS,
    P5_VALUES,
    PAGE_GLOBALS,
    SKETCH_GLOBALS,
)
from paint_pipeline.policy.guards import GuardSet, masks_for_completion
from paint_pipeline.policy.guards.js_scope import KEYWORDS, ScopeState, is_ident_char

HEAD = "function setup() {\n  createCanvas(96, 96, WEBGL);\n  brush.set('HB', '#2f5fb3', 1);\n"

# Valid sketches that use every scoping construct the reader knows; each renders, and the guard allows each token.
VALID = {
    "loops and blocks": HEAD + """  for (let i = 0; i < 3; i++) {
    const x = i * 10 - 20;
    if (x > 0) { let y = x / 2; brush.line(x, y, -x, -y); } else { brush.circle(x, 0, 4); }
  }
  for (let k = 0; k < 2; k++) brush.line(k, 0, k, 10);
  for (let a = 0; a < 2; a++) for (let b = 0; b < 2; b++) brush.circle(a, b, 1);
  for (let c = 0; c < 2; c++) if (c > 0) { brush.circle(c, 0, 1); }
  for (const p of [[1, 2]]) [p].forEach(function (q) { brush.circle(q[0], p[1], 1); });
  var total = 0;
  { var inner = 3; total += inner; }
  brush.circle(total, inner, 2);
}""",
    "functions and closures": """function ring(r, steps = 12) {
  const pts = [];
  for (let i = 0; i < steps; i++) pts.push([r * cos(TWO_PI * i / steps), r * sin(TWO_PI * i / steps)]);
  return pts;
}
function setup() {
  createCanvas(96, 96, WEBGL);
  brush.set('HB', '#2f5fb3', 1);
  const scale = (p, s) => [p[0] * s, p[1] * s];
  const shift = function (p, dx) { return [p[0] + dx, p[1]]; };
  brush.polygon(ring(30).map((p) => scale(p, 0.8)).map(([x, y]) => shift([x, y], 2)));
  brush.spline(ring(20, 8).map(([x, y], i) => [x + i, y - i]), 0.5);
  [1, 2].forEach(function (n) { brush.circle(n * 5, n, 2); });
}""",
    "destructuring and objects": HEAD + """  const [a, b] = [10, 20];
  const { w, h: tall } = { w: 30, h: 40 };
  const cfg = { x: a, y: b, size: tall, draw(s) { return s; } };
  let [c = 1, ...rest] = [undefined, 2, 3];
  for (const [px, py] of [[a, b], [w, c]]) brush.circle(px, py, rest.length);
  for (const key in cfg) brush.line(0, 0, cfg.x, key.length);
  brush.rect(-w / 2, -tall / 2, cfg.size, cfg.draw(5));
}""",
    "strings, comments, typeof, catch": HEAD + """  // notUsed is only a comment; so is /* this */ one
  const label = `value ${1 + 2} and notDeclared`;
  const kind = typeof maybeThere === 'undefined' ? 'none' : 'some';
  try { brush.circle(0, 0, label.length + kind.length); } catch (err) { brush.circle(0, 0, err ? 1 : 2); }
  const shade = color('#fa0');
  brush.set('HB', shade, 1);
  brush.line(-10, 0, 10, 0);
}""",
    "a local that shadows p5's function, and operators written as words": HEAD + """  const random = 3, o = { a: 1 };
  if ('a' in o && o instanceof Object) brush.circle(0, 0, random);
  for (const k of [1, 2]) brush.circle(k, random, 2);
}""",
    "a recursive arrow, and names read after their initializers": HEAD + """  const f = (n) => (n > 0 ? f(n - 1) : 0);
  const a = 2, b = a * 2
  brush.circle(a, b, f(3) + 1);
  for (const p of [a, b]) brush.circle(p, p, 2);
}""",
    "a class": """class Dot {
  constructor(x, y) { this.x = x; this.y = y; }
  draw(r) { brush.circle(this.x, this.y, r); }
}
function setup() {
  createCanvas(96, 96, WEBGL);
  brush.set('HB', '#2f5fb3', 1);
  const d = new Dot(5, 6);
  d.draw(4);
}""",
    "a const read, compared, indexed and shadowed; its properties assigned": HEAD + """  const x = 4, pts = [[1, 2]];
  const o = { r: 2 };
  o.r = x >= 3 ? x : 1;
  o.r += x <= 5 && x == 4 ? 1 : 0;
  pts[0][1] = x;
  pts.push([x, x]);
  for (let x = 0; x < 2; x++) { x += 0; }
  const twice = (x) => { x = x * 2; return x; };
  function grow(x) { x++; return x; }
  { let x = 1; x -= 1; }
  brush.circle(o.r, pts[0][1], twice(x) + grow(x) - x);
}""",
    "code that runs at load reads no p5 name; functions, arrows and classes written there may": """const W = 96;
const palette = ['#2f5fb3', '#c0392b'], steps = Math.max(2, Math.floor(W / 40));
const jitter = (v, s = random(2)) => v + random(-s, s);
const ring = (r) => [0, 1, 2, 3, 4, 5].map((i) => [r * cos(TWO_PI * i / 6), r * sin(TWO_PI * i / 6)]);
function later(n = floor(random(3))) { return n + 1; }
class Blot { size = random(4, 8); draw() { brush.circle(jitter(0), 0, this.size); } }
const sizes = [1, 2].map((k) => k * steps);
function setup() {
  createCanvas(W, W, WEBGL);
  brush.set('HB', palette[0], 1);
  brush.polygon(ring(20));
  new Blot().draw();
  for (let i = 0; i < sizes[1] + later(); i++) brush.line(-20, i, 20, i);
}""",
}

# Sketches that throw "x is not defined": the text up to the name, the name, and the rest.
UNDEFINED = [
    ("a loop's const after the loop",
     HEAD + "  for (let i = 0; i < 3; i++) {\n    const x = i * 10;\n    brush.circle(x, 0, 3);\n  }\n  brush.line(",
     "x", ", 0, 0, 10);\n}"),
    ("a block's let after the block", HEAD + "  if (true) {\n    let reach = 4;\n  }\n  brush.circle(0, 0, ", "reach",
     ");\n}"),
    ("a for head's let after its block", HEAD + "  for (let j = 0; j < 2; j++) {\n    brush.circle(j, 0, 2);\n  }\n"
     "  brush.circle(", "j", ", 0, 2);\n}"),
    ("a one-statement loop's let after its statement", HEAD + "  for (let x = 0; x < 3; x++) brush.circle(x, 0, 2);\n"
     "  brush.circle(", "x", ", 10, 2);\n}"),
    ("a parameter outside its function", "function petal(size) {\n  return size * 2;\n}\n" + HEAD
     + "  brush.circle(0, 0, ", "size", ");\n}"),
    ("an arrow's parameter after it", HEAD + "  const pts = [[1, 2]].map(([u, v]) => [u, v]);\n  brush.circle(",
     "u", ", 0, 2);\n}"),
    ("never declared", HEAD + "  brush.circle(0, 0, ", "radius", ");\n}"),
]


@pytest.fixture(scope="module")
def scope(tokenizer):
    return GuardSet(["scope"], tokenizer, len(tokenizer))


def _fenced(code: str) -> str:
    return "Here it is:\n```javascript\n" + code + "\n```\n"


def _reader(text: str) -> ScopeState:
    state = ScopeState(known=frozenset(SKETCH_GLOBALS) | KEYWORDS)
    state.append(text)
    return state


def _render_cases(cases: list[tuple[str, str, str, str]]) -> list:
    """Each (case, text before the name, the name, the rest) rendered as one sketch."""
    from paint_pipeline.render import RendererService, RenderItem

    with RendererService(pool_size=1) as client:
        return client.render_batch([RenderItem(id=f"case{k}", code=before + name + after, seed=1, size=96)
                                    for k, (_, before, name, after) in enumerate(cases)])


def test_valid_sketches_render_and_are_forbidden_nothing(tokenizer, scope):
    from paint_pipeline.render import RendererService, RenderItem

    with RendererService(pool_size=1) as client:
        results = client.render_batch([RenderItem(id=k, code=code, seed=1, size=96) for k, code in VALID.items()])
    for (name, code), result in zip(VALID.items(), results):
        assert result.status == "SUCCESS", (name, result.errors)
        ids = tokenizer(_fenced(code), add_special_tokens=False).input_ids
        assert masks_for_completion(scope, ids), name  # raises where a token lies outside its mask
        assert not _reader(_fenced(code)).broken, name


def test_undefined_names_throw_and_the_guard_does_not_offer_them(scope):
    results = _render_cases(UNDEFINED)
    for (case, before, name, _), result in zip(UNDEFINED, results):
        assert result.status == "RUNTIME_ERROR" and f"{name} is not defined" in result.errors[0], (case, result)
        state = _reader(_fenced(before).rsplit("\n```", 1)[0])
        assert state.next_word_kind() == "ref" and not state.is_known(name), case
        text = _fenced(before).rsplit("\n```", 1)[0]
        offered = _allowed_pieces(scope, text)
        assert offered is not None, case
        names = state.known | state.local_names()
        runs = {_run(p) for p in offered} - {""}
        assert all(r[0].isdigit() or any(n.startswith(r) for n in names) for r in runs), case
        for piece in offered:
            if _run(piece) == name:  # a known name's prefix ("u" of "undefined"): it may not end here
                assert piece.lstrip() == name, (case, piece)
                after = _allowed_pieces(scope, text + piece)
                assert after is not None and all(is_ident_char(p[0]) for p in after), (case, piece)


# What the scope guard steered earlier policies into when they reached for a name they had not declared: a p5
# function as a number (p5.brush throws), the browser's `history` (NaN: nothing drawn), a statement's keyword as an
# operand (no parse), a p5 function for files (throws).
STEERED = [("a p5 function as a number", HEAD + "  brush.fill('#121212', 210);\n  brush.circle(0, 0, ", "random",
            ");\n}"),
           ("the browser's history as a number", HEAD + "  brush.line(0, 0, 10, ", "history", ");\n}"),
           ("a statement's keyword as an operand", HEAD + "  brush.line(0, 0, 10 + ", "with", ", 5);\n}"),
           ("a p5 function beyond the canvas", HEAD + "  brush.line(0, 0, 10 + ", "writeFile", "(50, 100), 5);\n}")]


def test_what_the_guard_steered_into_before_is_not_offered(scope):
    results = _render_cases(STEERED)
    assert [r.status for r in results] == ["RUNTIME_ERROR", "SUCCESS", "PARSE_ERROR", "RUNTIME_ERROR"], \
        [r.errors for r in results]
    for case, before, name, _ in STEERED:
        assert _followers(scope, _fenced(before).rsplit("\n```", 1)[0], name) <= ({"("} if name == "random" else
                                                                              set()), case
    # p5's function may be written where it is called; the sketch's own name shadows it.
    text = _fenced(HEAD + "  brush.circle(0, 0, ").rsplit("\n```", 1)[0]
    assert _followers(scope, text, "random") == {"("}
    shadowed = _fenced(HEAD + "  const random = 2;\n  brush.circle(0, 0, ").rsplit("\n```", 1)[0]
    assert {")", "("} <= _followers(scope, shadowed, "random")
    # Where no operand is expected, the keyword stands: a statement, an operator after an operand.
    state = _reader("```javascript\n" + HEAD + "  ")
    assert not state.operand_expected()
    assert _reader("```javascript\n" + HEAD + "  brush.line(0, ").operand_expected()
    assert not _reader("```javascript\n" + HEAD + "  const ok = 'a' ").operand_expected()


def test_a_p5_value_is_not_called(scope):
    """p5's values (`touches`, an array; `width`, a number) throw where called ("touches is not a function", a
    held-out failure): the guard lets no `(` follow one, right after it or after white space, and still lets the
    rest; the sketch's own function of that name may be called."""
    result = _render_cases([("called", HEAD + "  brush.circle(0, 0, ", "touches", "(0) + 4);\n}")])[0]
    assert result.status == "RUNTIME_ERROR" and "touches is not a function" in result.errors[0], result
    for name, before in (("touches", "  brush.circle(0, 0, "), ("width", "  brush.line(0, 0, 10 + "),
                         ("frameCount", "  const t = ")):
        text = _fenced(HEAD + before).rsplit("\n```", 1)[0]
        followers = _followers(scope, text, name)
        assert "(" not in followers and followers & {")", " ", ";", "."}, (name, followers)
        assert not [p for p in _allowed_pieces(scope, text + name + " ") if p.lstrip().startswith("(")], name
        assert not [p for p in _allowed_pieces(scope, text + " " + name) if p.lstrip().startswith("(")], name
    shadowed = _fenced("function touches(n) { return n; }\n" + HEAD + "  brush.circle(0, 0, ").rsplit("\n```", 1)[0]
    assert "(" in _followers(scope, shadowed, "touches")
    assert _followers(scope, _fenced(HEAD + "  brush.circle(0, 0, ").rsplit("\n```", 1)[0], "random") == {"("}


# Code that runs while the script loads, before p5 defines its globals: the text up to a p5 name, the name, the rest.
AT_LOAD = [
    ("a loop after a `}` too many closed setup", HEAD + "}\nfor (let i = 0; i < 3; i++) {\n  brush.circle(", "random",
     "(-20, 20), 0, 5);\n}"),
    ("a top-level constant", "const size = ", "PI", " * 4;\n" + HEAD + "  brush.circle(0, 0, size);\n}"),
    ("an object's value", "const cfg = { r: ", "width", " / 4 };\n" + HEAD + "  brush.circle(0, 0, cfg.r);\n}"),
    ("after an arrow's statement ended", "const twice = (x) => x * 2;\nlet q = ", "floor",
     "(twice(2.5));\n" + HEAD + "  brush.circle(0, 0, q);\n}"),
]


def test_code_that_runs_at_load_is_not_offered_p5s_names(scope):
    """At the top level (outside every function, class and arrow) p5's names are not defined yet: such a read throws
    in the renderer, and the guard does not offer it; in a function, or an arrow's body, it does."""
    results = _render_cases(AT_LOAD)
    for (case, before, name, _), result in zip(AT_LOAD, results):
        assert result.status == "RUNTIME_ERROR" and f"{name} is not defined" in result.errors[0], (case, result)
        text = _fenced(before).rsplit("\n```", 1)[0]
        assert _reader(text).runs_at_load(), case
        assert _followers(scope, text, name) == set(), case
        assert _allowed_pieces(scope, text) is not None, case  # other names stay: the language's, `brush`
    assert _followers(scope, _fenced(HEAD + "  brush.circle(").rsplit("\n```", 1)[0], "random") == {"("}
    in_arrow = _fenced("const twice = (x) => x * ").rsplit("\n```", 1)[0]
    assert not _reader(in_arrow).runs_at_load() and _followers(scope, in_arrow, "random") == {"("}
    assert _followers(scope, _fenced("const steps = ").rsplit("\n```", 1)[0], "Math") >= {"."}


# A `const` name assigned again: "Assignment to constant variable" (the text up to the name, the name, the rest).
CONST_ASSIGNED = [
    ("a const of setup assigned in a loop", HEAD + "  const x1 = 0;\n  for (let k = 0; k < 3; k++) {\n    ", "x1",
     " = x1 + k;\n  }\n  brush.circle(x1, 0, 2);\n}"),
    ("a top-level const added to", "const step = 2;\n" + HEAD + "  ", "step", " += 1;\n  brush.circle(step, 0, 2);\n}"),
    ("a destructured const incremented", HEAD + "  const [a, b] = [1, 2];\n  ", "a",
     "++;\n  brush.circle(a, b, 2);\n}"),
]


ASSIGNMENT = re.compile(r"\s*(=[^=>]|\+=|-=|\*=|/=|%=|\*\*=|<<=|>>=|&=|\|=|\^=|&&=|\|\|=|\?\?=|\+\+|--)")


def _assignments_offered(scope, text: str) -> list[str]:
    """What the guard lets follow `text` in one or two pieces (two where the first ends in an operator's characters)
    that assigns the name `text` ends with."""
    found = []
    for first in _allowed_pieces(scope, text) or ():
        grown = [first]
        if first.strip() and first.rstrip()[-1] in "=+-*/%<>&|^?!":
            grown += [first + second for second in _allowed_pieces(scope, text + first) or ()]
        found += [g for g in grown if ASSIGNMENT.match(g)]
    return found


def test_a_const_name_read_is_not_assigned(scope):
    """Assigning a `const` again throws in the renderer; right after such a name the guard offers no piece that
    assigns it (`=`, `+=`, `++`), and still offers the rest (`.`, `[`, ` ==`, `;`)."""
    results = _render_cases(CONST_ASSIGNED)
    for (case, before, name, after), result in zip(CONST_ASSIGNED, results):
        assert result.status == "RUNTIME_ERROR", (case, result)
        assert "Assignment to constant variable" in result.errors[0], (case, result)
        text = _fenced(before + name).rsplit("\n```", 1)[0]
        state = _reader(text)
        assert state.in_word and state.is_const(name), case
        assert not _assignments_offered(scope, text), case
        assert not _assignments_offered(scope, text + " "), case  # after a space, as well
        assert {".", ";", "[", ")"} & {p.lstrip()[:1] for p in _allowed_pieces(scope, text)}, case
        assert any(p.lstrip().startswith("==") or p.lstrip() == "=" for p in _allowed_pieces(scope, text)), case
    shadowed = _fenced(HEAD + "  const x1 = 0;\n  { let x1 = 2;\n    x1").rsplit("\n```", 1)[0]
    assert not _reader(shadowed).is_const("x1")
    assert any(p.lstrip().startswith("=") for p in _allowed_pieces(scope, shadowed))


def test_declarations_the_reader_can_check(scope):
    """A `let`/`const` does not take a name its scope has; a for head's `const` is not assigned; a name is not
    read in its own initializer."""
    from paint_pipeline.render import RendererService, RenderItem

    again = HEAD + "  const x = 1;\n  brush.circle(x, 0, 2);\n  const "
    counting = HEAD + "  for (const k"
    with RendererService(pool_size=1) as client:
        redeclared, assigned, early = client.render_batch([
            RenderItem(id="again", code=again + "x = 2;\n}", seed=1, size=96),
            RenderItem(id="const", code=counting + " = 0; k < 3; k++) brush.circle(k, 0, 2);\n}", seed=1, size=96),
            RenderItem(id="early", code=HEAD + "  for (const t of [[1, t]]) brush.circle(0, 0, 2);\n}", seed=1,
                       size=96)])
    assert redeclared.status == "PARSE_ERROR" and "already been declared" in redeclared.errors[0], redeclared.errors
    assert assigned.status == "RUNTIME_ERROR" and "constant variable" in assigned.errors[0], assigned.errors
    assert early.status == "RUNTIME_ERROR" and "before initialization" in early.errors[0], early.errors

    def followers(code: str, name: str) -> set[str]:
        return _followers(scope, _fenced(code).rsplit("\n```", 1)[0], name)

    assert followers(again, "x") == set()  # the same scope: never
    assert followers("function petal(size) {\n  let ", "size") == set()  # a parameter's name, in its body
    assert followers(again + "y = 2, ", "y") == set()  # earlier in the same list
    assert followers(again.replace("const x = 1;", "{ const x = 1; }"), "x")  # another scope: allowed
    assert followers(HEAD + "  for (let i = 0; i < 2; i++) {\n    let ", "i")  # a loop's body is its own scope
    # A name in its own initializer ("Cannot access ... before initialization"), even where an outer one exists.
    assert followers(HEAD + "  const q = 1 + ", "q") == set()
    assert followers(HEAD + "  const t = 3;\n  {\n    for (const t of [[1, ", "t") == set()
    assert followers(HEAD + "  const q = 1, r = q + ", "q")  # initialized by then
    for text in (counting, counting + " "):  # `of` or `in` may follow, not `=`
        offered = _allowed_pieces(scope, "```javascript\n" + text)
        assert offered is None or not any(p.strip().startswith("=") and p.strip()[:2] not in ("==", "=>")
                                          for p in offered), text
        assert offered is None or any(p.strip() == "of" for p in offered) or text.endswith("k"), text
    assert _allowed_pieces(scope, "```javascript\n" + counting) is not None
    loose = "```javascript\n" + HEAD + "  for (let k"  # `let` may count
    assert _allowed_pieces(scope, loose) is None or any(p.strip() == "=" for p in _allowed_pieces(scope, loose))


def _followers(scope, text: str, name: str) -> set[str]:
    """What the guard lets follow `name` written whole at the end of `text`, token by token, every way the
    vocabulary spells it: characters, "<end>", or "<unguarded>" where the guard gave up on the way."""
    followers, frontier, seen = set(), [""], {""}
    while frontier:
        written = frontier.pop()
        offered = _allowed_pieces(scope, text + written)
        if offered is None:
            followers.add("<unguarded>")
            continue
        for piece in offered:
            if written and (not piece or piece[0].isspace()):  # the word ends: the completion's end, or a space
                if written == name:
                    followers.add(piece[:1] or "<end>")
                continue
            grown = written + piece if written else piece.lstrip()
            if grown.startswith(name) and len(grown) > len(name) and not is_ident_char(grown[len(name)]):
                followers.add(grown[len(name)])
            elif name.startswith(grown) and grown not in seen:
                seen.add(grown)
                frontier.append(grown)
    return followers


def _run(piece: str) -> str:
    """The identifier a piece writes after its leading white space."""
    text = piece.lstrip()
    return text[:next((k for k, c in enumerate(text) if not is_ident_char(c)), len(text))]


def test_random_walks_only_complete_known_names(scope):
    """From a reference's place, whatever the guard lets through ends as a name in scope or on the page."""
    rng = random.Random(5)
    opening = "```javascript\n" + HEAD + "  const petal = 3;\n  for (let i = 0; i < 2; i++) {\n    let glow = i;\n  }\n"
    for start in ("  brush.circle(", "  brush.line(petal, ", "  const q = 1 + "):
        for _ in range(25):
            text = _walk(scope, opening + start, rng, steps=12)
            written = text[len(opening + start):].lstrip()
            word = written[:next((k for k, c in enumerate(written) if not is_ident_char(c)), len(written))]
            if not word or word[0].isdigit() or len(word) == len(written):
                continue  # a number, punctuation, or a word still being written
            # (`const q = 1 + q` is declared: reading it before its initializer is another error, not this guard's)
            assert word in SKETCH_GLOBALS or word in KEYWORDS or word in ("petal", "q"), (start, text[-60:])
            assert word != "glow", text[-60:]


def test_an_arrow_list_with_unknown_names_must_meet_its_arrow(scope):
    base = "```javascript\n" + HEAD + "  const pts = [[1, 2]].map(("
    after_list = _reader(base + "p, k)")
    assert after_list.must_arrow == 1
    offered = _allowed_pieces(scope, base + "p, k)")
    assert offered and all(p.strip() == "" or p.strip() in ("=",) or p.strip().startswith("=>") for p in offered)
    assert _reader(base + "p, k) => p + k").is_known("p")
    assert not _reader(base + "p, k) => p + k);\n  brush.circle(").is_known("p")
    # Where a list's word is followed by what cannot follow a parameter, the word must be known.
    assert _reader(base + "p").word_kind == "tentative"
    unknown = _allowed_pieces(scope, base + "p")  # not a name the page has: only a parameter's followers
    assert unknown and all(p[:1] not in "*+-/" for p in unknown)
    known = _allowed_pieces(scope, base + "width")  # a known name: the group may be an expression
    assert any(p.lstrip()[:1] in "*+-/" for p in known) or not any(p.lstrip()[:1] in "*+-/" for p in scope.pieces)


def test_the_reader_skips_what_is_not_a_reference():
    text = "```javascript\n" + HEAD
    for code, kind in [("  brush.", "prop"), ("  let ", "bind"), ("  const o = { ", "key"),
                       ("  function ", "fname"), ("  const t = typeof ", "free"), ("  function f(", "param"),
                       ("  const [", "param"), ("  // ", None), ("  const s = 'a ", None), ("  brush.circle(", "ref"),
                       ("  class A { ", "free"), ("  const o = { a: ", "ref")]:
        state = _reader(text + code)
        if kind is None:
            assert not state.in_code(), code
        else:
            assert state.next_word_kind() == kind, code
    assert _reader(text + "  const o = { a: 1 ").frames[-1].kind == "object"
    assert _reader(text + "  brush.circle(0, 0, 1));").broken  # a closer that does not match: past saving
    assert _reader(text + "}\n```\nSome prose and x").in_code() is False


def test_the_page_defines_every_listed_global_and_each_of_p5s_is_listed():
    """What `page_globals` lists is defined in the renderer's page (reading it does not throw), and no global of p5's
    (global mode) or `brush` is missing from it; each of p5's is a function exactly where P5_FUNCTIONS lists it; the
    failure names what to add, move or remove."""
    import json

    from paint_pipeline.render import RendererService, RenderItem

    code = """function setup() {
      createCanvas(64, 64, WEBGL);
      const listed = new Set(%s);
      const onPage = new Set();
      for (let o = window; o; o = Object.getPrototypeOf(o)) {
        for (const n of Object.getOwnPropertyNames(o)) onPage.add(n);
      }
      const p5s = Object.getOwnPropertyNames(p5.prototype).filter((n) => !n.startsWith('_') && n in window);
      const report = (what, names) => {
        for (let i = 0; i < Math.min(names.length, 200); i += 10) {
          console.log(what + ' ' + names.slice(i, i + 10).join(' '));
        }
      };
      report('absent', [...listed].filter((n) => !onPage.has(n)));
      report('unlisted', p5s.concat(['brush']).filter((n) => !listed.has(n)));
      const kinds = %s;
      report('kind', p5s.filter((n) => n !== 'constructor' && n !== 'break'
                                && kinds[n] !== (typeof window[n] === 'function' ? 'f' : 'v')));
      console.log('checked ' + listed.size + ' ' + p5s.length);
    }""" % (json.dumps(sorted(PAGE_GLOBALS)), json.dumps({**dict.fromkeys(P5_FUNCTIONS, "f"),
                                                          **dict.fromkeys(P5_VALUES, "v")}))
    with RendererService(pool_size=1) as client:
        result = client.render_batch([RenderItem(id="globals", code=code, seed=1, size=64)])[0]
    assert result.status == "SUCCESS", result.errors
    lines = [line.split(": ", 1)[-1] for line in result.console]
    found = {kind: [n for line in lines if line.startswith(kind + " ") for n in line.split(" ")[1:]]
             for kind in ("absent", "unlisted", "kind", "checked")}
    assert not found["absent"], f"listed in page_globals, not defined on the page: {found['absent']}"
    assert not found["unlisted"], f"defined on the page by p5 or p5.brush, missing in page_globals: {found['unlisted']}"
    assert not found["kind"], f"p5's names missing from P5_FUNCTIONS / P5_VALUES, or in the wrong one: {found['kind']}"
    assert SKETCH_GLOBALS <= PAGE_GLOBALS, sorted(SKETCH_GLOBALS - PAGE_GLOBALS)
    assert P5_BEYOND_THE_CANVAS <= P5_FUNCTIONS, sorted(P5_BEYOND_THE_CANVAS - P5_FUNCTIONS)
    assert int(found["checked"][0]) == len(PAGE_GLOBALS) and int(found["checked"][1]) > 500, found["checked"]


def test_at_load_the_page_has_exactly_the_names_listed_for_code_that_runs_then():
    """While the sketch's script runs, AT_LOAD_GLOBALS are defined and the rest of SKETCH_GLOBALS (p5's) are not, but
    for two the browser has too: `print` (its print dialog) and `length` (the page's frame count), which a painting
    never means."""
    import json

    from paint_pipeline.render import RendererService, RenderItem

    code = """const names = %s, atLoad = new Set(%s);
for (const n of names) {
  if ((n in globalThis) !== atLoad.has(n)) console.log('wrong ' + n);
}
console.log('checked ' + names.length);
function setup() { createCanvas(64, 64, WEBGL); }""" % (json.dumps(sorted(SKETCH_GLOBALS)),
                                                         json.dumps(sorted(AT_LOAD_GLOBALS)))
    with RendererService(pool_size=1) as client:
        result = client.render_batch([RenderItem(id="at-load", code=code, seed=1, size=64)])[0]
    assert result.status == "SUCCESS", result.errors
    lines = [line.split(": ", 1)[-1] for line in result.console]
    assert [line for line in lines if line.startswith("wrong ")] == ["wrong length", "wrong print"], lines
    assert f"checked {len(SKETCH_GLOBALS)}" in lines, lines
    assert {"brush", "p5", "Math"} <= AT_LOAD_GLOBALS and "random" not in AT_LOAD_GLOBALS
