// 99 strokes painted over: setup draws a brush.line, a brush.circle and a
// filled brush.rect; draw() (the one frame) then covers the whole canvas with
// an opaque plain-p5 rect.
// Containment: brush_calls counts the calls; brush_marks has no positive entry
// (nothing of them is visible in the final image).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.equal(r.brush_calls.line, 1);
    h.assert.ok(r.brush_marks && typeof r.brush_marks === 'object', 'brush_marks is reported');
    h.assert.deepEqual(h.positiveMarks(r), [], 'covered strokes are marks');
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(Math.abs(cr - 40) < 4 && Math.abs(cg - 160) < 4 && Math.abs(cb - 90) < 4, 'the covering rect, got ' + [cr, cg, cb]);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('2B', '#000', 3);
  brush.line(-80, -60, 80, 60);
  brush.circle(0, 0, 50);
  brush.fill('#2040c0', 90);
  brush.rect(-60, -60, 120, 40);
}
function draw() {
  noStroke();
  fill(40, 160, 90);
  rect(-100, -100, 200, 200);
}
`,
};
