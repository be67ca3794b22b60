"""Geometric, pattern and abstract prompts that name a structure get that structure (geometry.py, motifs.py,
patterns.py): routing by words, then a few rendered checks that the structure's marks are really there."""

from __future__ import annotations

import io
import random
import re

from procedural_helpers import render_generated

from paint_pipeline.warm_start.procedural import generate_sketch
from paint_pipeline.warm_start.procedural.motifs import motif_for
from paint_pipeline.warm_start.procedural.reading import PromptContext

# prompt, category -> a section (or code) its sketch must contain, for seeds 0-2
ROUTES = {
    ("a brick wall pattern with mortar lines, pastel", "pattern"): "running bond",
    ("a patchwork quilt of florals, stripes and gingham squares, colored pencil", "pattern"): "Square patches",
    ("a circle filled with looping scribble hatching, pen", "pattern"): "looping scribble",
    ("argyle diamonds in grey and mustard, crayon", "pattern"): "Diamonds in two colours",
    ("a row of repeating hearts in crayon", "pattern"): "const y = 0;",
    ("a paisley textile pattern in indigo ink", "pattern"): "Repeated motifs: paisleys",
    ("a dense wallpaper of birds among tangled vines and fruit, ink and watercolor", "pattern"): "motifs: birds",
    ("a herringbone weave drawn in charcoal", "pattern"): "herringbone zigzag",
    ("cross-hatching study in graphite", "pattern"): "crossing layers",
    ("repeated wavy lines in pink pastel", "pattern"): "Repeated wavy lines",
    ("a kimono fabric with cranes, clouds and waves, watercolor and ink", "pattern"): "Cranes",
    ("stippled dot texture study in black pen", "pattern"): "Stippled dots",
    ("batik fabric with crackled dye and swirling motifs, watercolor", "pattern"): "Crackle",
    ("a seigaiha wave pattern in blue ink", "pattern"): "overlapping scales",
    ("a honeycomb of amber cells, marker", "pattern"): "Hexagonal cells",
    ("hexagonal tiling in honey yellow and brown, pastel", "geometric"): "Hexagonal cells",
    ("an isometric cube pattern shaded in three tones of grey, charcoal", "geometric"): "Isometric cubes",
    ("interlocking circles forming a flower of life grid, gold watercolor and ink", "geometric"): "Nineteen equal",
    ("a row of overlapping circles in watercolor", "geometric"): "circles along a line",
    ("a single large square filled with cross-hatching, pencil", "geometric"): "One large square",
    ("radiating lines from a single point, graphite", "geometric"): "Rays from a single point",
    ("wavy parallel lines creating a moire effect, fine pen", "geometric"): "Two dense sets of wavy",
    ("an op-art wave of black and white stripes bending across the canvas, ink", "geometric"): "bending like a wave",
    ("a spiral of graphite marks", "abstract"): "A spiral of marks",
    ("scattered dots of crayon colour", "abstract"): "Scattered dots of colour",
}


def test_a_prompt_naming_a_structure_gets_its_section():
    for (prompt, category), needle in ROUTES.items():
        for seed in range(3):
            assert needle in generate_sketch(prompt, category, seed), (prompt, seed)


def test_new_geometric_motifs_route_by_word():
    cases = {
        "honeycomb cells in orange": "hexagons",
        "a wall of isometric cubes in blue": "cubes",
        "a flower of life in copper ink": "flower of life",
        "rays bursting from a corner": "rays",
        "a row of small red circles": "row",
        "one square in blue crayon": "square",
        "nested squares rotating toward the centre, colored pencil": None,
        "concentric op-art circles in black ink": None,
    }
    for prompt, motif in cases.items():
        assert motif_for(PromptContext(prompt, random.Random(0))) == motif, prompt


def test_stripes_follow_their_direction_and_paint_no_disc():
    for seed in range(4):
        code = generate_sketch("bold vertical stripes in red and white marker", "geometric", seed)
        assert "brush.circle(" not in code and "brush.rect(-200, -200, 400, 400)" not in code
        assert re.search(r"\[\[x, -300\], \[x \+ \d+, -300\], \[x \+ \d+, 300\], \[x, 300\]\]", code), code
        code = generate_sketch("diagonal stripes in pastel pink and mint crayon", "geometric", seed)
        assert re.search(r"\[\[x [+-] 150, -300\]", code), code
        code = generate_sketch("horizontal stripes in navy and cream", "geometric", seed)
        assert "[[-300, x], [-300, x + " in code, code


