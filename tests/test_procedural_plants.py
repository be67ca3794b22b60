"""Flower and tree prompts get what they name (plants.py, flowers.py, flower_heads.py, tree_views.py): species heads
(tulip cup, sunflower, spikes, dandelion clock, lotus), settings (dark water, cactus, wall, wreath, colour bands,
blossom branch, counts, wheat-gold ground), and tree views and elements (birch, mangrove, four seasons, bonsai,
tree house, lean, snow, path, cabin); routing by words, then a few rendered checks."""

from __future__ import annotations

import io
import random
import re

from procedural_helpers import render_generated

from paint_pipeline.warm_start.procedural import generate_sketch
from paint_pipeline.warm_start.procedural.flower_heads import species_of
from paint_pipeline.warm_start.procedural.reading import PromptContext

# prompt, category -> sections (or code) its sketch must contain, for seeds 0-2; prompts of our own included
ROUTES = {
    ("tulip fields in bands of red, yellow and purple leading to a windmill, pastel", "flower"):
        ("Bands of colour", "Windmill", "Tulip cups"),
    ("rows of tulips in pink and white, marker", "flower"): ("Bands of colour", "Tulip cups"),
    ("a wreath of poppies, cornflowers and wheat ears, watercolor", "flower"): ("Ring of leaves and wheat ears",),
    ("cherry blossom branch against a pale sky, ink and pink wash", "flower"): ("Branch and twigs",),
    ("a plum blossom twig in ink", "flower"): ("Branch and twigs",),
    ("three red poppies in a wheat field, watercolor", "flower"): ("for (let i = 0; i < 3; i++)", "Poppies"),
    ("a dandelion clock in graphite pencil", "flower"): ("Seed clock",),
    ("a yellow sunflower drawn in crayon", "flower"): ("Sunflower heads",),
    ("a bunch of lavender sprigs in purple pastel", "flower"): ("Flower spikes",),
    ("a white lotus on dark water, pastel", "flower"):
        ("dark water", "Lily pads", "Lotus petals", "Ripples and reflections", "// Reflections"),
    ("a pink water lily, watercolor", "flower"): ("Lily pads", "Lotus petals"),
    ("a cactus flower blooming in the desert, marker", "flower"): ("// Cactus", "Far dunes"),
    ("a desert cactus garden in bloom with rocks and a sunset sky, pastel", "flower"): ("Cacti", "Rocks"),
    ("a climbing rose on an old brick wall, watercolor", "flower"): ("Brick courses", "Climbing stem", "Roses"),
    ("a clump of foxgloves against a stone wall, pencil", "flower"): ("Stone courses", "Flower spikes"),
    ("a single red tulip in watercolor", "flower"): ("for (let i = 0; i < 1; i++)", "Tulip cups", "// Leaves"),
    ("a birch trunk in black and white pencil", "tree"): ("White trunk", "Dark marks on the bark"),
    ("a birch grove in autumn, watercolor", "tree"): ("White trunks",),
    ("mangrove roots reaching into shallow water, ink", "tree"): ("shallow water", "arching roots"),
    ("four seasons of the same tree side by side, colored pencil", "tree"): ("Four panels", "Winter", "Panel frames"),
    ("a bonsai pine in a shallow pot, ink and wash", "tree"): ("Shallow pot", "Pads of foliage"),
    ("a small bonsai maple in a blue pot, marker", "tree"): ("Shallow pot",),
    ("a tree house in a big oak with a rope ladder and lanterns, marker and watercolor", "tree"):
        ("Tree house", "Rope ladder", "Lanterns"),
    ("a snowy spruce in blue and white pastel", "tree"): ("Snow on the branches",),
    ("a forest path lined with beeches, dappled light and fallen leaves, watercolor", "tree"):
        ("Path into the trees", "Dappled light", "Falling leaves"),
    ("a giant redwood grove with a tiny cabin at its base, charcoal and pastel", "tree"): ("Cabin at the base",),
    ("a misty pine forest on a mountainside fading into layers of fog, charcoal", "tree"): ("Layers of fog",),
    ("a windswept coastal pine leaning over a cliff, pencil", "tree"): ("Sky, sea and cliff",),
    ("a twisted juniper in charcoal", "tree"): ("Twisted trunk",),
    ("a cypress tree beside a stone wall, marker", "tree"): ("Stone wall",),
    ("a ginkgo tree shedding golden leaves, pastel", "tree"): ("Falling leaves",),
}


def test_a_prompt_gets_the_sections_it_names():
    for (prompt, category), needles in ROUTES.items():
        for seed in range(3):
            code = generate_sketch(prompt, category, seed)
            for needle in needles:
                assert needle in code, (prompt, seed, needle)


