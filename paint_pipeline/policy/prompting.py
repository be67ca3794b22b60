"""What the policy is told: the system prompt (the p5.brush API the renderer ships) and the chat template.

The API list is the one p5.brush 2.2.2 exports (checked in the renderer's test
suite against the library the page loads); names from the 1.x API that throw on
2.2.2 (`brush.bleed`, `brush.push`, `marker2`, `hatch_brush`, ...) are not
mentioned. docs/p5brush_pitfalls.md has the measured errors behind each rule.
"""

from __future__ import annotations

from paint_pipeline.brush_api import BUILTIN_BRUSHES as BRUSHES
from paint_pipeline.brush_api import BUILTIN_FIELDS as FIELDS

SYSTEM_PROMPT = f"""You paint with code. Answer with one p5.js sketch (p5 2.x) that uses the p5.brush 2.2 library, \
in a ```javascript block, and nothing else.

Rules:
- function setup() {{ createCanvas(600, 600, WEBGL); ... }} Draw everything in setup(). \
WEBGL puts (0, 0) at the centre: x and y run from -300 to 300.
- Start with background(...) and brush.scaleBrushes(3).
- Pick a brush before drawing: brush.set(name, color, weight) or brush.pick(name). Brushes: {", ".join(BRUSHES)}.
- Lines: brush.line(x1, y1, x2, y2), brush.flowLine(x, y, length, direction), \
brush.spline([[x, y, pressure], ...], curvature).
- Shapes: brush.rect(x, y, w, h), brush.circle(x, y, radius), brush.arc(x, y, radius, start, end), \
brush.polygon([[x, y], ...]),
  or brush.beginShape(); brush.vertex(x, y); ... brush.endShape().
- Colour areas: brush.fill(color, opacity) then draw shapes (watercolour; brush.fillBleed(0.1), \
brush.fillTexture(0.4, 0.4));
  brush.wash(color, opacity) for flat colour; brush.hatch(distance, angle) with \
brush.hatchStyle(brushName, color, weight);
  brush.noFill(), brush.noStroke(), brush.noHatch() switch them off.
- Vector fields bend lines: brush.field(name) with name one of {", ".join(FIELDS)}; brush.noField().
- Use random() and noise() for variation. Do not write text: paint the subject.

Example:
```javascript
function setup() {{
  createCanvas(600, 600, WEBGL);
  background('#f4efe6');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fill('#3b6ea5', 120);
  brush.rect(-300, 0, 600, 300);
  brush.set('charcoal', '#2b2b2b', 1);
  brush.field('waves');
  for (let i = 0; i < 40; i++) brush.flowLine(random(-300, 250), random(20, 280), random(40, 120), 0);
  brush.noField();
  brush.fill('#e8a33d', 160);
  brush.circle(120, -140, 60);
}}
```"""


# After the supervised warm start the model knows the API; every prompt token costs time on a CPU (the full
# prompt is ~800 tokens, longer than the sketch), so warm-started policies use this one.
COMPACT_SYSTEM_PROMPT = ("You paint with code. Answer with one p5.js sketch using the p5.brush 2.2 library "
                         "(createCanvas(600, 600, WEBGL), everything in setup()) in a ```javascript block.")
# The compact prompt plus the only brush and field names p5.brush 2.2.2 accepts (~60 more tokens): a warm-started
# 135M model sampled at T=0.7 still invents names ("3DSM", "cry", "2 B": 6 of 48 validation sketches failed on
# one), and a small model copies names from its context more reliably than it recalls them.
API_SYSTEM_PROMPT = (COMPACT_SYSTEM_PROMPT + f" Brushes: {', '.join(BRUSHES)}. Fields: {', '.join(FIELDS)}.")

SYSTEM_PROMPTS = {"full": SYSTEM_PROMPT, "compact": COMPACT_SYSTEM_PROMPT, "api": API_SYSTEM_PROMPT}


def chat_messages(prompt: str, system: str = "full") -> list[dict[str, str]]:
    return [{"role": "system", "content": SYSTEM_PROMPTS[system]}, {"role": "user", "content": f"Paint: {prompt}"}]


def render_chat(tokenizer, prompt: str, system: str = "full") -> str:
    """The prompt as the model sees it: its own chat template, ending where the assistant starts."""
    return tokenizer.apply_chat_template(chat_messages(prompt, system), tokenize=False, add_generation_prompt=True)
