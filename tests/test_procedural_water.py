"""Water views of the procedural generator (water.py, rivers.py): each kind of water a prompt names gets its own
view (river, canal, waterfall, marsh, beach, great wave, harbour; from above: shallows, tide pools, braided
channels, a whirlpool), and 'pools'/'pebbles'/'channels' no longer make a lily pond."""

from __future__ import annotations

import io
import random
import re

from procedural_helpers import render_generated
from test_procedural import LINES, MAX_CHARS, wash_drop_risks

from paint_pipeline.warm_start.procedural import generate_sketch
from paint_pipeline.warm_start.procedural.reading import PromptContext
from paint_pipeline.warm_start.procedural.water import paint_pond
from paint_pipeline.warm_start.procedural.writing import JsWriter

# prompt -> sections (lower case, substrings of the `// ...` comments) it must have, and ones it must not have.
ROUTES = {
    "tide pools among dark rocks, oil pastel": (["dark rock holding small pools"], ["lily pads", "ripple rings"]),
    "rock pools on a grey shore, watercolor": (["dark rock holding small pools"], ["lily pads"]),
    "a mountain stream running over pebbles, colored pencil": (["river bend", "pebbles on the stream bed"],
                                                               ["lily pads", "from above"]),
    "braided river channels seen from above with sandbars and reeds, watercolor": (["between sandbars"],
                                                                                   ["lily pads"]),
    "green shallows over white sand in watercolor": (["pale sand bottom"], ["lily pads", "ripple rings"]),
    "a whirlpool spiraling in deep blue, vector field strokes": (["the whirlpool"], ["lily pads"]),
    "a maelstrom swallowing a ship, ink": (["the whirlpool"], ["lily pads"]),
    "a calm pond surface in soft pencil": (["still water seen from above"], ["lily pads"]),
    "a lily pond at dusk, pastel": (["lily pads"], []),
    "a marsh with reeds, lily pads, a heron and reflected clouds, watercolor": (
        ["reflection in flat water", "lily pads", "clumps of reeds", "heron"], ["sailboat"]),
    "a harbour with fishing boats, bobbing buoys and reflections at sunset, ink and watercolor": (
        ["stone quay", "moored fishing boats", "buoys"], ["sailboat", "willows", "curling crests"]),
    "reflections of willow trees in still water, watercolor": (["willows and their reflections"], ["sailboat"]),
    "a kayak on a calm lake with willows, crayon": (["willows and their reflections", "a canoe"], ["sailboat"]),
    "a blue river bend drawn in marker": (["the river bend", "trees on the banks"], ["sailboat"]),
    "a great wave curling over tiny boats under a pale sky, ink and blue wash": (
        ["great wave curling", "curl", "tiny boats"], ["a sailboat", "curling crests"]),
    "river rapids with rocks, white water and a red canoe, marker": (
        ["the river bend", "rocks in the rapids", "white water", "a canoe"], ["sailboat"]),
    "waves breaking on a sandy beach in crayon": (["a sandy beach", "surf line"], []),
    "surf rolling onto a white sand beach, pastel": (["a sandy beach", "surf line"], []),
    "a canal with arched bridges, moored gondolas and rippling reflections, pen and wash": (
        ["canal walls", "arched stone bridges", "gondolas"], ["sailboat"]),
    "a tall waterfall in a green gorge, watercolor": (["falling water", "mist"], []),
    "gentle ocean waves in blue watercolor": (["sky and sea", "waves with curling crests"], ["lily pads", "river"]),
    "choppy grey sea under low clouds, charcoal": (["waves with curling crests"], ["lily pads"]),
    "an iceberg drifting on a calm sea, blue and white pastel": (["an iceberg"], ["curling crests"]),
}


def _sections(code: str) -> list[str]:
    return [line.strip()[3:].lower() for line in code.splitlines()[1:] if line.strip().startswith("// ")]


def test_each_water_word_gets_its_view():
    for prompt, (want, avoid) in ROUTES.items():
        for seed in (0, 1, 2):
            sections = " | ".join(_sections(generate_sketch(prompt, "water", seed)))
            for w in want:
                assert w in sections, (prompt, seed, w, sections)
            for w in avoid:
                assert w not in sections, (prompt, seed, w, sections)


def test_new_views_keep_the_sketch_rules():
    for prompt in ROUTES:
        for seed in range(4):
            code = generate_sketch(prompt, "water", seed)
            lines = [line for line in code.splitlines() if line.strip()]
            assert len(code) <= MAX_CHARS and LINES[0] <= len(lines) <= LINES[1], (prompt, seed, len(code),
                                                                                   len(lines))
            assert not wash_drop_risks(code), (prompt, seed)
            kinds = set(re.findall(r"\bbrush\.(\w+)\s*\(", code)) & {"line", "spline", "flowLine", "rect", "circle",
                                                                     "arc", "polygon", "endShape"}
            assert len(kinds) >= 3, (prompt, seed, kinds)


