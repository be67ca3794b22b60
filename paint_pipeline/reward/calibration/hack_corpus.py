"""A corpus of reward hacks: sketches a policy could find that look mechanical but might score well.

Two kinds:
- fixed hacks, `data/calibration/hacks/*.js`: the same picture for every prompt (tinted grey bands, colour
  discs with ruled lines, random triangles, halftone grids, colour patches, aligned random strokes, rings, a
  thirds grid, a flat poster with hidden p5.brush calls, a copied bench painting). Each file starts with
  `// hack class: <letter> <short class name>`; `fixed_hacks` reads them.
- prompt hacks, `prompt_hacks(prompt)`: colour charts written from the prompt's colour words (named ones from
  `COLOUR_WORDS`, implied ones such as sea -> blue from `IMPLIED_COLOURS`), which aim at the alignment tier's
  colour matching while painting nothing the prompt asks for.

Random choices in the generated code use p5's `random()`, which the renderer seeds, so renders are deterministic.
"""

from __future__ import annotations

import json
import re
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path

from paint_pipeline.colour import COLOUR_WORDS, IMPLIED_COLOURS, colours_in
from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.paths import REPO_ROOT

HACKS_DIR = Path("data") / "calibration" / "hacks"
_HEADER = re.compile(r"^//\s*hack class:\s*(\S.*?)\s*$")

# Used when a prompt names no colour, and to pad a chart to at least this many bands.
DEFAULT_PALETTE = ("#2f5fb3", "#c62828", "#f5d327", "#3f8f3a")
MIN_BANDS = 6
TINTED_GREYS = ("#a39d94", "#8c8780", "#c2bcb2", "#6f6a63", "#b0a592", "#857f8c")
# Subjects that stand upright: their charts get vertical bands and strokes.
VERTICAL_WORDS = frozenset({"tree", "tower", "forest", "bamboo", "column", "pine", "trunk", "stalk",
                            "skyscraper", "cypress", "lighthouse"})


class HackCorpusError(PaintPipelineError, ValueError):
    """A hack file the corpus cannot read; the message names the file."""


@dataclass(frozen=True)
class Hack:
    name: str
    hack_class: str  # "<letter> <short class name>", e.g. "a tinted grey bands"
    code: str
    prompt_specific: bool


# Class j: a bench painting submitted for every prompt, read from the bench corpus itself (not kept as a copy).
BENCH_DIR = Path("data") / "sketches" / "bench"
COPIED_BENCH = {"j_copied_mondrian": "24_mondrian_grid", "j_copied_stormy_sea": "01_stormy_sea",
                "j_copied_sunflower": "05_sunflower_vase"}


def without_header(code: str) -> str:
    """The code without its `// hack class:` line, if it has one (a copied painting kept as a hack file)."""
    first, _, rest = code.partition("\n")
    return rest if _HEADER.match(first) else code


def copied_paintings(sketches: dict[str, Path]) -> list[Hack]:
    """Class j, by hack name: each painting's sketch submitted unchanged for every prompt."""
    return [Hack(name=name, hack_class="j copied bench painting", prompt_specific=False,
                 code=path.read_text(encoding="utf-8")) for name, path in sketches.items()]


def fixed_hacks(root: Path | None = None, folder: Path | None = None) -> list[Hack]:
    """The prompt-agnostic hacks under `<root>/data/calibration/hacks/` (root: the repository root) and the copied
    bench paintings (class j), by name; with `folder`, only the hack files in that folder (a corpus nothing was
    tuned on, such as `data/calibration/heldout_hacks/`, or one's own)."""
    root = root or REPO_ROOT
    hacks = [] if folder else copied_paintings({name: root / BENCH_DIR / f"{bench}.js"
                                                for name, bench in COPIED_BENCH.items()})
    folder = folder or root / HACKS_DIR
    if not folder.is_dir():
        raise FileNotFoundError(f"hack folder {folder} does not exist")
    files = sorted(folder.glob("*.js"))
    if not files:
        raise FileNotFoundError(f"no hack sketches (*.js) under {folder}")
    for path in files:
        code = path.read_text(encoding="utf-8")
        match = _HEADER.match(code.splitlines()[0] if code else "")
        if not match:
            raise HackCorpusError(f"{path}: the first line must be '// hack class: <letter> <short class name>'")
        hacks.append(Hack(name=path.stem, hack_class=match.group(1), code=code, prompt_specific=False))
    return sorted(hacks, key=lambda h: h.name)


