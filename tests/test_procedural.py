"""The procedural sketch generator: determinism, static validity, and real renders scored by the reward."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from procedural_helpers import render_generated

from paint_pipeline.colour import COLOUR_WORDS, colours_in
from paint_pipeline.prompts import load_split
from paint_pipeline.warm_start.procedural import (
    ALLOWED_API,
    ALLOWED_BRUSHES,
    ALLOWED_FIELDS,
    CATEGORIES,
    corpus,
    generate_sketch,
    template_for,
)
from paint_pipeline.warm_start.procedural.writing import MAX_CHARS, MAX_LINES

TRAIN = load_split("train")
LINES = (15, MAX_LINES)  # non-blank lines


def _sample(per_category: int = 2) -> list:
    """The first prompts of every category of the train split (24 for 12 categories)."""
    by_category = defaultdict(list)
    for p in TRAIN:
        by_category[p.category].append(p)
    return [p for category in sorted(by_category) for p in by_category[category][:per_category]]


SAMPLE = _sample()


def _calls(code: str) -> list[str]:
    return re.findall(r"\bbrush\.(\w+)\s*\(", code)


# --- the static order of fills and strokes -------------------------------------------------------------------

_DRAW = {"rect", "circle", "polygon", "endShape", "arc", "line", "spline", "flowLine"}
_OPEN_STROKES = {"line", "spline", "flowLine", "arc"}


def _unrolled(lines: list[str]) -> list[str]:
    """Source lines with every loop body written out twice (what the second iteration follows matters)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if re.match(r"(for|while)\s*\(", line) and line.endswith("{"):
            depth, j = 1, i + 1
            while depth:
                depth += lines[j].count("{") - lines[j].count("}")
                j += 1
            body = _unrolled(lines[i + 1 : j - 1])
            out += body + body
            i = j
            continue
        if re.match(r"(for|while)\s*\(", line):
            out += [line, line]
        else:
            out.append(line)
        i += 1
    return out


def wash_drop_risks(code: str) -> list[str]:
    """Strokes that come right after a wash that itself followed a fill or a wash (p5.brush 2.2.2 drops that wash)."""
    state = {"stroke": False, "fill": False, "wash": False, "hatch": False}
    events: list[str] = []
    risks = []
    body = code.split("function setup() {", 1)[1].splitlines()
    for line in _unrolled(body):
        for name in _calls(line):
            if name in ("set", "stroke", "pick"):
                state["stroke"] = True
            elif name == "noStroke":
                state["stroke"] = False
            elif name in ("fill", "wash", "hatch"):
                state[name] = True
            elif name in ("noFill", "noWash", "noHatch"):
                state[name[2:].lower()] = False
            if name not in _DRAW:
                continue
            if name not in _OPEN_STROKES:
                if state["wash"]:
                    events.append("wash")
                if state["fill"]:
                    events.append("fill")
            if name in _OPEN_STROKES or state["stroke"] or state["hatch"]:
                if len(events) >= 2 and events[-1] == "wash" and events[-2] in ("wash", "fill"):
                    risks.append(line)
                events.append("stroke")
    return risks


# --- pure Python ---------------------------------------------------------------------------------------------


def test_same_arguments_same_sketch_and_seeds_vary_it():
    for p in SAMPLE:
        a = generate_sketch(p.prompt, p.category, 3)
        assert a == generate_sketch(p.prompt, p.category, 3)
        variants = {generate_sketch(p.prompt, p.category, seed) for seed in range(4)}
        assert len(variants) == 4, p.prompt
    assert generate_sketch("a red rose", None, 0) == generate_sketch("a red rose", None, 0)


def test_corpus_pairs_prompts_with_variants():
    prompts = [(p.prompt, p.category) for p in SAMPLE[:3]] + [("a lone tree on a hill", None)]
    pairs = corpus(prompts, per_prompt=3, seed=1)
    assert len(pairs) == 12
    assert [prompt for prompt, _ in pairs] == [prompt for prompt, _ in prompts for _ in range(3)]
    assert len({code for _, code in pairs}) == 12
    assert pairs == corpus(prompts, per_prompt=3, seed=1)
    assert pairs != corpus(prompts, per_prompt=3, seed=2)