def test_species_choose_head_shapes_in_prompt_order():
    def heads(prompt):
        return [h for h, _ in species_of(PromptContext(prompt, random.Random(0)))]

    assert heads("a single red tulip") == ["tulip"]
    assert heads("a cottage garden border with foxgloves, roses and daisies") == ["spike", "rose", "daisy"]
    assert heads("a field of orange marigolds") == ["daisy"]
    assert heads("a dandelion clock") == ["clock"]
    assert heads("a violet pansy") == ["round"]


def test_routing_no_longer_sends_special_trees_to_the_forest():
    for prompt in ("a birch trunk in black and white pencil", "mangrove roots reaching into shallow water, ink",
                   "four seasons of the same tree side by side, colored pencil"):
        assert "// Trunks\n" not in generate_sketch(prompt, "tree", 0), prompt


def test_a_leaning_tree_leans_and_counts_are_kept():
    for seed in range(3):
        code = generate_sketch("a windswept coastal pine leaning over a cliff, pencil", "tree", seed)
        shift = int(re.search(r"const x = -?\d+ \+ k \* (-?\d+)", code).group(1))
        assert shift != 0, code
        code = generate_sketch("two yellow tulips, crayon", "flower", seed)
        assert "for (let i = 0; i < 2; i++)" in code
        # a field of flowers is not a count: 'a field of ...'
        assert "i < 1;" not in generate_sketch("a field of orange marigolds, marker", "flower", seed)


def _rgb(png: bytes):
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def _mean(img, box):
    px = [img.getpixel((x, y)) for x in range(box[0], box[2], 2) for y in range(box[1], box[3], 2)]
    return [sum(c[i] for c in px) / len(px) for i in range(3)]


def test_plants_render_what_they_name():
    """Rendered (256 px): a sunflower's ring of petal polygons, a dandelion's filaments, a lotus lit on dark water,
    a gold wheat field, white birch bark against a darker wood, a brick wall's courses, four seasons' panels, a
    visible white daisy, a tree house's ladder rungs."""

    prompts = [
        ("a yellow sunflower drawn in crayon", "flower"),
        ("a dandelion clock in graphite pencil", "flower"),
        ("a white lotus on dark water, pastel", "flower"),
        ("three red poppies in a wheat field, watercolor", "flower"),
        ("a birch trunk in black and white pencil", "tree"),
        ("a climbing rose on an old brick wall, watercolor", "flower"),
        ("four seasons of the same tree side by side, colored pencil", "tree"),
        ("a single white daisy, crayon", "flower"),
        ("a tree house in a big oak with a rope ladder and lanterns, marker and watercolor", "tree"),
        ("a single red tulip in watercolor", "flower"),
    ]
    codes, results = zip(*render_generated(prompts))
    for (p, _), r in zip(prompts, results):
        assert r.status == "SUCCESS" and r.brush_marks and not r.errors, (p, r.status, r.errors)
    sunflower, clock, lotus, wheat, birch, wall, seasons, daisy, house, tulip = results
    assert sunflower.brush_marks["polygon"] >= 16, sunflower.brush_marks
    assert clock.brush_marks["line"] >= 36, clock.brush_marks
    img = _rgb(lotus.png)
    assert sum(_mean(img, (0, 220, 256, 256))) / 3 < 110  # dark water along the bottom
    assert max(sum(img.getpixel((x, y))) / 3 for x in range(0, 256, 2) for y in range(60, 200, 2)) > 200  # white
    r, g, b = _mean(_rgb(wheat.png), (0, 200, 256, 256))
    assert r > b + 40 and g > b + 20, (r, g, b)  # gold, not grey
    img = _rgb(birch.png)
    x = int((300 + int(re.search(r"const trunks = \[\[(-?\d+), ", codes[4]).group(1))) * 256 / 600)
    bark = sum(_mean(img, (x - 8, 20, x + 8, 200))) / 3
    wood = sum(_mean(img, (0, 20, 12, 200))) / 3
    assert bark > wood + 40, (bark, wood)
    assert wall.brush_marks["line"] >= 60, wall.brush_marks
    assert seasons.brush_marks["rect"] >= 4 + 4 + 3, seasons.brush_marks
    img = _rgb(daisy.png)
    paper = sum(img.getpixel((2, 2))) / 3
    assert paper < 200, paper  # a darker backdrop behind the white petals
    assert house.brush_marks["line"] >= 2 + 5, house.brush_marks
    # a watercolour tulip: grained, not flat fills (a 4x4 block is flat when every channel varies < 1.5)
    import numpy as np

    a = np.asarray(_rgb(tulip.png), dtype=np.float32)[:256, :256].reshape(64, 4, 64, 4, 3)
    flat = (a.std(axis=(1, 3)).max(axis=-1) < 1.5).mean()
    assert flat < 0.7, flat
    assert tulip.brush_marks["polygon"] >= 4 + 1, tulip.brush_marks  # two leaves, each with its darker half
