// 139 the image read from another canvas than the one painted: real p5.brush
// strokes, fills and hatches on the WEBGL canvas, then, in draw() (after
// p5.brush's last flush), the renderer's canvas is pointed at a plain-p5 2D
// buffer added to the page.
// Containment: the marks are read only from the ledger kept on the canvas that
// is read back: no positive brush_marks, no brush paint share, no brush marked.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'NO_CANVAS'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    h.assert.ok(r.brush_calls.line >= 20, 'the strokes ran');
    h.assert.deepEqual(h.positiveMarks(r), [], 'strokes on a canvas that is not the image are marks');
    h.assert.deepEqual(r.brushes_marked, []);
    h.assert.equal(r.brush_paint_share, 0);
  },
  code: String.raw`
let pic;
function setup() {
  createCanvas(128, 128, WEBGL);
  background(255);
  for (let i = 0; i < 20; i++) {
    brush.set(['charcoal', '2B', 'marker', 'pen'][i % 4], ['#1b3a6b', '#c0392b'][i % 2], 2);
    brush.line(-60 + i * 6, -50, -50 + i * 6, 50);
  }
  brush.fill('#d4a017', 90); brush.rect(-30, -30, 60, 60); brush.noFill();
  brush.hatch(6, 45); brush.circle(20, 20, 20); brush.noHatch();
  pic = createGraphics(128, 128);
  pic.background(235, 225, 200); pic.noStroke();
  pic.fill(60, 120, 200); pic.rect(0, 0, 128, 55);
  pic.fill(200, 80, 40); pic.ellipse(90, 80, 45, 45);
}
function draw() {
  document.body.appendChild(pic.elt);
  const r = (typeof _renderer !== "undefined" && _renderer) || p5.instance._renderer;
  r.canvas = pic.elt;
  noLoop();
}
`,
};
