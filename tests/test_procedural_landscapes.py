"""The sky, landscape and weather templates paint what their prompts name: cloud kinds and sky modifiers
(clouds.py), landforms and landmarks (landforms.py), weather elements (weather_elements.py)."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image
from procedural_helpers import render_generated

from paint_pipeline.warm_start.procedural import generate_sketch
from paint_pipeline.warm_start.procedural.reading import lightness

# (prompt, category) -> sections (js.section comments) its sketch must have, for seeds 0-2. Most prompts are not
# train prompts: the elements must come from the words, not from one prompt.
SECTIONS = {
    ("a mackerel sky over the town, pastel", "sky"): ["Rows of small cloudlets"],
    ("thin cirrus wisps at noon, graphite", "sky"): ["Cirrus wisps streaking"],
    ("two contrails over a quiet field, crayon", "sky"): ["Contrails crossing"],
    ("one lone puffy cloud, a single cloud in a wide sky, marker", "sky"): ["A single cloud"],
    ("storm clouds massing over the plains, charcoal", "sky"): ["Storm clouds piling up"],
    ("towering clouds over the hills, watercolor", "sky"): ["Towering clouds"],
    ("a double rainbow after the shower, watercolor", "sky"): ["Double rainbow"],
    ("an evening sky reflected in a still marsh, watercolor", "sky"): ["Flat water", "Reeds"],
    ("a sailboat under tall clouds, pastel", "sky"): ["Flat water", "A sailboat"],
    ("a volcano under a grey sky, pastel", "landscape"): ["Volcano cone and smoke"],
    ("a deep gorge with striped rock walls, pencil", "landscape"): ["Canyon walls", "Layered rock strata"],
    ("a quiet fjord at noon, watercolor", "landscape"): ["Water between steep walls", "Steep fjord walls"],
    ("a white cliff above the sea, pen", "landscape"): ["A cliff", "Cliff face"],
    ("a lighthouse on a headland, watercolor", "landscape"): ["A cliff", "Lighthouse"],
    ("terraced vineyards in the evening, pastel", "landscape"): ["Stepped terraces"],
    ("tea rows on a green hillside, marker", "landscape"): ["Rows of tea bushes"],
    ("a meadow with a lake and a stone wall, crayon", "landscape"): ["A lake", "Dry stone wall"],
    ("poppies in a field stretching far away, pastel", "landscape"): ["Rows running to the horizon"],
    ("a typhoon seen from a satellite, marker", "weather"): ["Spiral cloud bands", "The eye"],
    ("a tornado twister crossing the farmland, charcoal", "weather"): ["A spinning column of dust"],
    ("rain running down a window, pencil", "weather"): ["Drops and trickles on the glass", "The window frame"],
    ("frost on the kitchen window, white crayon", "weather"): ["Frost crystals on the glass", "The window frame"],
    ("rain drumming on a tin roof, marker", "weather"): ["Ridges of the tin roof"],
    ("heat shimmering over the desert, crayon", "weather"): ["Heat haze shimmering", "A road to the horizon"],
    ("wind combing through long grass, pencil", "weather"): ["Tall grass bending"],
    ("leaves blown along by a gust, crayon", "weather"): ["Leaves swirling"],
}


def _sections(code: str) -> list[str]:
    return [m.strip() for m in re.findall(r"^\s*// (.+)$", code, re.M)[1:]]


@pytest.mark.parametrize(("prompt", "category"), list(SECTIONS))
def test_named_elements_get_their_section(prompt, category):
    for seed in range(3):
        sections = _sections(generate_sketch(prompt, category, seed))
        for s in SECTIONS[prompt, category]:
            assert s in sections, (prompt, seed, s, sections)


def test_contrails_and_sailboats_draw_no_bird_ticks_and_cloudless_draws_no_clouds():
    for prompt in ("contrails crossing in a late afternoon sky, colored pencil", "a sailboat on a calm bay, ink",
                   "a cloudless sky with a small moon, marker"):
        for seed in range(4):
            code = generate_sketch(prompt, "sky", seed)
            assert "[x - s, y]" not in code, (prompt, seed)
    for seed in range(4):
        sections = _sections(generate_sketch("a cloudless sky with a small moon, marker", "sky", seed))
        assert not any("cloud" in s.lower() for s in sections), sections


def test_a_moon_is_a_small_pale_disc_and_after_sunset_the_sky_is_dark():
    for seed in range(3):
        code = generate_sketch("a blue sky with a small daytime moon, crayon", "sky", seed)
        disc = re.search(r"brush\.wash\('(#[0-9a-f]{6})', 255\);\n\s*brush\.circle\(-?\d+, -?\d+, (\d+)\);", code)
        assert disc and lightness(disc.group(1)) > 90 and int(disc.group(2)) <= 20, code
        code = generate_sketch("high clouds glowing after sunset, pastel", "sky", seed)
        high = re.search(r"brush\.wash\('(#[0-9a-f]{6})', 255\);\n\s*brush\.rect\(-300, -300", code).group(1)
        assert lightness(high) < 35, high


def test_a_building_colour_goes_to_the_building_not_a_band():
    for seed in range(3):
        code = generate_sketch("a fjord with a tiny red cabin, watercolor", "landscape", seed)
        assert re.search(r"// A cabin\n.*\n\s*brush\.fill\('#(c62828|e53935|a31515)'", code), code
        assert not re.search(r"brush\.wash\('#(c62828|e53935|a31515)'", code), seed


def test_snowy_peaks_get_caps_and_gentle_snowy_slopes_stay_gentle():
    for seed in range(3):
        assert "for (const [x, y] of far) if" in generate_sketch("snowy peaks at noon, pastel", "landscape", seed)
        code = generate_sketch("gentle snowy slopes in pencil", "landscape", seed)
        assert "Sky and far hills" in code and "of far) if" not in code


# --- rendered ---------------------------------------------------------------------------------------------------

RENDERED = [
    ("contrails crossing in a late afternoon sky, colored pencil", "sky"),
    ("a mackerel sky of rippled clouds, white crayon on blue paper", "sky"),
    ("a cloudless turquoise sky with a small daytime moon, marker", "sky"),
    ("cumulus clouds on a bright blue sky, watercolor", "sky"),
    ("noctilucent clouds glowing blue after sunset, soft pastel", "sky"),
    ("storm clouds piling up over a flat horizon, charcoal", "sky"),
    ("a fjord with steep cliffs, a tiny red cabin and a ferry wake, watercolor", "landscape"),
    ("a canyon with layered red rock walls, hatched in ink", "landscape"),
    ("snowy mountain peaks at sunrise in pastel and charcoal", "landscape"),
    ("a hurricane seen from above, spiral cloud bands over a blue sea, spray paint and watercolor", "weather"),
    ("frost crystals on a glass pane, fine white pencil", "weather"),
    ("a dust devil spinning on a dry plain, charcoal", "weather"),
]


@pytest.fixture(scope="module")
def renders():

    out = {}
    for (p, _), (code, r) in zip(RENDERED, render_generated(RENDERED)):
        assert r.status == "SUCCESS" and r.png, (p, r.status, r.errors)
        img = np.asarray(Image.open(io.BytesIO(r.png)).convert("RGB"), dtype=float)
        out[p.split(",")[0]] = (code, r, img)
    return out


def _white(img: np.ndarray) -> float:
    """The share of near-white pixels."""
    return float((img.min(axis=2) > 225).mean())


def test_cloud_kinds_leave_their_marks(renders):
    _, r, _ = renders["contrails crossing in a late afternoon sky"]
    assert r.brush_marks.get("line", 0) >= 4 and r.brush_marks.get("spline", 0) <= 1, r.brush_marks
    code, r, _ = renders["a mackerel sky of rippled clouds"]
    rows, n = map(int, re.findall(r"// Rows of small cloudlets\n.*\n.*r < (\d+).*\n.*k < (\d+)", code)[0])
    assert r.brush_marks["circle"] >= rows * n // 3, r.brush_marks  # cloudlets that overlap count once
    _, _, clear = renders["a cloudless turquoise sky with a small daytime moon"]
    _, _, cumulus = renders["cumulus clouds on a bright blue sky"]
    assert _white(clear[:128]) < 0.03 < _white(cumulus[:128]), (_white(clear[:128]), _white(cumulus[:128]))


def test_dark_skies_are_dark(renders):
    _, _, night = renders["noctilucent clouds glowing blue after sunset"]
    _, _, day = renders["cumulus clouds on a bright blue sky"]
    assert night[:60].mean() < 110 < day[:60].mean(), (night[:60].mean(), day[:60].mean())
    _, _, storm = renders["storm clouds piling up over a flat horizon"]
    assert storm[60:140].mean() < day[60:140].mean() - 30


def test_landforms_show(renders):
    _, _, fjord = renders["a fjord with steep cliffs"]
    water = fjord[200:, 100:156]
    assert water[..., 2].mean() > water[..., 0].mean() + 20, water.mean(axis=(0, 1))  # blue water between walls
    _, _, canyon = renders["a canyon with layered red rock walls"]
    side = np.concatenate([canyon[60:200, :40], canyon[60:200, -40:]])
    assert side[..., 0].mean() > side[..., 1].mean() + 40, side.mean(axis=(0, 1))  # red walls at both sides
    _, _, peaks = renders["snowy mountain peaks at sunrise in pastel and charcoal"]
    assert _white(peaks[40:140]) > 0.01


def test_weather_elements_show(renders):
    _, r, img = renders["a hurricane seen from above"]
    assert r.brush_marks.get("spline", 0) >= 3, r.brush_marks
    assert img[..., 2].mean() > img[..., 0].mean() + 30  # over a blue sea
    code, r, img = renders["frost crystals on a glass pane"]
    n = int(re.search(r"// Frost crystals on the glass\n.*\n\s*for \(let i = 0; i < (\d+);", code).group(1))
    assert r.brush_marks["line"] >= n and r.brush_marks.get("rect", 0) >= 1, r.brush_marks
    glass = img[30:226, 30:226]
    assert glass.mean() < 140 and _white(glass) > 0.004, (glass.mean(), _white(glass))  # white frost on dark glass
    _, r, _ = renders["a dust devil spinning on a dry plain"]
    assert r.brush_marks.get("spline", 0) >= 4, r.brush_marks


def _richness(png: bytes, prompt: str):
    """The richness tier's figures and flags for a render."""
    from paint_pipeline.reward import RewardConfig
    from paint_pipeline.reward.features import analyse, decode_png
    from paint_pipeline.reward.tiers.richness import score_richness

    cfg = RewardConfig()
    tier, flags = score_richness(analyse(decode_png(png), cfg.analysis_size, cfg.background_delta_e), prompt, cfg)
    return tier.details, flags


