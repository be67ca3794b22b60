"""What sketches may use: the p5.brush 2.2.2 API, its brushes and fields, and the prompt categories.

Shared by the sampler's decoding guards and system prompt (policy/) and the warm start's generator
(warm_start/procedural/), so it sits below both.

BRUSH_MEMBERS, BUILTIN_BRUSHES and BUILTIN_FIELDS are what the library itself
has (`Object.keys(brush)`, `brush.box()`, `brush.listFields()` in the
renderer's page; `tests/test_decoding_guards.py` checks them there). The sampler's
"api" decoding guard allows exactly these names; the ALLOWED_* lists are the part of
them the procedural warm-start corpus uses.
"""

BRUSH_MEMBERS = (
    "Plot", "Polygon", "Position", "add", "addField", "arc", "beginShape", "beginStroke", "box", "circle", "clip",
    "endShape", "endStroke", "field", "fill", "fillBleed", "fillTexture", "flowLine", "hatch", "hatchArray",
    "hatchStyle", "instance", "line", "listFields", "load", "mass", "massArray", "move", "noClip", "noField", "noFill",
    "noHatch", "noMass", "noStroke", "noWash", "noiseSeed", "pick", "polygon", "rect", "refreshField", "scaleBrushes",
    "seed", "set", "spline", "stroke", "strokeWeight", "vertex", "wRand", "wash", "wiggle",
)
BUILTIN_BRUSHES = ("pen", "rotring", "2B", "HB", "2H", "cpencil", "pastel", "crayon", "charcoal", "spray", "marker")
BUILTIN_FIELDS = ("hand", "curved", "zigzag", "waves", "seabed", "spiral", "columns")

ALLOWED_API = (
    "set", "pick", "stroke", "strokeWeight", "noStroke", "line", "flowLine", "spline", "rect", "circle", "arc",
    "polygon", "beginShape", "vertex", "endShape", "fill", "fillBleed", "fillTexture", "noFill", "wash", "noWash",
    "hatch", "hatchStyle", "noHatch", "field", "noField", "scaleBrushes",
)
ALLOWED_BRUSHES = BUILTIN_BRUSHES
ALLOWED_FIELDS = BUILTIN_FIELDS
CATEGORIES = ("abstract", "animal", "flower", "geometric", "landscape", "night", "pattern", "scene", "sky", "tree",
              "water", "weather")