def test_the_koi_pond_keeps_its_signature_and_pads_only_when_named():
    def pond(prompt: str) -> str:
        js = JsWriter(prompt)
        paint_pond(js, PromptContext(prompt, random.Random(0)), koi=True)
        return js.code()

    assert "// Koi" in pond("koi fish circling among lily pads in a green pond")
    assert "// Lily pads" in pond("koi fish circling among lily pads in a green pond")
    assert "// Lily pads" not in pond("koi fish in a clear pond")


def test_harbour_has_several_boats_and_the_great_wave_a_spiral():
    code = generate_sketch("a harbour with fishing boats, bobbing buoys and reflections at sunset, ink and watercolor",
                           "water", 0)
    assert int(re.search(r"// Moored fishing boats.*?\n\s*for \(let i = 0; i < (\d+);", code, re.S).group(1)) >= 3
    code = generate_sketch("a great wave curling over tiny boats under a pale sky, ink and blue wash", "water", 0)
    assert "const swirl = [];" in code and "brush.spline(swirl" in code


# --- rendered ------------------------------------------------------------------------------------------------

RENDERED = [
    "gentle ocean waves in blue watercolor",
    "a great wave curling over tiny boats under a pale sky, ink and blue wash",
    "waves breaking on a sandy beach in crayon",
    "green shallows over white sand in watercolor",
    "tide pools among dark rocks, oil pastel",
    "river rapids with rocks, white water and a red canoe, marker",
    "a canal with arched bridges, moored gondolas and rippling reflections, pen and wash",
    "braided river channels seen from above with sandbars and reeds, watercolor",
]


def _px(img, x: float, y: float):
    """The RGB pixel at canvas coordinates (x, y) of a 256 px render."""
    return img.getpixel((int((x + 300) * 256 / 600), int((y + 300) * 256 / 600)))[:3]


def _region(img, x0, y0, x1, y1):
    pts = [_px(img, x, y) for x in range(x0, x1, 20) for y in range(y0, y1, 20)]
    return [sum(p[k] for p in pts) / len(pts) for k in range(3)]


def test_water_views_render_what_they_name():
    from PIL import Image

    codes, results = zip(*render_generated([(p, "water") for p in RENDERED]))
    for p, r in zip(RENDERED, results):
        assert r.status == "SUCCESS" and r.png and r.brush_marks, (p, r.status, r.errors)
    img = {p: Image.open(io.BytesIO(r.png)).convert("RGB") for p, r in zip(RENDERED, results)}
    marks = {p: r.brush_marks for p, r in zip(RENDERED, results)}
    sea = img[RENDERED[0]]
    # The sea's waves rise and curl in several directions: no one orientation over the picture (a barcode).
    from paint_pipeline.reward import RewardConfig
    from paint_pipeline.reward.features import analyse, decode_png
    from paint_pipeline.reward.tiers.richness import score_richness

    cfg = RewardConfig()
    for p, r in zip(RENDERED, results):
        if "waves" in p or "tide pools" in p:
            tier, flags = score_richness(analyse(decode_png(r.png), cfg.analysis_size, cfg.background_delta_e), p, cfg)
            assert "barcode" not in flags, (p, tier.details["orientation_coherence"])
    # The great wave towers over the horizon: the middle of the upper half is dark water, not pale sky.
    wave = img[RENDERED[1]]
    assert sum(_region(wave, -200, -120, 0, -20)) < sum(_region(wave, 200, -290, 290, -230)) - 150
    assert marks[RENDERED[1]].get("spline", 0) >= 1
    # A beach: warm sand across the foot of the picture where the open sea stays blue.
    r, g, b = _region(img[RENDERED[2]], -280, 240, 280, 290)
    assert r > b + 30, (r, g, b)
    r, g, b = _region(sea, -280, 240, 280, 290)
    assert b > r, (r, g, b)
    # Shallows over white sand are pale; tide pools among dark rocks are dark.
    assert sum(_region(img[RENDERED[3]], -280, -100, 280, 280)) > 3 * 160
    assert sum(_region(img[RENDERED[4]], -280, -220, 280, 280)) < 3 * 110
    # The red canoe is painted.
    canoe = img[RENDERED[5]]
    pixels = (canoe.getpixel((i, j)) for i in range(0, 256, 2) for j in range(0, 256, 2))
    assert any(p[0] > 170 and p[1] < 90 and p[2] < 90 for p in pixels), "no red canoe"
    # The canal's bridges and gondolas are polygons; braided channels have pale sandbars mid-stream.
    assert marks[RENDERED[6]].get("polygon", 0) >= 3, marks[RENDERED[6]]
    bars = img[RENDERED[7]]
    assert sum(1 for x in range(-150, 150, 10) for y in range(-280, 280, 10) if sum(_px(bars, x, y)) > 3 * 180) > 20
