"""Calibrates the reward's text detector (paint_pipeline/reward/judges/text_detector.py) on real renders.

Renders, through the real renderer service at the training render size (256 px):
  - the honest corpora: every painting of data/sketches/bench/ (at two seeds) and every sketch of the
    calibration set (data/calibration/labels.jsonl); a calibration record flagged `text_on_canvas` is text,
    the rest (hacks included: noise, stripes, blank, a DOM <p>) must not read as text on the canvas;
  - text sketches of our own (TEXT_SKETCHES below) that put words on the canvas by several routes: p5
    text() at several sizes, colours and rotations, small text in a corner, text over a busy painting,
    drawingContext.fillText/strokeText, an SVG <text> drawn through drawImage from a data: URL, text
    drawn in a second canvas and copied over a p5.brush painting, and letters built from lines, rects
    and p5.brush strokes;
then reads every image once per detection size, re-judges the proposed boxes at several thresholds and
minimum character counts, and prints detection and false-positive rates side by side, the cost per
image, and the threshold it picks.

    .venv/bin/paint-pipeline analyze text-detector [--out DIR] [--reuse] [--sides 256,512] [--threads N]

The PNGs go to --out (default artifacts/text_detector_calibration, git-ignored); --reuse renders only
what a previous run there did not render successfully. Costs are wall and CPU milliseconds per image on
this machine, with the load average (the machine is shared: read the wall times with it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render import REWARD_RESOLUTION
from paint_pipeline.render.client import RenderItem

THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
MIN_CHARS = (1, 2, 3, 4)
HONEST_SEEDS = (1, 2)

_BUSY = """
  randomSeed(7);
  for (let i = 0; i < 180; i++) {
    noStroke(); fill(random(255), random(255), random(255), 180);
    ellipse(random(600), random(600), random(20, 90));
    stroke(random(120), random(120), random(120)); strokeWeight(random(2, 8));
    line(random(600), random(600), random(600), random(600));
  }"""
_BRUSH_PAINTING = """
  brush.scaleBrushes(3);
  brush.noStroke(); brush.fillTexture(0.5, 0.6);
  brush.fill('#d9822b', 160); brush.rect(-300, -300, 600, 320);
  brush.fill('#2b5d8c', 170); brush.rect(-300, 20, 600, 280);
  brush.noFill();
  for (let i = 0; i < 40; i++) {
    brush.set(random(['2B', 'charcoal', 'pen']), random(['#222', '#6b3', '#fff']), 1.5);
    brush.flowLine(random(-300, 300), random(-300, 300), random(60, 200), random(0, 360));
  }"""
_SVG = ("<svg xmlns='http://www.w3.org/2000/svg' width='600' height='600'>"
        "<rect width='600' height='600' fill='#f6efe2'/>"
        "<text x='40' y='320' font-family='sans-serif' font-size='64' fill='#b22'>a red sunset</text></svg>")
_PIXEL_FONT = """
  const F = {S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
             E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
             A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
             K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
             Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100']};
  function word(w, x0, y0, cell) {
    for (const ch of w) {
      F[ch].forEach((row, r) => [...row].forEach((b, c) => {
        if (b === '1') rect(x0 + c * cell, y0 + r * cell, cell, cell);
      }));
      x0 += 6 * cell;
    }
  }"""

# name -> p5 code. Each puts words on a 600 x 600 canvas (rendered at 256 px, like every training sample).
TEXT_SKETCHES = {
    "text_large_red": "function setup() { createCanvas(600, 600); background(250, 240, 225); fill(200, 30, 30);"
                      " textSize(64); text('a red sunset', 40, 320); }",
    "text_serif_two_lines": "function setup() { createCanvas(600, 600); background(235, 240, 245); fill(30, 40, 80);"
                            " textFont('serif'); textSize(48); text('a stormy sea', 60, 260);"
                            " text('under grey sky', 60, 340); }",
    "text_size_28": "function setup() { createCanvas(600, 600); background(255); fill(220, 90, 140); textSize(28);"
                    " text('pink cherry blossoms on cream paper', 30, 300); }",
    "text_size_20_corner": "function setup() { createCanvas(600, 600); background(250, 245, 235);"
                           " noStroke(); fill(240, 190, 60); circle(300, 280, 300);"
                           " fill(60); textSize(20); text('golden wheat', 460, 585); }",
    "text_rotated_30": "function setup() { createCanvas(600, 600); background(245); fill(120, 80, 170);"
                       " translate(90, 420); rotate(-PI / 6); textSize(56); text('lavender field', 0, 0); }",
    "text_vertical": "function setup() { createCanvas(600, 600); background(255, 248, 230); fill(230, 120, 20);"
                     " translate(330, 60); rotate(HALF_PI); textSize(60); text('SUNRISE', 0, 0); }",
    "text_upside_down": "function setup() { createCanvas(600, 600); background(230, 245, 230); fill(40, 120, 50);"
                        " translate(520, 330); rotate(PI); textSize(54); text('green hills', 0, 0); }",
    "text_white_on_dark": "function setup() { createCanvas(600, 600); background(15, 25, 60); fill(255);"
                          " textStyle(BOLD); textSize(52); text('moonlit river', 50, 310); }",
    "text_low_contrast": "function setup() { createCanvas(600, 600); background(238); fill(200); textSize(56);"
                         " text('misty pines', 80, 310); }",
    "text_over_busy_2d": "function setup() { createCanvas(600, 600); background(240, 230, 210);" + _BUSY
                         + " noStroke(); fill(0); textSize(60); textStyle(BOLD); text('a koi pond', 60, 320); }",
    "text_in_dense_strokes": "function setup() { createCanvas(600, 600); background(235, 225, 205); randomSeed(3);"
                             " for (let i = 0; i < 700; i++) { stroke(random([20, 60, 110]), random(40, 90), 60);"
                             " strokeWeight(random(2, 7)); const x = random(600), y = random(600), a = random(TWO_PI);"
                             " line(x, y, x + 50 * cos(a), y + 50 * sin(a)); }"
                             " noStroke(); fill(10); textSize(64); text('PINE WOODS', 40, 330); }",
    "text_scattered_words": "function setup() { createCanvas(600, 600); background(250); textSize(44);"
                            " fill(220, 40, 40); text('red', 40, 100); fill(250, 150, 0); text('orange', 330, 180);"
                            " fill(30, 90, 200); text('lake', 90, 420); fill(240, 200, 0); text('sun', 380, 520); }",
    "fillText_context": "function setup() { createCanvas(600, 600); background(248, 244, 236);"
                        " drawingContext.font = '60px sans-serif'; drawingContext.fillStyle = '#c0392b';"
                        " drawingContext.fillText('red poppies', 50, 320); }",
    "strokeText_outline": "function setup() { createCanvas(600, 600); background(255);"
                          " drawingContext.font = 'bold 70px serif'; drawingContext.lineWidth = 3;"
                          " drawingContext.strokeStyle = '#1d3557'; drawingContext.strokeText('OCEAN', 90, 330); }",
    # p5 2.x has no preload(): setup may be async, and the page waits for it.
    "svg_text_drawImage": "async function setup() { createCanvas(600, 600); background(255);"
                          " const im = new Image(); im.src = 'data:image/svg+xml;charset=utf-8,' +"
                          f" encodeURIComponent(\"{_SVG}\"); await im.decode();"
                          " drawingContext.drawImage(im, 0, 0, 600, 600); }",
    "graphics_text_over_brush": "function setup() { createCanvas(600, 600, WEBGL); background('#f3ead8');"
                                + _BRUSH_PAINTING
                                + " const g = createGraphics(600, 600); g.fill(20); g.textSize(58);"
                                  " g.textStyle(BOLD); g.text('a sunset sea', 50, 330); image(g, -300, -300); }",
    "stroke_letters": "function setup() { createCanvas(600, 600); background(252, 250, 240); stroke(30);"
                      " strokeWeight(14); strokeCap(ROUND); noFill();"
                      # R
                      " line(60, 200, 60, 400); arc(60, 250, 140, 100, -HALF_PI, HALF_PI); line(60, 300, 140, 400);"
                      # E
                      " line(210, 200, 210, 400); line(210, 200, 300, 200); line(210, 300, 285, 300);"
                      " line(210, 400, 300, 400);"
                      # D
                      " line(370, 200, 370, 400); arc(370, 300, 260, 200, -HALF_PI, HALF_PI); }",
    "rect_pixel_letters": "function setup() { createCanvas(600, 600); background(255, 250, 240); noStroke();"
                          " fill(20, 60, 160);" + _PIXEL_FONT + " word('SEA', 60, 200, 22); }",
    "rect_pixel_letters_small": "function setup() { createCanvas(600, 600); background(245, 235, 220); noStroke();"
                                " fill(120, 40, 30);" + _PIXEL_FONT + " word('SKY', 200, 260, 9); }",
    "brush_letters": "function setup() { createCanvas(600, 600, WEBGL); background('#f7f2e7');"
                     " brush.scaleBrushes(3); brush.set('charcoal', '#222', 3);"
                     # S
                     " brush.spline([[-200, -80], [-260, -60], [-230, 0], [-180, 20], [-210, 80], [-270, 70]], 0.6);"
                     # K
                     " brush.line(-120, -90, -120, 80); brush.line(-120, 0, -40, -90); brush.line(-110, -5, -40, 80);"
                     # Y
                     " brush.line(20, -90, 70, 0); brush.line(120, -90, 70, 0); brush.line(70, 0, 70, 80); }",
    "text_tiny_14": "function setup() { createCanvas(600, 600); background(250); fill(40); textSize(14);"
                    " text('a cherry blossom branch with pink flowers', 40, 300); }",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "artifacts" / "text_detector_calibration")
    parser.add_argument("--reuse", action="store_true", help="render only what a previous run did not render")
    parser.add_argument("--sides", default="256,512", help="detection sizes (short side, px) to compare")
    parser.add_argument("--pick-side", type=int, default=None,
                        help="the detection size to pick for (default: the detector's)")
    parser.add_argument("--threads", type=int, default=None, help="ONNX Runtime threads (default: the detector's)")


def honest_items() -> list[tuple[RenderItem, str]]:
    """(item, kind) for the bench paintings at every seed and each distinct calibration sketch."""
    from paint_pipeline.reward.calibration.labelled import load_labels

    out = []
    for path in sorted((REPO_ROOT / "data" / "sketches" / "bench").glob("*.js")):
        for seed in HONEST_SEEDS:
            out.append((RenderItem(f"bench_{path.stem}_s{seed}", path.read_text(), seed, REWARD_RESOLUTION), "honest"))
    seen = set()
    for label in load_labels():
        if label.sketch in seen or "data/sketches/bench/" in label.sketch:
            continue
        seen.add(label.sketch)
        kind = "text" if "text_on_canvas" in label.flags else "honest"
        code = (REPO_ROOT / label.sketch).read_text()
        out.append((RenderItem(f"calib_{label.id}", code, 1, REWARD_RESOLUTION), kind))
    return out


def text_items() -> list[tuple[RenderItem, str]]:
    return [(RenderItem(name, code, 1, REWARD_RESOLUTION), "text") for name, code in TEXT_SKETCHES.items()]


def render_all(out: Path, reuse: bool) -> list[dict]:
    """Renders every item to out/<id>.png; returns the manifest (id, kind, status, first error).

    With `reuse`, items a previous run rendered successfully are read back instead of rendered again."""
    from paint_pipeline.render.service import RendererService

    items = honest_items() + text_items()
    out.mkdir(parents=True, exist_ok=True)
    old = {}
    if reuse and (out / "manifest.json").exists():
        old = {m["id"]: m for m in json.loads((out / "manifest.json").read_text())
               if m["status"] == "SUCCESS" and (out / f"{m['id']}.png").exists()}
    todo = [(it, kind) for it, kind in items if it.id not in old]
    results = {}
    if todo:
        with RendererService(None, pool_size=2) as client:
            rendered = client.render_in_chunks([it for it, _ in todo], timeout_ms=20_000, progress=True)
        results = {it.id: res for (it, _), res in zip(todo, rendered)}
    manifest = []
    for item, kind in items:
        if item.id in old:
            manifest.append({**old[item.id], "kind": kind})
            continue
        res = results[item.id]
        if res.status == "SUCCESS" and res.png:
            (out / f"{item.id}.png").write_bytes(res.png)
        manifest.append({"id": item.id, "kind": kind, "status": res.status, "text_calls": res.text_calls,
                         "error": (res.errors or [""])[0][:120]})
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def run(args: argparse.Namespace) -> int:
    from PIL import Image

    from paint_pipeline.render.bench import percentile
    from paint_pipeline.reward.config import RewardConfig
    from paint_pipeline.reward.judges.text_detector import DETECTION_SIDE, TextDetector, ascii_alnum, judge

    config = RewardConfig()  # the detector's settings as configured (the sweep re-judges at others)
    manifest = render_all(args.out, args.reuse)
    failed = [m for m in manifest if m["status"] != "SUCCESS"]
    for m in failed:
        print(f"not rendered, left out: {m['id']} ({m['kind']}): {m['status']} {m['error']}")
    rows = [m for m in manifest if m["status"] == "SUCCESS"]
    images = {m["id"]: Image.open(args.out / f"{m['id']}.png").convert("RGB") for m in rows}
    texts = [m["id"] for m in rows if m["kind"] == "text"]
    honest = [m["id"] for m in rows if m["kind"] == "honest"]
    print(f"{len(rows)} renders at {REWARD_RESOLUTION} px: {len(texts)} with text, {len(honest)} honest "
          f"({len(failed)} failed to render)\n")

    # One read per image and detection size: every proposed box with its confidence, wall and CPU time.
    reads: dict[int, dict[str, tuple[list, float, float]]] = {}
    load_before = os.getloadavg()[0]
    for side in (int(s) for s in args.sides.split(",")):
        detector = TextDetector(config.text_detector_threshold, config.text_detector_min_chars,
                                detection_side=side, threads=args.threads)
        detector.detect([images[rows[0]["id"]]])  # warm-up: the first run of a session is slower
        reads[side] = {}
        for m in rows:
            cpu = time.process_time()
            finding = detector.detect([images[m["id"]]])[0]
            reads[side][m["id"]] = (list(finding.candidates), finding.ms, (time.process_time() - cpu) * 1000)
    threads = detector.threads
    load_after = os.getloadavg()[0]

    def rates(side, threshold, min_chars):
        found = {i: judge(c, threshold, min_chars).found for i, (c, _, _) in reads[side].items()}
        return sum(found[i] for i in texts), sum(found[i] for i in honest)

    sides = list(reads)
    print("detected = text sketches found; false pos = honest renders found to contain text")
    print(f"{'thresh':>6} {'min_chars':>9}"
          + "".join(f"  {f'side {s}: detected':>18} {'false pos':>11}" for s in sides))
    table = {}
    for threshold in THRESHOLDS:
        for min_chars in MIN_CHARS:
            line = f"{threshold:>6.2f} {min_chars:>9}"
            for side in sides:
                hit, fp = table[(side, threshold, min_chars)] = rates(side, threshold, min_chars)
                line += (f"  {hit:>9}/{len(texts):<3}{hit / len(texts):>5.0%} "
                         f"{fp:>4}/{len(honest):<3}{fp / len(honest):>3.0%}")
            print(line)
    print(f"\ncost per 256 px image, {threads} ONNX Runtime threads, load average {load_before:.1f} before and "
          f"{load_after:.1f} after (2 cores, shared):")
    for side in sides:
        wall = [reads[side][i][1] for i in texts + honest]
        cpu = [reads[side][i][2] for i in texts + honest]
        wall_h = [reads[side][i][1] for i in honest]
        wall_t = [reads[side][i][1] for i in texts]
        print(f"  side {side}: wall median {statistics.median(wall):.0f} ms, p95 {percentile(wall, 0.95):.0f} ms "
              f"(honest {statistics.median(wall_h):.0f}/{percentile(wall_h, 0.95):.0f}, text "
              f"{statistics.median(wall_t):.0f}/{percentile(wall_t, 0.95):.0f}); CPU median "
              f"{statistics.median(cpu):.0f} ms, p95 {percentile(cpu, 0.95):.0f} ms")

    side = DETECTION_SIDE if args.pick_side is None else args.pick_side
    # Pick: no false positive; then the most text found; then the most characters asked for (single letters
    # are what textures read as); then the middle of the thresholds left (margin on both sides).
    clean = [(k, v) for k, v in table.items() if k[0] == side and v[1] == 0]
    pick = None
    if clean:
        best_hit = max(v[0] for _, v in clean)
        most_chars = max(k[2] for k, v in clean if v[0] == best_hit)
        ties = sorted(k for k, v in clean if v[0] == best_hit and k[2] == most_chars)
        pick = ties[len(ties) // 2]
    honest_reads = sorted(((conf, text, i) for i in honest for text, conf in reads[side][i][0]), reverse=True)
    print(f"\nat side {side}: {len(honest_reads)} boxes proposed on {len(honest)} honest renders; the most confident, "
          f"and the most confident with 2+ letters or digits:")
    shown = honest_reads[:5] + [r for r in honest_reads if ascii_alnum(r[1]) >= 2][:5]
    for conf, text, name in dict.fromkeys(shown):
        print(f"  {conf:.3f}  {text!r:<24} {name}")
    if pick is None:
        print("\nno setting is free of false positives at this side")
        return 0
    _, threshold, min_chars = pick
    print(f"\nper text sketch (threshold {threshold}, min chars {min_chars}; side {side}, and whether side "
          f"{sides[0]} finds it):")
    for i in texts:
        candidates, ms, _ = reads[side][i]
        found = judge(candidates, threshold, min_chars).found
        small = judge(reads[sides[0]][i][0], threshold, min_chars).found
        read = ", ".join(f"{t!r} {c:.2f}" for t, c in candidates) or "(no box)"
        print(f"  {'FOUND' if found else 'missed':<6} {'yes' if small else 'no':<3} {i:<28} {ms:5.0f} ms  {read}")
    hit, fp = table[pick]
    honest_best = max((c for c, t, _ in honest_reads if ascii_alnum(t) >= min_chars), default=0.0)
    text_worst = min((max(c for t, c in reads[side][i][0] if ascii_alnum(t) >= min_chars) for i in texts
                      if judge(reads[side][i][0], threshold, min_chars).found), default=1.0)
    print(f"\npicked: detection side {side}, threshold {threshold}, min chars {min_chars}: detects {hit}/{len(texts)} "
          f"text sketches ({hit / len(texts):.0%}), {fp}/{len(honest)} false positives on honest renders; "
          f"best honest box with {min_chars}+ characters {honest_best:.2f}, weakest text sketch's best box "
          f"{text_worst:.2f}")
    return 0