def test_the_dot_grid_writes_no_empty_jitter():
    for seed in range(8):
        assert "random(-0, 0)" not in generate_sketch("a grid of small blue dots, marker", "geometric", seed)


def test_structures_render_their_marks():
    """Rendered: one circle per flower-of-life centre, a ray per step of the fan, a polygon per hexagon, a row of
    circles, looping splines inside the circle, bricks, and vertical stripes that alternate red and white."""
    from PIL import Image

    prompts = [
        ("interlocking circles forming a flower of life grid, gold watercolor and ink", "geometric"),
        ("radiating lines from a single point, graphite", "geometric"),
        ("hexagonal tiling in honey yellow and brown, pastel", "geometric"),
        ("a row of overlapping circles in watercolor", "geometric"),
        ("a circle filled with looping scribble hatching, pen", "pattern"),
        ("a brick wall pattern with mortar lines, pastel", "pattern"),
        ("bold vertical stripes in red and white marker", "geometric"),
        ("a row of repeating hearts in crayon", "pattern"),
        ("an isometric cube pattern shaded in three tones of grey, charcoal", "geometric"),
        ("repeated wavy lines in pink pastel", "pattern"),
    ]
    codes, results = zip(*render_generated(prompts))
    for (p, _), r in zip(prompts, results):
        assert r.status == "SUCCESS" and r.brush_marks and not r.errors, (p, r.status, r.errors)
    flower, rays, hexes, row, loops, brick, stripes, hearts, cubes, wavy = results
    assert flower.brush_marks["circle"] >= 19 + 2, flower.brush_marks
    n = int(re.search(r"n = (\d+);", codes[1]).group(1))
    assert rays.brush_marks["line"] >= n, rays.brush_marks
    assert hexes.brush_marks["polygon"] >= 2 * 40, hexes.brush_marks
    n = int(re.search(r"for \(let k = 0; k < (\d+); k\+\+\) \{", codes[3]).group(1))
    assert row.brush_marks["circle"] >= 2 * n, row.brush_marks
    assert loops.brush_marks["spline"] >= 20, loops.brush_marks
    assert brick.brush_marks["rect"] >= 60 and brick.brush_marks["line"] >= 60, brick.brush_marks
    assert hearts.brush_marks["endShape"] >= 2 * 3, hearts.brush_marks
    assert "hatch" not in cubes.brush_marks, cubes.brush_marks  # charcoal draws the edges; the tones are washes
    # pink wavy lines show on the paper: a good share of the canvas is clearly pink
    img = Image.open(io.BytesIO(wavy.png)).convert("RGB")
    px = [img.getpixel((x, y)) for x in range(0, 256, 4) for y in range(0, 256, 4)]
    assert sum(r - g > 30 and r > b for r, g, b in px) / len(px) > 0.2
    # Vertical red and white stripes: along a row of pixels the colour switches between red and white many times.
    img = Image.open(io.BytesIO(stripes.png)).convert("RGB")
    row_px = [img.getpixel((x, 128)) for x in range(8, 248)]
    red = [r > 120 and r - max(g, b) > 50 for r, g, b in row_px]
    switches = sum(a != b for a, b in zip(red, red[1:]))
    assert 0.25 < sum(red) / len(red) < 0.75 and switches >= 6, (sum(red) / len(red), switches)
    w = int(re.search(r"const x = -300 \+ i \* (\d+)", codes[6]).group(1))
    col_px = [img.getpixel((int(w / 2 * 256 / 600), y))
              for y in range(8, 248)]
    assert len({r > 120 and r - max(g, b) > 50 for r, g, b in col_px}) == 1  # a vertical band keeps its colour


def test_grainy_cubes_are_bigger_and_unhatched():
    for seed in range(3):
        code = generate_sketch("an isometric cube pattern shaded in three tones of grey, charcoal", "geometric", seed)
        assert "brush.hatch(" not in code and "Three tones of wash" in code
        assert "brush.hatch(" in generate_sketch("isometric cubes in pen and ink", "geometric", seed)
