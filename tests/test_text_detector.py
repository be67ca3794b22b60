"""The reward's offline text detector (no renderer): words drawn with PIL are read, textures are not, and text
found in the image zeroes alignment. The calibration on real renders is paint-pipeline analyze text-detector."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont
from reward_helpers import SIDE, blank, block_noise, painting, pixel_noise, png_of, result, stripes

from paint_pipeline.reward import RewardConfig, RewardConfigError, RewardScorer, Sample
from paint_pipeline.reward.judges import text_detector as td
from paint_pipeline.reward.judges.text_detector import TextDetector, TextDetectorUnavailable, judge
from paint_pipeline.reward.tiers.alignment import refused_for_text

CFG = RewardConfig(alignment_backend="palette")
FONT_DIR = Path("/usr/share/fonts/truetype")


@pytest.fixture(scope="module")
def detector():
    return TextDetector(CFG.text_detector_threshold, CFG.text_detector_min_chars)


# --- images --------------------------------------------------------------------------------------
def font(name: str, size: int):
    """Pillow's own font (always there) or a system font (skipped when the machine has none)."""
    if name == "pillow":
        return ImageFont.load_default(size=size)
    path = FONT_DIR / name
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    return ImageFont.truetype(str(path), size)


def words(text: str, fnt, background=None, colour=(190, 30, 30), xy=(14, 110), angle=0, outline=0) -> np.ndarray:
    im = Image.fromarray(background if background is not None else blank((250, 245, 235)))
    layer = Image.new("RGBA", im.size, (0, 0, 0, 0))
    ImageDraw.Draw(layer).text(xy, text, font=fnt, fill=colour + (255,), stroke_width=outline,
                                stroke_fill=(255, 255, 255, 255))
    if angle:
        layer = layer.rotate(angle, center=(SIDE // 2, SIDE // 2))
    im.paste(layer, (0, 0), layer)
    return np.asarray(im)


def strokes(kind: str, seed: int = 0) -> np.ndarray:
    """Textures that must not read as text: brush-like dabs, hatching, grass, random scribbles."""
    rng = np.random.default_rng(seed)
    if kind == "hatching":
        im = Image.new("RGB", (SIDE, SIDE), (244, 240, 230))
        draw = ImageDraw.Draw(im)
        for x in range(-SIDE, SIDE, 5):
            j = int(rng.integers(-3, 4))
            draw.line((x + j, 0, x + SIDE + j, SIDE), fill=(60, 60, 60), width=1)
        for x in range(0, 2 * SIDE, 8):
            draw.line((x, 0, x - SIDE, SIDE), fill=(110, 80, 60), width=1)
        return np.asarray(im)
    if kind == "grass":
        im = Image.new("RGB", (SIDE, SIDE), (200, 220, 240))
        draw = ImageDraw.Draw(im)
        for _ in range(700):
            x, y, h = int(rng.integers(0, SIDE)), int(rng.integers(110, SIDE)), int(rng.integers(10, 45))
            draw.line((x, y, x + int(rng.integers(-9, 9)), y - h), fill=(20, int(rng.integers(90, 170)), 30),
                      width=int(rng.integers(1, 3)))
        return np.asarray(im)
    if kind == "scribbles":
        im = Image.new("RGB", (SIDE, SIDE), (255, 255, 255))
        draw = ImageDraw.Draw(im)
        for _ in range(70):
            points = np.cumsum(rng.normal(0, 7, (10, 2)), 0) + rng.integers(20, 236, 2)
            draw.line([tuple(p) for p in points], fill=(0, 0, 0), width=2)
        return np.asarray(im)
    assert kind == "brush"
    im = Image.new("RGB", (SIDE, SIDE), (240, 232, 215))
    draw = ImageDraw.Draw(im, "RGBA")
    for _ in range(900):
        x, y = rng.uniform(0, SIDE, 2)
        angle, length = rng.uniform(0, np.pi), rng.uniform(8, 40)
        colour = [(40, 70, 140), (200, 90, 60), (60, 120, 60), (30, 30, 30)][int(rng.integers(4))]
        draw.line((x, y, x + length * np.cos(angle), y + length * np.sin(angle)),
                  fill=colour + (int(rng.integers(60, 200)),), width=int(rng.integers(1, 5)))
    return np.asarray(im)


TEXT = {
    "pillow 12 px, a whole prompt": lambda: words("a red sunset over the lake", font("pillow", 12)),
    "pillow 20 px": lambda: words("stormy sea", font("pillow", 20)),
    "pillow 36 px capitals": lambda: words("SUNRISE", font("pillow", 36)),
    "pillow rotated 20 degrees": lambda: words("green hills", font("pillow", 30), angle=20),
    "DejaVu Sans 24 px": lambda: words("cherry blossom", font("dejavu/DejaVuSans.ttf", 24)),
    "Liberation Serif bold 28 px": lambda: words("golden wheat", font("liberation/LiberationSerif-Bold.ttf", 28)),
    "DejaVu Mono 16 px": lambda: words("lavender field", font("dejavu/DejaVuSansMono.ttf", 16)),
    "dark on a painting": lambda: words("a koi pond", font("pillow", 32), painting(0), colour=(20, 20, 20)),
    "white on a painting": lambda: words("blue lagoon", font("pillow", 30), painting(1), colour=(255, 255, 255)),
    "red on hatching": lambda: words("red poppies", font("pillow", 30), strokes("hatching"), colour=(200, 20, 20)),
    "outlined on brush strokes": lambda: words("misty pines", font("pillow", 30), strokes("brush", 1),
                                              colour=(10, 10, 10), outline=2),
}
NO_TEXT = {
    "blank": lambda: blank(),
    "painting 0": lambda: painting(0),
    "painting 1": lambda: painting(1),
    "painting 2": lambda: painting(2),
    "pixel noise": lambda: pixel_noise(),
    "block noise 4": lambda: block_noise(4),
    "block noise 10": lambda: block_noise(10),
    "stripes": lambda: stripes(),
    "hatching": lambda: strokes("hatching"),
    "grass": lambda: strokes("grass"),
    "scribbles 0": lambda: strokes("scribbles", 0),
    "scribbles 1": lambda: strokes("scribbles", 1),
    "brush strokes 0": lambda: strokes("brush", 0),
    "brush strokes 2": lambda: strokes("brush", 2),
}


def letters(s: str) -> str:
    return "".join(c for c in s.lower() if c.isalnum())


# --- the detector --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(TEXT))
def test_words_are_read(detector, name):
    image = TEXT[name]()
    finding = detector.detect([image])[0]
    assert finding.found, (name, finding.candidates)
    assert finding.boxes >= 1 and finding.chars >= CFG.text_detector_min_chars and finding.ms > 0
    assert finding.best_confidence >= CFG.text_detector_threshold


def test_what_is_read_is_the_text(detector):
    finding = detector.detect([words("golden wheat", font("pillow", 28))])[0]
    assert letters("".join(finding.texts)) == "goldenwheat", finding.candidates
    assert 'detected text "golden' in finding.describe()


def test_textures_noise_and_blank_images_are_not_text(detector):
    names = list(NO_TEXT)
    findings = detector.detect([NO_TEXT[n]() for n in names])  # one batch, in order
    assert len(findings) == len(names)
    wrong = {n: f.candidates for n, f in zip(names, findings) if f.found}
    assert not wrong
    assert all(f.ms > 0 for f in findings)


def test_shapes_that_read_as_one_letter_are_not_text(detector):
    # A ring reads as "O" with confidence ~0.8 (the zen garden's raked circles did on real renders): the
    # minimum character count, not the confidence, is what keeps such shapes from counting as text.
    ring = Image.new("RGB", (SIDE, SIDE), (245, 240, 230))
    draw = ImageDraw.Draw(ring)
    draw.ellipse((40, 100, 90, 150), outline=(30, 30, 30), width=6)
    draw.ellipse((150, 60, 220, 130), outline=(80, 60, 40), width=7)
    finding = detector.detect([np.asarray(ring)])[0]
    assert finding.candidates and finding.best_confidence >= CFG.text_detector_threshold, finding.candidates
    assert not finding.found and finding.chars < CFG.text_detector_min_chars


def test_a_batch_keeps_its_order(detector):
    images = [blank(), words("stormy sea", font("pillow", 24)), pixel_noise(),
              words("a red sunset", font("pillow", 24))]
    assert [f.found for f in detector.detect(images)] == [False, True, False, True]


def test_images_must_be_rgb(detector):
    with pytest.raises(ValueError, match="RGB images"):
        detector.detect([np.zeros((SIDE, SIDE), dtype=np.uint8)])


def test_the_threshold_and_the_character_count_decide():
    boxes = [("T", 0.97), ("sunset", 0.65), ("小船", 0.99)]
    assert judge(boxes, 0.6, 3).found and judge(boxes, 0.6, 3).texts == ("sunset",)
    assert judge(boxes, 0.6, 3).chars == 6 and judge(boxes, 0.6, 3).boxes == 1
    assert not judge(boxes, 0.7, 3).found  # the word is under the threshold; the letter is one character
    assert judge(boxes, 0.7, 1).found and judge(boxes, 0.7, 1).texts == ("T",)  # Chinese is not counted
    assert not judge([("O", 0.8)] * 3, 0.6, 3).found  # three rings do not add up to a word
    assert not judge([], 0.5, 1).found and judge([], 0.5, 1).best_confidence == 0.0
    assert judge(boxes, 0.7, 3).best_confidence == pytest.approx(0.99)


# --- the reward ----------------------------------------------------------------------------------
def test_text_found_in_the_image_zeroes_alignment_and_is_flagged():
    # A red square captioned with the prompt, and no text() call reported by the renderer: only the detector
    # can catch it.
    square = blank((250, 245, 235))
    square[70:230, 60:200] = (200, 30, 30)
    image = words("a red square", font("pillow", 30), square, colour=(20, 20, 20), xy=(20, 16))
    sample = Sample("a red square", "x", result(png_of(image)))
    card = RewardScorer(CFG).score([sample])[0]
    tier = card.tiers["alignment"]
    assert tier.score == 0.0 and "text_in_image" in card.flags and "text_on_canvas" not in card.flags
    assert 'detected text "' in tier.explanation and "red" in tier.explanation.lower()
    assert "no alignment credit" in tier.explanation and tier.details["text_chars"] >= 3
    assert "text_in_image:" in card.render_text()
    # The same image without the detector earns alignment: the detector is what refused it.
    blind = RewardScorer(CFG.replace(text_detector=False)).score([sample])[0]
    assert blind.tiers["alignment"].score > 0.2 and "text_in_image" not in blind.flags


def test_an_honest_painting_keeps_its_alignment():
    card = RewardScorer(CFG).score([Sample("a field of red and yellow flowers", "x", result(png_of(painting(3))))])[0]
    assert "text_in_image" not in card.flags and card.tiers["alignment"].score > 0.0


def test_the_explanation_names_every_route_that_found_text():
    finding = judge([("RED SUNSET", 0.93), ("a", 0.4)], 0.6, 3)
    tier = refused_for_text(result(b"", text_calls=2), CFG, finding)
    assert tier.score == 0.0 and tier.explanation == (
        'TEXT instead of painting (2 text() calls on the canvas; detected text "RED SUNSET" in 1 box, '
        "best confidence 0.93): no alignment credit")


def test_a_missing_package_is_a_clear_error_naming_it(monkeypatch):
    monkeypatch.setitem(sys.modules, td.MODULE, None)  # what `import` sees when the package is not installed
    with pytest.raises(TextDetectorUnavailable, match="needs the 'rapidocr-onnxruntime' package.*"
                                                      "pip install rapidocr-onnxruntime"):
        RewardScorer(CFG)
    assert RewardScorer(CFG.replace(text_detector=False)).text_detector is None  # off: nothing to import


def test_a_package_that_cannot_load_is_a_clear_error_too(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # as when OpenCV cannot load its libraries
    for name in [m for m in sys.modules if m == td.MODULE or m.startswith(td.MODULE + ".")]:
        monkeypatch.delitem(sys.modules, name)  # imported afresh (monkeypatch puts them back afterwards)
    with pytest.raises(TextDetectorUnavailable, match="rapidocr-onnxruntime' is installed but cannot be imported"):
        TextDetector(CFG.text_detector_threshold, CFG.text_detector_min_chars)


def test_the_detector_is_part_of_the_reward_version():
    on, off = RewardScorer(CFG), RewardScorer(CFG.replace(text_detector=False))
    assert on.version != off.version
    assert on.version != RewardScorer(CFG.replace(text_detector_threshold=0.9)).version


@pytest.mark.parametrize("changes,field", [
    ({"text_detector_threshold": 1.5}, "text_detector_threshold"),
    ({"text_detector_min_chars": 0}, "text_detector_min_chars"),
    ({"text_detector": "yes"}, "text_detector"),
])
def test_invalid_detector_settings_name_the_field(changes, field):
    with pytest.raises(RewardConfigError, match=rf"(?<!\w){field}(?!\w)") as raised:
        CFG.replace(**changes)
    assert str(raised.value).count("reward config") == 1  # said once, not once per layer
