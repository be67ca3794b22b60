"""Animal templates (procedural/animals.py, birds.py, sea_life.py): each animal gets its own body plan and the
scene its prompt names, also for prompts the train split does not have."""

from __future__ import annotations

import io
import re

from procedural_helpers import render_generated

from paint_pipeline.colour import COLOUR_WORDS
from paint_pipeline.warm_start.procedural import generate_sketch

ROUTES = {  # prompt -> a section (or code) its sketch must have, for every seed
    "a tiger prowling through tall grass, charcoal and orange pastel": "// Tiger",
    "a pride of lions resting under an acacia at dusk, pastel": "// Acacia tree",
    "a brown rabbit in tall grass, pencil": "// Rabbit",
    "a sleeping cat curled up, soft pencil": "// Sleeping cat curled up",
    "a snail on a leaf, crayon": "const shell = [];",
    "a ladybug on a green stem, marker": "// Ladybug",
    "a hedgehog among autumn leaves, colored pencil": "// Fallen autumn leaves",
    "a herd of elephants crossing a dusty river at sunset, pastel": "// Ripples",
    "a heron standing in shallow water, watercolor": "// Wading bird",
    "a flamingo wading in a pink lagoon, pastel": "// Wading bird",
    "an owl perched on a branch at night, charcoal and white pencil": "// Owl from the front",
    "a hummingbird hovering at a red flower, colored pencil": "// Hovering hummingbird",
    "a whale breaching in a grey sea, charcoal": "// Whale breaching",
    "a goldfish in a round bowl, orange marker": "// Round glass bowl",
    "a coral reef with clownfish, sea turtles and swaying anemones, watercolor": "// Sea turtle",
    "a school of sardines swirling above a reef in a silver ball, ink and blue wash": "// Bait-ball",
    "koi fish circling among lily pads in a green pond, watercolor and ink": "// Koi",
    # Prompts of our own: the same plans for animals and scenes the train split does not name.
    "a red fox trotting across a snowy field, crayon": "// Fox",
    "two horses grazing in a meadow, oil pastel": "// Horses",
    "a pack of wolves howling, charcoal": "// Dogs",
    "a white swan gliding on a lake, watercolor": "// Swans floating",
    "a stork standing in a marsh, pencil": "// Wading bird",
    "a dolphin leaping from the waves, marker": "// Whale breaching",
    "a tortoise-shell kitten asleep in a basket, pencil": "// Sleeping cat curled up",
}


def test_each_animal_gets_its_body_plan_and_scene():
    for prompt, section in ROUTES.items():
        for seed in range(3):
            code = generate_sketch(prompt, "animal", seed)
            assert section in code, (prompt, seed)


def test_herds_are_several_animals_and_singles_one():
    code = generate_sketch("a herd of elephants crossing a dusty river at sunset, pastel", "animal", 0)
    assert int(re.search(r"// Elephants\n\s*for \(let i = 0; i < (\d+);", code).group(1)) >= 3
    code = generate_sketch("a pride of lions resting under an acacia at dusk, pastel", "animal", 0)
    assert int(re.search(r"// Lions lying down\n\s*for \(let i = 0; i < (\d+);", code).group(1)) >= 3
    code = generate_sketch("a brown bear by a river, watercolor", "animal", 0)
    assert "// Bear\n" in code and "for (let i = 0; i < 1;" not in code


def test_colours_go_to_the_things_they_name():
    # The red flower is the flower, not a sun; a flamingo is pink even when the lagoon takes the named pink.
    for seed in range(4):
        code = generate_sketch("a hummingbird hovering at a red flower, colored pencil", "animal", seed)
        flower = code.split("// Flower")[1].split("//")[0]
        assert any(h in flower.lower() for h in COLOUR_WORDS["red"]), flower
        assert "// Sky" not in code and "sun" not in code.lower(), code
        code = generate_sketch("a flamingo wading in a pink lagoon, pastel", "animal", seed)
        body = code.split("// Body, long neck and head")[1].split("brush.noWash")[0]
        wash = re.search(r"brush\.wash\('(#[0-9a-f]{6})'", body).group(1)
        r, g, b = (int(wash[i:i + 2], 16) for i in (1, 3, 5))
        assert r > g + 30 and r > 150, wash
        code = generate_sketch("a tiger prowling through tall grass, charcoal and orange pastel", "animal", seed)
        assert re.search(r"for \(let k = -5; k <= 5; k\+\+\) brush\.spline", code)  # the stripes