def test_a_cloudless_sky_is_graded_in_strokes_not_flat_bands(renders):
    prompt = "a cloudless turquoise sky with a small daytime moon, marker"
    code, r, _ = renders[prompt.split(",")[0]]
    assert "// The sky graded in overlapping strokes" in code
    details, flags = _richness(r.png, prompt)
    assert not flags and details["flat_share"] < 0.7, (flags, details["flat_share"])


def test_cirrus_wisps_fan_and_hook_in_several_directions():
    for seed in range(3):
        code = generate_sketch("cirrus wisps streaking across a high sky in light pencil", "sky", seed)
        wisps = code.split("// Cirrus wisps streaking")[1]
        assert "random(-0.8, 0.8)" in wisps  # each wisp leans its own way
        assert "for (let k = 0; k < 3; k++)" in wisps  # strands fanning from one root
        spline = re.search(r"brush\.spline\((\[\[.*\]\])", wisps).group(1)
        assert spline.count("], [") >= 4, spline  # a streak that ends in a hook


def test_terraces_follow_the_hills_contours():
    for seed in range(3):
        code = generate_sketch("terraced rice fields on a hillside in green watercolor", "landscape", seed)
        steps = code.split("// Stepped terraces")[1]
        assert re.search(r"for \(let k = \d+; k >= 0; k--\)", steps)  # ring upon ring from the foot up
        assert "sin(3 * a" in steps and "brush.spline(p.slice(0, 11)" in steps  # bulging contours, curved risers
        assert "[-300, y + b]" not in steps
    assert "// Rows of tea bushes" in generate_sketch("tea rows on a green hillside, marker", "landscape", 0)


def test_fence_posts_recede_and_only_named_fences_are_drawn():
    for seed in range(3):
        code = generate_sketch("a blizzard sweeping across a mountain pass with buried fence posts, charcoal and "
                               "white pastel", "weather", seed)
        fence = code.split("// Fence posts buried in drifts")[1]
        assert "1 - k * 0.14" in fence and "posts.map" in fence  # smaller into the distance, joined by a wire
        assert "brush.field('curved')" in code  # snow driven on the gusts
        code = generate_sketch("a heavy snow cloud in charcoal", "weather", seed)
        assert "Fence posts" not in code and "brush.line(x, " not in code.split("// Snow")[1]


def test_rolling_hills_show_their_rounded_backs():
    sections = [_sections(generate_sketch("rolling green hills under a pale sky, watercolor", "landscape", seed))
                for seed in range(4)]
    assert sum("Rounded backs of the nearer hills" in s for s in sections) >= 2, sections