def test_templates_follow_category_then_keywords():
    for category in CATEGORIES:
        assert template_for("anything at all", category) == category
    assert template_for("a red rose in a vase", None) == "flower"
    assert template_for("a lone oak tree on a hill", None) == "tree"
    assert template_for("gentle ocean waves", None) == "water"
    assert template_for("a city skyline at dusk", None) == "scene"
    assert template_for("a full moon over the hills", None) == "night"
    assert template_for("concentric circles in black ink", None) == "geometric"
    assert template_for("a cat asleep", None) == "animal"
    assert template_for("heavy rain", None) == "weather"
    assert template_for("nothing recognisable", None) == "abstract"
    assert template_for("rolling hills", "not-a-category") == "landscape"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_train_prompt_gives_a_short_sketch_of_allowed_calls(seed):
    api, brushes, fields = set(ALLOWED_API), set(ALLOWED_BRUSHES), set(ALLOWED_FIELDS)
    for p in TRAIN:
        code = generate_sketch(p.prompt, p.category, seed)
        where = f"{p.prompt_id} seed {seed}"
        lines = [line for line in code.splitlines() if line.strip()]
        assert len(code) <= MAX_CHARS, (where, len(code))
        assert LINES[0] <= len(lines) <= LINES[1], (where, len(lines))
        assert "function setup() {" in code and "createCanvas(600, 600, WEBGL);" in code
        assert "brush.scaleBrushes(3);" in code and re.search(r"background\('#[0-9a-f]{6}'\);", code)
        assert code.count("{") == code.count("}") and code.count("(") == code.count(")"), where
        assert set(_calls(code)) <= api, (where, set(_calls(code)) - api)
        named = set(re.findall(r"brush\.(?:set|hatchStyle|pick)\('([^']+)'", code))
        named |= {b for lst in re.findall(r"brush\.set\(random\(\[([^\]]*)\]\)", code)
                  for b in re.findall(r"'([^']+)'", lst)}
        assert len(named) >= 2 and named <= brushes, (where, named)
        assert set(re.findall(r"brush\.field\('([^']+)'\)", code)) <= fields, where
        for banned in ("text(", "curveVertex", "preload", "createDiv", "createP(", "fetch(", "loadImage", "draw()"):
            assert banned not in code, (where, banned)
        # Several primitive kinds, a fill or a hatch.
        kinds = set(_calls(code)) & {"line", "spline", "flowLine", "rect", "circle", "arc", "polygon", "endShape"}
        assert len(kinds) >= 3, (where, kinds)
        assert {"fill", "wash", "hatch"} & set(_calls(code)), where
        assert not wash_drop_risks(code), (where, wash_drop_risks(code))


def test_colour_words_of_the_prompt_are_in_the_palette():
    for p in TRAIN:
        words = re.findall(r"[a-z]+", p.prompt.lower())
        for seed in (0, 1):
            code = generate_sketch(p.prompt, p.category, seed).lower()
            for word in set(colours_in(words)) - {None}:  # "greens" names green
                assert any(h in code for h in COLOUR_WORDS[word]), (p.prompt, word, seed)
    code = generate_sketch("a crimson and turquoise kite over golden dunes", None, 5).lower()
    for word in ("crimson", "turquoise", "golden"):
        assert any(h in code for h in COLOUR_WORDS[word]), word


def test_a_colour_goes_to_the_head_of_a_compound_noun():
    import random

    from paint_pipeline.colour import COLOUR_WORDS as WORDS
    from paint_pipeline.warm_start.procedural.reading import PromptContext

    roles = {"petal": (("#e0457b",), "free", ("lily", "lilies", "rose")),
             "ground": (("#1f3a4a",), "big", ("water", "pond"))}
    pal = PromptContext("a white water lily on a dark pond", random.Random(0)).palette(roles)
    assert pal["petal"] in WORDS["white"] and pal["ground"] not in WORDS["white"], pal
    pal = PromptContext("a rose beside white water", random.Random(0)).palette(roles)
    assert pal["ground"] in WORDS["white"], pal  # a noun that ends the phrase still takes its colour


def test_a_white_rose_is_painted_white_not_rose_pink():
    import random

    from paint_pipeline.colour import COLOUR_WORDS as WORDS
    from paint_pipeline.warm_start.procedural.reading import PromptContext

    roles = {"petal": (("#e0457b",), "free", ("rose", "roses")), "ground": (("#6a8f4a",), "big", ("garden",))}
    for prompt in ("a single white rose", "white roses in a garden"):
        ctx = PromptContext(prompt, random.Random(0))
        assert ctx.targets == ["white"], ctx.targets
        pal = ctx.palette(roles)
        assert pal["petal"] in WORDS["white"], pal
    code = generate_sketch("a single white rose, watercolor", None, 0).lower()
    assert WORDS["rose"][0] not in code and not any(h in code for h in WORDS["pink"])


def test_the_order_checker_finds_a_dropped_wash():
    bad = ("function setup() {\n  brush.noStroke();\n  brush.wash('#ff0000', 255);\n  brush.rect(0, 0, 9, 9);\n"
           "  brush.wash('#0000ff', 255);\n  brush.rect(9, 0, 9, 9);\n  brush.noWash();\n"
           "  brush.set('pen', '#000000', 1);\n  brush.line(0, 0, 9, 9);\n}\n")
    assert wash_drop_risks(bad)
    good = bad.replace("  brush.noWash();\n", "  brush.noWash();\n  brush.fill('#00ff00', 99);\n"
                                              "  brush.rect(0, 9, 9, 9);\n  brush.noFill();\n")
    assert not wash_drop_risks(good)