def _share(img, box, test) -> float:
    px = [img.getpixel((x, y)) for x in range(box[0], box[2], 2) for y in range(box[1], box[3], 2)]
    return sum(1 for p in px if test(*p)) / len(px)


def test_animal_paintings_render_their_features():
    """Rendered: tiger stripes and a black-spotted red ladybug, a snail's spiral shell, an owl under a dark night
    sky, a whale's dark body above the sea, the orange goldfish inside its bowl, a bait-ball of many small fish, a
    curled cat's fur strokes over a grained floor."""
    from PIL import Image

    prompts = [
        "a tiger prowling through tall grass, charcoal and orange pastel",
        "a ladybug on a green stem, marker",
        "a snail on a leaf, crayon",
        "an owl perched on a branch at night, charcoal and white pencil",
        "a whale breaching in a grey sea, charcoal",
        "a goldfish in a round bowl, orange marker",
        "a school of sardines swirling above a reef in a silver ball, ink and blue wash",
        "a herd of elephants crossing a dusty river at sunset, pastel",
        "a sleeping cat curled up, soft pencil",
    ]
    codes, results = zip(*render_generated([(p, "animal") for p in prompts]))
    for p, r in zip(prompts, results):
        assert r.status == "SUCCESS" and r.brush_marks and not r.errors, (p, r.status, r.errors)
    tiger, ladybug, snail, owl, whale, bowl, sardines, elephants, cat = results
    assert tiger.brush_marks["spline"] >= 11, tiger.brush_marks  # eleven stripes
    assert snail.brush_marks["spline"] >= 2, snail.brush_marks  # the shell's spiral and the leaf's midrib
    # the bait-ball's fish are bodies with tails (polygons), not rows of short strokes that read as text
    assert sardines.brush_marks["polygon"] >= 60, sardines.brush_marks
    assert cat.brush_marks["arc"] >= 30 and cat.brush_marks["line"] >= 10, cat.brush_marks  # fur, floor grain
    assert elephants.brush_marks["polygon"] >= 3, elephants.brush_marks  # a trunk each
    img = Image.open(io.BytesIO(ladybug.png)).convert("RGB")
    assert _share(img, (0, 0, 256, 256), lambda r, g, b: r > 150 and g < 90 and b < 90) > 0.02
    img = Image.open(io.BytesIO(owl.png)).convert("RGB")
    assert _share(img, (0, 0, 256, 60), lambda r, g, b: r + g + b < 240) > 0.6  # a dark sky above the owl
    img = Image.open(io.BytesIO(whale.png)).convert("RGB")
    horizon = int(re.search(r"brush\.rect\(-300, -300, 600, (\d+)\);", codes[4]).group(1)) * 256 // 600
    assert _share(img, (0, 0, 256, horizon - 10), lambda r, g, b: r + g + b < 300) > 0.05  # body above the sea
    img = Image.open(io.BytesIO(bowl.png)).convert("RGB")
    assert _share(img, (64, 40, 192, 200), lambda r, g, b: r > 180 and 60 < g < 170 and b < 100) > 0.01


def test_bait_ball_fish_swim_along_the_swirl_and_corals_branch_unevenly():
    prompt = "a school of sardines swirling above a reef in a silver ball, ink and blue wash"
    code = generate_sketch(prompt, "animal", 1)
    assert "u = -sin(a) * s, v = cos(a) * s" in code and "brush.line(x, y, x - 11" not in code
    assert "x + k * random(15, 35), random(140, 230)" in code  # uneven branches, not a regular "W" or "M"
