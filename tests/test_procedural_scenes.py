"""Scene and night paintings show what their prompts name: a street-level town (houses with pitched roofs, stalls,
lanterns, a street lamp, laundry, snow), still lifes of the named objects in the named numbers, rooms with the
named furniture, and night props (water with the moon's reflection, moon phases, an owl, a paper lantern, tents,
a road, star trails). Routing is checked on the sketches' section comments; one render batch checks the marks."""

from __future__ import annotations

import re

import pytest
from procedural_helpers import render_generated

from paint_pipeline.warm_start.procedural import generate_sketch
from tests.test_procedural import LINES, MAX_CHARS, wash_drop_risks

# (prompt, category) -> section comments the sketch must have ("!" before one: must not have)
ROUTES = {
    ("a busy market square with awnings, fruit stalls and a fountain, watercolor", "scene"):
        ["Houses with pitched roofs", "Market stalls with awnings", "!Fruit"],
    ("a lantern-lit alley in an old town, charcoal and yellow pastel", "scene"):
        ["Alley walls in perspective", "A string of lanterns", "Sky and moon"],
    ("a narrow city street with laundry lines, pen and wash", "scene"): ["Laundry lines with clothes"],
    ("a cafe terrace at dusk with string lights, tables and a cobbled street, watercolor", "scene"):
        ["Cafe awnings and tables", "A string of lanterns"],
    ("a village at night with glowing windows, a church spire and falling snow, pastel", "night"):
        ["Church tower and spire", "Falling snow", "Houses with pitched roofs"],
    ("a street lamp casting a circle of light in fog, charcoal", "night"):
        ["Street lamp and its pool of light", "Bands of fog"],
    ("a harbour town with colourful houses stacked up a hillside, marker", "scene"): ["Harbour water"],
    # prompts of our own: the same parts for other words
    ("a bakery street at noon with a street lamp, crayon", "scene"):
        ["Street lamp and its pool of light", "Sky and sun"],
    ("a row of shops with striped awnings, crayon", "scene"): ["Cafe awnings and tables", "Houses with pitched roofs"],
    ("a snowy mountain village with chimneys, colored pencil", "scene"):
        ["Falling snow", "Houses with pitched roofs and smoking chimneys"],
    # still lifes and rooms
    ("three pears on a shelf, charcoal", "scene"):
        ["The shelf's front edge", "Shadows cast to the right", "Pears", "!A vase", "!Fruit"],
    ("an empty glass vase on a table, watercolor", "scene"):
        ["A glass vase", "Planks of the table", "Wood grain", "Shadows cast to the right", "!Fruit", "!Lemons"],
    ("a steaming mug of coffee, brown crayon", "scene"): ["A mug", "Steam", "!Fruit"],
    ("a still life of seashells, a conch and driftwood on blue cloth, watercolor", "scene"):
        ["Seashells", "A conch shell", "Driftwood", "Folds of the cloth"],
    ("a kitchen table with bread, cheese, grapes and a wine bottle, oil pastel", "scene"):
        ["A loaf of bread", "A wedge of cheese", "A bunch of grapes", "A bottle", "Planks of the table",
         "Shadows cast to the right"],
    ("two lemons and a green bottle, marker", "scene"): ["Lemons", "A bottle"],
    ("a wooden chair in an empty room, graphite", "scene"): ["A wooden chair", "!An armchair", "!A bookshelf"],
    ("a cozy reading nook with an armchair and lamp, marker", "scene"): ["An armchair", "A floor lamp"],
    ("a bookshelf stacked with colourful books, crayon", "scene"): ["A bookshelf stacked with books"],
    ("a cluttered attic with trunks, a rocking horse and dusty sunbeams, pencil", "scene"):
        ["sloped attic ceiling", "A trunk", "Light falling through the window"],
    ("a painter's studio with easels, jars of brushes and a tall window, charcoal", "scene"):
        ["An easel with a canvas", "Jars of brushes"],
    ("a quiet study with a desk and a chair, ink", "scene"): ["A table", "A wooden chair"],
    ("an old kitchen with a table, a chair and a window, graphite", "scene"): ["A table", "!Pears", "!A vase"],
    # night
    ("a quiet moonlit sea in pencil", "night"): ["Water under the horizon", "The moon's reflection on the water"],
    ("bioluminescent waves on a dark beach, blue pastel", "night"): ["Water under the horizon", "Glowing waves"],
    ("a crescent moon over dark hills, charcoal", "night"): ["Night sky and a crescent moon", "Dark hills"],
    ("an owl silhouette against a huge moon, ink", "night"): ["An owl silhouette"],
    ("a glowing paper lantern in the dark, crayon", "night"): ["A glowing paper lantern", "!Glowing lights"],
    ("a desert camp under a sky thick with stars, tents glowing orange, pastel", "night"): ["Tents glowing"],
    ("headlights on a winding mountain road at night, pastel", "night"): ["A winding road with headlights"],
    ("star trails circling over a mountain peak, colored pencil", "night"): ["Star trails circling"],
    ("the milky way over a desert with a lone cactus, spray paint", "night"): ["A lone cactus"],
    ("a moonlit path through birch trees, graphite", "night"): ["A moonlit path", "Birch trunks"],
    ("fireworks bursting over a river with reflections and silhouetted bridges, marker and spray paint", "night"):
        ["Firework bursts", "The moon's reflection on the water"],
    ("a lunar eclipse over a sleeping town with rooftops and chimneys, charcoal and pastel", "night"):
        ["Houses with pitched roofs", "Sky and moon"],
    ("a lake of lanterns and a crescent moon, watercolor", "night"): ["Water under the horizon", "a crescent moon"],
}