# --- rendered and scored -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rendered():
    from paint_pipeline.render import RendererService, RenderItem
    from paint_pipeline.reward import RewardConfig, RewardScorer, Sample

    codes = [generate_sketch(p.prompt, p.category, k) for k, p in enumerate(SAMPLE)]
    items = [RenderItem(id=p.prompt_id, code=code, seed=1, size=256) for p, code in zip(SAMPLE, codes)]
    with RendererService(pool_size=2) as client:
        results = client.render_batch(items, timeout_ms=30000)
    scorer = RewardScorer(RewardConfig(alignment_backend="palette"))
    cards = scorer.score([Sample(p.prompt, code, r, p.prompt_id) for p, code, r in zip(SAMPLE, codes, results)])
    return codes, results, cards


def test_sample_covers_every_category():
    assert {p.category for p in SAMPLE} == set(CATEGORIES)
    assert len(SAMPLE) == 24


def test_every_sketch_renders(rendered):
    _, results, _ = rendered
    failed = [(p.prompt, r.status, r.errors[:2]) for p, r in zip(SAMPLE, results) if r.status != "SUCCESS"]
    assert not failed
    assert all(not r.errors and r.png for r in results)


def test_only_allowed_brush_calls_run_and_no_text(rendered):
    _, results, _ = rendered
    for p, r in zip(SAMPLE, results):
        assert set(r.brush_calls) <= set(ALLOWED_API), (p.prompt, set(r.brush_calls) - set(ALLOWED_API))
        assert set(r.brushes_used) <= set(ALLOWED_BRUSHES), p.prompt
        assert len(set(r.brushes_used)) >= 2, (p.prompt, r.brushes_used)
        assert r.text_calls == 0 and r.dom_text_chars == 0, p.prompt
        fills = sum(r.brush_calls.get(k, 0) for k in ("fill", "wash", "hatch"))
        assert fills > 0, p.prompt


def test_reward_is_healthy(rendered):
    _, _, cards = rendered
    totals = [c.total for c in cards]
    mean = sum(totals) / len(totals)
    assert mean >= 0.6, mean
    for p, c in zip(SAMPLE, cards):
        assert not {"noise", "blank_canvas"} & set(c.flags), (p.prompt, c.flags)
        assert c.total >= 0.4, (p.prompt, c.total)
        assert c.tiers["richness"].score >= 0.4, (p.prompt, c.tiers["richness"].explanation)


# --- prompts that name one structure (motifs.py) ---------------------------------------------------------------

MOTIF_PROMPTS = {  # prompt, category -> the motif it must get (None: the general templates)
    ("truchet tiles of quarter circles in black and cream ink", "geometric"): "truchet",
    ("contour hatching wrapped around a sphere, pencil", "pattern"): "sphere",
    ("a checkerboard warped into a bulging sphere, black ink", "geometric"): "sphere",
    ("a bauhaus composition of circles, squares and triangles in primary colours, marker", "geometric"):
        "composition",
    ("a grid of small blue dots, marker", "geometric"): "dots",
    ("a polka dot fabric pattern in red marker", "pattern"): None,  # a fabric's dots are its motifs
    ("stippled dot texture study in black pen", "pattern"): None,
    ("concentric op-art circles in black ink", "geometric"): None,
}


def test_a_prompt_naming_a_structure_gets_its_motif():
    import random

    from paint_pipeline.warm_start.procedural.motifs import motif_for
    from paint_pipeline.warm_start.procedural.reading import PromptContext

    for (prompt, category), motif in MOTIF_PROMPTS.items():
        ctx = PromptContext(prompt, random.Random(0))
        assert motif_for(ctx, pattern=category == "pattern") == motif, prompt


def test_motif_paintings_render_their_structure():
    """Rendered, each motif leaves the marks that make it: two quarter arcs per truchet tile, contour splines over
    a sphere, one dot per grid cell, and a Bauhaus circle, square and triangle in three different colours."""

    named = [(p, c) for (p, c), m in MOTIF_PROMPTS.items() if m]
    by_prompt = {p: rendered for (p, _), rendered in zip(named, render_generated(named))}
    for p, (code, r) in by_prompt.items():
        assert r.status == "SUCCESS" and r.brush_marks, (p, r.status, r.errors)
    code, r = by_prompt["truchet tiles of quarter circles in black and cream ink"]
    n = int(re.search(r"for \(let i = 0; i < (\d+);", code).group(1))
    assert r.brush_marks["arc"] >= 2 * n * n, r.brush_marks
    code, r = by_prompt["contour hatching wrapped around a sphere, pencil"]
    assert r.brush_marks["spline"] >= 10 and r.brush_marks["circle"] >= 2, r.brush_marks
    code, r = by_prompt["a grid of small blue dots, marker"]
    n = int(re.search(r"for \(let i = 0; i < (\d+);", code).group(1))
    assert r.brush_marks["circle"] >= n * n, r.brush_marks
    code, r = by_prompt["a bauhaus composition of circles, squares and triangles in primary colours, marker"]
    assert {"circle", "rect", "polygon"} <= set(r.brush_marks), r.brush_marks
    washes = re.findall(r"const cols = \[([^\]]*)\]", code)[0].split(", ")[:3]
    assert len(set(washes)) == 3, washes
