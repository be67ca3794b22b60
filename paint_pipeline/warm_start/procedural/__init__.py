"""Procedural p5.brush sketches for a prompt: a supervised warm-start corpus for the policy.

Modules, in import order: each imports only modules listed before it, never one after it. What sketches may
call (brushes, fields, functions) is `paint_pipeline.brush_api`, shared with the sampler's guards.
1. `writing`: writing JavaScript (literals, the sketch writer `JsWriter`, which knows whether a sketch still fits
   the corpus limits `MAX_CHARS` and `MAX_LINES`) and drawing helpers the templates share (a glaze, a closed
   shape, a spiral).
2. `reading`: reading the prompt (`PromptContext`: its words, palette and brushes), colour helpers, the nouns
   of each palette role and shared default colours.
3. Elements, each importing only `writing` and `reading` (and `elements` for the flower and scene parts):
   - `elements`: a flattened circle, the moon's phases, and `optional` (an element kept only while the sketch
     stays within the corpus limits);
   - skies and land: `clouds` (clouds by kind, a rainbow), `landforms` (snow caps, a volcano, canyon walls,
     terraces, a lighthouse, a stone wall), `weather_elements`;
   - water: `rivers` (a river, a canal, a waterfall, a marsh), then `water` (the sea, a beach, a great wave, a
     harbour, and still water seen from above), also used by `animals` (koi) and `scenes`;
   - plants: `flower_heads` (a head shape per species), `flowers` (heads in their settings), `tree_views`
     (birch, mangrove, four seasons, bonsai);
   - animals: `birds` (a body plan per way of life), `sea_life` (a whale, a goldfish bowl, a reef, a bait-ball);
   - geometry: `motifs` (the geometric structures a prompt names: truchet tiles, a Bauhaus composition,
     hexagons, isometric cubes, ...), `patterns` (cloth and the structures a pattern prompt names);
   - scenes: `town` (a street-level town or market), `still_life` (the objects a still life or a room names),
     `night_props` (what a night shows besides its sky).
4. The templates by subject, independent of each other: `landscapes` (landscape, sky, weather), `plants`
   (flower, tree), `animals`, `geometry` (geometric, abstract), `patterns` (pattern), `scenes` (city,
   still life, interior, night).
5. This package: `template_for`, `generate_sketch` and `corpus`.

`generate_sketch(prompt, category, seed)` writes a short, readable p5.js 2.x +
p5.brush 2.2.2 sketch (600x600 WEBGL canvas, everything painted in `setup()`)
that paints the prompt with one of a few composition templates per category.
The output is deterministic in (prompt, category, seed); the seed varies
positions, counts, palettes, brushes and sub-variants.

Conditioning on the prompt:
- template: the prompt's category (the `category` of data/prompts/*.jsonl:
  abstract, animal, flower, geometric, landscape, night, pattern, scene, sky,
  tree, water, weather), refined by keywords (a scene with apples is a still
  life, an animal that swims is a fish); without a category, keywords alone;
- palette: colour words of the prompt ("red", "golden", ...) and the colours
  things imply ("sea" -> blue, teal; `paint_pipeline.colour`) replace the template's
  default colours role by role: a colour goes to the role of the noun it
  qualifies ("green pond"), else to the role whose default is closest (see
  `PromptContext.palette`); the colours a prompt names always appear as hex literals.
  Other colourful areas fall back to a shade of a prompt colour or to a
  muted version of their default, so the painted colour stays on the prompt's
  palette; monochrome media (charcoal, graphite, ink, ... with no colour
  medium or colour word) are painted in greys; "on black paper" sets the paper;
- brushes: the medium words (crayon, pastel, marker, ink, pencil, charcoal,
  watercolour, spray paint) choose the stroke brushes;
- shape words: "horizon"-like prompts get horizontal strokes, forests
  vertical ones, and so on.

Known p5.brush 2.2.2 behaviour the templates respect (docs/p5brush_pitfalls.md):
`brush.fill` is translucent, so large areas of a named colour are laid with
`brush.wash` and glazed with a watercolour `brush.fill`; a group of washes is
always closed by a `brush.fill` before the next stroke, because a wash that
follows another fill or wash is dropped when a stroke comes right after it.
"""

from __future__ import annotations

import hashlib
import random
from typing import Callable

from paint_pipeline.brush_api import ALLOWED_API, ALLOWED_BRUSHES, ALLOWED_FIELDS, CATEGORIES
from paint_pipeline.warm_start.procedural.animals import paint_animal
from paint_pipeline.warm_start.procedural.geometry import paint_abstract, paint_geometric
from paint_pipeline.warm_start.procedural.landscapes import paint_landscape, paint_sky, paint_weather
from paint_pipeline.warm_start.procedural.patterns import paint_pattern
from paint_pipeline.warm_start.procedural.plants import paint_flower, paint_tree
from paint_pipeline.warm_start.procedural.reading import PromptContext, split_words
from paint_pipeline.warm_start.procedural.scenes import paint_night, paint_scene
from paint_pipeline.warm_start.procedural.water import paint_water
from paint_pipeline.warm_start.procedural.writing import JsWriter, sketch_title

__all__ = ["ALLOWED_API", "ALLOWED_BRUSHES", "ALLOWED_FIELDS", "CATEGORIES", "corpus", "generate_sketch",
           "template_for"]