def _sections(code: str) -> str:
    return "\n".join(line.strip() for line in code.splitlines()[1:] if line.strip().startswith("//"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_prompts_get_the_parts_they_name(seed):
    for (prompt, category), parts in ROUTES.items():
        sections = _sections(generate_sketch(prompt, category, seed))
        for part in parts:
            if part.startswith("!"):
                assert part[1:] not in sections, (prompt, seed, part, sections)
            else:
                assert part in sections, (prompt, seed, part, sections)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_own_prompts_keep_the_corpus_limits(seed):
    for prompt, category in ROUTES:
        code = generate_sketch(prompt, category, seed)
        lines = [line for line in code.splitlines() if line.strip()]
        assert len(code) <= MAX_CHARS and LINES[0] <= len(lines) <= LINES[1], (prompt, len(code), len(lines))
        assert not wash_drop_risks(code), (prompt, wash_drop_risks(code))


def test_still_life_light_and_town_smoke():
    for seed in range(3):
        # Light on the wall behind a lone glass vase: a pale disc, highlights and a dark rim drawn over its body.
        code = generate_sketch("an empty glass vase on a table, watercolor", "scene", seed)
        assert code.count("for (const [u, v] of vase)") == 2 and "brush.set('pen', '#ffffff'" in code
        # A sleeping town: two rows of big houses, each chimney smoking, the eclipse's copper disc.
        code = generate_sketch("a lunar eclipse over a sleeping town with rooftops and chimneys, charcoal and pastel",
                               "night", seed)
        assert "for (let r = 0; r < 2; r++)" in code and "random(100, 160) * s" in code
        assert "brush.spline([[x + w * 0.6" in code and "#8b3a2b" in code
        # Many things on a table: each painted once, in place, the bottle behind them.
        code = generate_sketch("a kitchen table with bread, cheese, grapes and a wine bottle, oil pastel", "scene",
                               seed)
        assert code.index("// A bottle") < code.index("// A loaf of bread") and "for (const x of" not in code


def test_counts_and_single_objects():
    def xs(code: str, section: str) -> list[str]:
        body = code.split(f"// {section}", 1)[1]
        return re.search(r"for \(const x of \[([^\]]*)\]\)", body).group(1).split(", ")

    for seed in range(3):
        assert len(xs(generate_sketch("three pears on a shelf, charcoal", "scene", seed), "Pears")) == 3
        assert len(xs(generate_sketch("a red apple on a plate, colored pencil", "scene", seed), "Fruit")) == 1
        assert len(xs(generate_sketch("a single lemon, watercolor", "scene", seed), "Lemons")) == 1
        code = generate_sketch("a red apple on a plate, colored pencil", "scene", seed)
        assert "brush.beginShape(1); for (let a = 0; a < TWO_PI" in code  # the plate


# --- one render batch -------------------------------------------------------------------------------------------

RENDERED = [
    ("a village at night with glowing windows, a church spire and falling snow, pastel", "night"),
    ("a busy market square with awnings, fruit stalls and a fountain, watercolor", "scene"),
    ("three pears on a shelf, charcoal", "scene"),
    ("a steaming mug of coffee, brown crayon", "scene"),
    ("a bookshelf stacked with colourful books, crayon", "scene"),
    ("a quiet moonlit sea in pencil", "night"),
    ("a glowing paper lantern in the dark, crayon", "night"),
    ("star trails circling over a mountain peak, colored pencil", "night"),
    ("a kitchen table with bread, cheese, grapes and a wine bottle, oil pastel", "scene"),
    ("an empty glass vase on a table, watercolor", "scene"),
    ("a lunar eclipse over a sleeping town with rooftops and chimneys, charcoal and pastel", "night"),
]


@pytest.fixture(scope="module")
def renders():

    return {p: rendered for (p, _), rendered in zip(RENDERED, render_generated(RENDERED))}


def _image(r):
    import io

    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(r.png)).convert("RGB")).astype(int)


