"""What the generated sketches may use: the p5.brush 2.2.2 API, brushes and fields, and the categories."""

ALLOWED_API = (
    "set", "pick", "stroke", "strokeWeight", "noStroke", "line", "flowLine", "spline", "rect", "circle", "arc",
    "polygon", "beginShape", "vertex", "endShape", "fill", "fillBleed", "fillTexture", "noFill", "wash", "noWash",
    "hatch", "hatchStyle", "noHatch", "field", "noField", "scaleBrushes",
)
ALLOWED_BRUSHES = ("pen", "rotring", "2B", "HB", "2H", "cpencil", "pastel", "crayon", "charcoal", "spray", "marker")
ALLOWED_FIELDS = ("hand", "curved", "zigzag", "waves", "seabed", "spiral", "columns")
CATEGORIES = ("abstract", "animal", "flower", "geometric", "landscape", "night", "pattern", "scene", "sky", "tree",
              "water", "weather")