_TEMPLATES: dict[str, Callable[[JsWriter, PromptContext], None]] = {
    "abstract": paint_abstract,
    "animal": paint_animal,
    "flower": paint_flower,
    "geometric": paint_geometric,
    "landscape": paint_landscape,
    "night": paint_night,
    "pattern": paint_pattern,
    "scene": paint_scene,
    "sky": paint_sky,
    "tree": paint_tree,
    "water": paint_water,
    "weather": paint_weather,
}
# Aliases a caller may use for a category.
_ALIASES = {"city": "scene", "still_life": "scene", "still-life": "scene", "space": "night", "op-art": "geometric",
            "op_art": "geometric", "sea": "water", "ocean": "water", "seascape": "water", "plant": "flower",
            "plants": "flower", "forest": "tree", "cityscape": "scene", "interior": "scene", "bird": "animal",
            "animals": "animal"}

# Keyword routing when there is no (known) category: first match wins.
_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("night", ("night", "moon", "moonlit", "stars", "starry", "midnight", "galaxy", "milky", "fireflies", "nebula",
               "space", "planet", "planets", "cosmos", "fireworks", "lantern")),
    ("weather", ("rain", "rainy", "snow", "snowstorm", "storm", "stormy", "fog", "foggy", "wind", "windy", "lightning",
                 "blizzard", "hail", "drizzle", "thunderstorm", "rainbow", "hurricane", "frost", "tornado")),
    ("animal", ("cat", "dog", "fish", "koi", "bird", "birds", "owl", "crow", "horse", "fox", "rabbit", "deer", "whale",
                "tiger", "lion", "elephant", "butterfly", "bee", "snail", "hedgehog", "heron", "flamingo", "geese",
                "goldfish", "jellyfish", "turtle", "bear", "wolf", "duck", "swan", "hummingbird", "ladybug")),
    ("flower", ("flower", "flowers", "rose", "roses", "tulip", "tulips", "poppy", "poppies", "daisy", "daisies",
                "sunflower", "sunflowers", "lotus", "peony", "peonies", "blossom", "bouquet", "orchid", "iris",
                "lily", "pansy", "hibiscus", "bloom", "blooming", "petals", "dandelion", "marigolds")),
    ("tree", ("tree", "trees", "forest", "oak", "pine", "pines", "birch", "willow", "palm", "grove", "woods", "spruce",
              "cypress", "bonsai", "maple", "maples")),
    ("scene", ("city", "skyline", "street", "town", "village", "buildings", "houses", "rooftops", "still", "apple",
               "apples", "pear", "pears", "lemons", "vase", "mug", "jug", "bowl", "table", "room", "chair", "window",
               "market", "cafe", "bookshelf", "kitchen")),
    ("water", ("sea", "ocean", "waves", "wave", "river", "lake", "pond", "stream", "water", "beach", "shore", "lagoon",
               "bay", "harbour", "harbor", "waterfall", "ripples", "canal", "surf", "tide", "lighthouse", "coast",
               "coastal", "boat", "boats", "sailboat")),
    ("sky", ("sky", "skies", "clouds", "cloud", "sunset", "sunrise", "dawn", "dusk", "cumulus", "cirrus")),
    ("pattern", ("pattern", "patterns", "tile", "tiles", "weave", "plaid", "tartan", "quilt", "wallpaper", "textile",
                 "fabric", "gingham", "herringbone", "paisley", "repeating", "repeated", "motif", "motifs", "brick")),
    ("geometric", ("geometric", "circles", "squares", "triangles", "grid", "op-art", "op", "stripes", "hexagon",
                   "hexagonal", "lattice", "bauhaus", "mondrian", "cube", "cubes", "concentric", "polygon",
                   "polygons", "tessellation", "isometric", "mandala")),
    ("landscape", ("landscape", "hill", "hills", "mountain", "mountains", "field", "fields", "meadow", "valley",
                   "desert", "dunes", "canyon", "cliff", "cliffs", "horizon", "prairie", "road", "countryside",
                   "farm", "glacier", "volcano")),
)


def template_for(prompt: str, category: str | None) -> str:
    """The template (a category name of `CATEGORIES`) a prompt is painted with."""
    if category:
        key = category.strip().lower()
        key = _ALIASES.get(key, key)
        if key in _TEMPLATES:
            return key
    words = set(split_words(prompt))
    text = prompt.lower()
    for name, keys in _KEYWORDS:
        if any((k in words) if "-" not in k else (k in text) for k in keys):
            return name
    return "abstract"


def _rng(prompt: str, category: str | None, seed: int) -> random.Random:
    digest = hashlib.sha256(f"{prompt}\x00{category}\x00{seed}".encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def generate_sketch(prompt: str, category: str | None, seed: int) -> str:
    """A complete, valid p5.brush sketch (JavaScript source) that paints the prompt.

    Deterministic in (prompt, category, seed).
    """
    ctx = PromptContext(prompt, _rng(prompt, category, seed))
    js = JsWriter(sketch_title(prompt))
    _TEMPLATES[template_for(prompt, category)](js, ctx)
    return js.code()


def corpus(prompts: list[tuple[str, str | None]], per_prompt: int, seed: int = 0) -> list[tuple[str, str]]:
    """(prompt, sketch) pairs, per_prompt variants per prompt."""
    out = []
    for prompt, category in prompts:
        for k in range(per_prompt):
            out.append((prompt, generate_sketch(prompt, category, seed * 1_000_003 + k)))
    return out