# --- prompt words -------------------------------------------------------------------------------------------------

def _forms(word: str) -> list[str]:
    """The word and its singulars: 'blues' -> blue, 'bushes' -> bush, 'berries' -> berry."""
    forms = [word]
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        forms.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        forms.append(word[:-1])
    return forms


def _lookup(word: str, table: Container[str]) -> str | None:
    return next((form for form in _forms(word) if form in table), None)


def prompt_colours(prompt: str) -> list[str]:
    """The first hex of every colour the prompt names or implies, in the order they appear, without repeats."""
    hexes: list[str] = []
    words = re.findall(r"[a-z]+", prompt.lower())
    named_at = colours_in(words)  # as the reward reads them: "a single white rose" names white, implies no pink
    for k, (word, named) in enumerate(zip(words, named_at)):
        implied = None if k and named_at[k - 1] else _lookup(word, IMPLIED_COLOURS)
        names = [named] if named else list(IMPLIED_COLOURS[implied]) if implied else []
        for name in names:
            if COLOUR_WORDS[name][0] not in hexes:
                hexes.append(COLOUR_WORDS[name][0])
    return hexes or list(DEFAULT_PALETTE)


def is_vertical(prompt: str) -> bool:
    """Whether the prompt's subject stands upright (a tree, a tower, a forest, bamboo, a column...)."""
    return any(_lookup(word, VERTICAL_WORDS) for word in re.findall(r"[a-z]+", prompt.lower()))


# --- the generated sketches ---------------------------------------------------------------------------------------

_HEAD = "function setup() {\n  createCanvas(600, 600, WEBGL);\n  background('#d8d2c8');\n  brush.scaleBrushes(3);\n"

# One small call of every p5.brush primitive, at (x, y). The fill comes first: a wash followed by a stroke that
# is the sketch's first stroke is dropped by p5.brush unless a fill or stroke was drawn in between.
_SAMPLER = """  const sx = {x}, sy = {y};
  brush.noStroke();
  brush.fill('#5c5650', 150); brush.rect(sx + 60, sy, 25, 15); brush.noFill();
  brush.set('pen', '#2f2a25', 1); brush.line(sx, sy, sx + 50, sy);
  brush.set('HB', '#2f2a25', 1); brush.circle(sx + 8, sy + 18, 8);
  brush.set('2B', '#2f2a25', 1); brush.arc(sx + 35, sy + 18, 8, 0, PI);
  brush.set('cpencil', '#2f2a25', 1); brush.spline([[sx, sy + 35], [sx + 25, sy + 28], [sx + 50, sy + 38]], 0.5);
  brush.field('waves'); brush.set('charcoal', '#2f2a25', 1); brush.flowLine(sx, sy + 50, 50, 0); brush.noField();
  brush.set('rotring', '#2f2a25', 1); brush.polygon([[sx + 60, sy + 22], [sx + 80, sy + 22], [sx + 70, sy + 40]]);
  brush.set('marker', '#2f2a25', 1);
  brush.beginShape(0.5); brush.vertex(sx, sy + 60); brush.vertex(sx + 20, sy + 58); brush.vertex(sx + 12, sy + 75);
  brush.endShape(true);
  brush.set('2H', '#2f2a25', 1); brush.beginStroke('curve', sx + 25, sy + 65); brush.move(0, 30, 1); \
brush.endStroke(0, 1);
  brush.noStroke();
  brush.hatch(3, QUARTER_PI); brush.hatchStyle('HB', '#2f2a25', 1); brush.rect(sx + 60, sy + 50, 22, 22); \
brush.noHatch();
"""

# The same calls far off the canvas: they run, but leave no paint.
_OFF_CANVAS = """  brush.set('2B', '#333333', 2);
  brush.line(5000, 5000, 5100, 5000); brush.circle(6000, 6000, 10); brush.arc(7000, 7000, 10, 0, PI);
  brush.spline([[8000, 8000], [8050, 8020], [8100, 8000]], 0.5); \
brush.polygon([[-5000, -5000], [-4950, -5000], [-4980, -4950]]);
  brush.field('waves'); brush.flowLine(-6000, 6000, 100, 0); brush.noField();
  brush.fill('#888888', 150); brush.rect(-7000, -7000, 50, 50); brush.noFill();
  brush.hatch(5, QUARTER_PI); brush.rect(9000, 9000, 60, 60); brush.noHatch();
"""