def test_scene_renders_leave_their_marks(renders):
    for p, (code, r) in renders.items():
        assert r.status == "SUCCESS" and r.brush_marks, (p, r.status, r.errors)
    # A night village: lit windows are bright yellow-orange pixels in the band of houses, under a dark sky.
    _, r = renders["a village at night with glowing windows, a church spire and falling snow, pastel"]
    img = _image(r)
    band = img[100:180]
    warm = (band[..., 0] > 170) & (band[..., 1] > 120) & (band[..., 2] < 110)
    assert warm.sum() > 60, warm.sum()
    assert img[:40].mean() < 110
    # The market's stalls: one polygon per awning and five fruit per stall.
    code, r = renders["a busy market square with awnings, fruit stalls and a fountain, watercolor"]
    assert r.brush_marks.get("polygon", 0) >= 3 and r.brush_marks.get("circle", 0) >= 15, r.brush_marks
    # Three pears: each shaded with four arcs on its shadow side; a mug with its handle (an arc) and three spline
    # wisps of steam.
    _, r = renders["three pears on a shelf, charcoal"]
    assert r.brush_marks.get("arc", 0) >= 12, r.brush_marks
    _, r = renders["a steaming mug of coffee, brown crayon"]
    assert r.brush_marks.get("arc", 0) >= 1 and r.brush_marks.get("spline", 0) >= 3, r.brush_marks
    # Books: many small rects on the shelves.
    _, r = renders["a bookshelf stacked with colourful books, crayon"]
    assert r.brush_marks.get("rect", 0) >= 25, r.brush_marks
    # The moonlit sea: a bright column under the moon on the dark water.
    code, r = renders["a quiet moonlit sea in pencil"]
    img = _image(r)
    mx = int(re.search(r"brush\.line\((-?\d+) - w, y", code).group(1))
    col = (mx + 300) * 256 // 600
    water = img[190:250]
    assert water[:, max(0, col - 6):col + 6].mean() > water.mean() + 15
    # The paper lantern glows warm in the middle of a dark picture.
    code, r = renders["a glowing paper lantern in the dark, crayon"]
    img = _image(r)
    lx, ly = (int(v) for v in re.search(r"brush\.circle\((-?\d+), (-?\d+), 150\)", code).groups())
    cx, cy = (lx + 300) * 256 // 600, (ly + 300) * 256 // 600
    centre = img[cy - 10:cy + 10, cx - 10:cx + 10].reshape(-1, 3).mean(0)
    assert centre[0] > 150 and centre[0] > centre[2] + 40, centre
    assert img[:30].mean() < 100
    # Star trails: concentric arcs around the pole.
    _, r = renders["star trails circling over a mountain peak, colored pencil"]
    assert r.brush_marks.get("arc", 0) >= 20, r.brush_marks
    # The kitchen table: a dark green wine bottle stands above the table's edge, yellow cheese on the right.
    code, r = renders["a kitchen table with bread, cheese, grapes and a wine bottle, oil pastel"]
    img = _image(r)
    green = (img[..., 1] > img[..., 0] + 25) & (img[..., 1] > img[..., 2] + 10) & (img.sum(-1) < 400)
    assert green.sum() > 300, green.sum()
    yellow = (img[..., 0] > 200) & (img[..., 1] > 160) & (img[..., 2] < 120)
    assert yellow[:, 128:].sum() > 300, yellow[:, 128:].sum()
    # The glass vase: strokes of several brushes, the wall's light and the table's grain.
    _, r = renders["an empty glass vase on a table, watercolor"]
    assert r.brush_marks.get("spline", 0) >= 20, r.brush_marks
    # The eclipse over the town: a copper-red disc in the dark sky, smoke splines rising from the chimneys.
    code, r = renders["a lunar eclipse over a sleeping town with rooftops and chimneys, charcoal and pastel"]
    img = _image(r)
    m = re.search(r"brush\.wash\('#8b3a2b', 255\);\s*brush\.circle\((-?\d+), (-?\d+), (\d+)", code)
    mx, my, mr = (int(v) for v in m.groups())
    px, py, pr = (mx + 300) * 256 // 600, (my + 300) * 256 // 600, mr * 256 // 600
    disc = img[py - 4:py + 4, px - pr + 3:px - pr // 2].reshape(-1, 3).mean(0)  # the copper rim left of the shadow
    assert disc[0] > disc[2] + 15, disc
    assert r.brush_marks.get("spline", 0) >= 4, r.brush_marks