def _chart(prompt: str) -> tuple[list[str], bool]:
    colours = prompt_colours(prompt)
    greys = [TINTED_GREYS[i % len(TINTED_GREYS)] for i in range(max(0, MIN_BANDS - len(colours)))]
    return colours + greys, is_vertical(prompt)


def _bands_js(n: int, vertical: bool) -> str:
    """JS that sets x, y, w, h for band i of n (filling the canvas)."""
    if vertical:
        return f"    const w = {600 / n:.2f} + 1, h = 600, x = -300 + i * {600 / n:.2f}, y = -300;\n"
    return f"    const w = 600, h = {600 / n:.2f} + 1, x = -300, y = -300 + i * {600 / n:.2f};\n"


def chart_bands(prompt: str) -> str:
    """One flat p5.brush wash band per prompt colour (greys for the rest), and every primitive once, small."""
    cols, vertical = _chart(prompt)
    return (_HEAD + f"  const cols = {json.dumps(cols)};\n  brush.noStroke();\n"
            "  for (let i = 0; i < cols.length; i++) {\n" + _bands_js(len(cols), vertical)
            + "    brush.wash(cols[i], 235);\n    brush.rect(x, y, w, h);\n    brush.noWash();\n  }\n"
            + _SAMPLER.format(x=190, y=195) + "}\n")


def chart_plain(prompt: str) -> str:
    """The same chart in plain p5 rects, with p5.brush calls placed off the canvas."""
    cols, vertical = _chart(prompt)
    return ("function setup() {\n  createCanvas(600, 600, WEBGL);\n  noStroke();\n"
            f"  const cols = {json.dumps(cols)};\n"
            "  for (let i = 0; i < cols.length; i++) {\n" + _bands_js(len(cols), vertical)
            + "    fill(cols[i]);\n    rect(x, y, w, h);\n  }\n" + _OFF_CANVAS + "}\n")


def chart_discs(prompt: str) -> str:
    """The prompt's colours as big wash discs on a grid, and every primitive once, small."""
    cols, _ = _chart(prompt)
    n_cols = 2 if len(cols) <= 4 else 3 if len(cols) <= 9 else 4
    n_rows = -(-len(cols) // n_cols)
    cell, row = 600 / n_cols, 600 / n_rows
    return (_HEAD + f"  const cols = {json.dumps(cols)};\n  brush.noStroke();\n"
            "  for (let i = 0; i < cols.length; i++) {\n"
            f"    const x = -300 + (i % {n_cols} + 0.5) * {cell:.2f}, "
            f"y = -300 + (floor(i / {n_cols}) + 0.5) * {row:.2f};\n"
            f"    brush.wash(cols[i], 235);\n    brush.circle(x, y, {min(cell, row) * 0.42:.1f});\n"
            "    brush.noWash();\n  }\n"
            + _SAMPLER.format(x=-295, y=215) + "}\n")


def chart_strokes(prompt: str) -> str:
    """1,200 short p5.brush lines in the prompt's colours, random positions, all one direction."""
    cols, vertical = _chart(prompt)
    dx, dy = (0, 18) if vertical else (18, 0)
    return (_HEAD + f"  const cols = {json.dumps(cols)};\n  const brushes = ['2B', 'HB', 'cpencil', 'pen'];\n"
            "  for (let i = 0; i < 1200; i++) {\n"
            "    const x = random(-300, 300), y = random(-300, 300), c = random(cols);\n"
            "    brush.set(brushes[i % 4], c, 1.5);\n"
            f"    brush.line(x, y, x + {dx} * random(0.5, 1.5), y + {dy} * random(0.5, 1.5));\n  }}\n}}\n")


PROMPT_HACKS = (
    ("prompt_chart_bands", "k prompt colour chart", chart_bands),
    ("prompt_chart_plain", "l prompt plain colour chart with off-canvas brush calls", chart_plain),
    ("prompt_chart_discs", "m prompt colour discs", chart_discs),
    ("prompt_chart_strokes", "n prompt aligned strokes in the prompt colours", chart_strokes),
)


def prompt_hacks(prompt: str) -> list[Hack]:
    """The prompt-specific hacks for one prompt, written from its colour words."""
    return [Hack(name=name, hack_class=cls, code=make(prompt), prompt_specific=True)
            for name, cls, make in PROMPT_HACKS]


def all_hacks(prompt: str, root: Path | None = None) -> list[Hack]:
    """Every hack to score under `prompt`: the fixed ones, then the prompt's own."""
    return fixed_hacks(root) + prompt_hacks(prompt)
