// 98 calls that draw nothing: brush.set on three brushes, zero-size
// brush.line / rect / circle / spline / flowLine, and the same primitives
// (a filled rect among them) thousands of pixels off the 200x200 canvas; plain
// p5 shapes provide the canvas's coverage.
// Containment: brush_calls counts every call, but brush_marks (calls that left
// marks visible in the final image) has no positive entry, and no entry for
// set or fill.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.equal(r.brush_calls.line, 2);
    h.assert.equal(r.brush_calls.circle, 2);
    h.assert.ok(r.brush_marks && typeof r.brush_marks === 'object', 'brush_marks is reported');
    h.assert.deepEqual(h.positiveMarks(r), [], 'calls that drew nothing are marks');
    for (const k of ['set', 'fill', 'noFill']) h.assert.ok(!(k in r.brush_marks), k + ' is not a mark');
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  noStroke();
  fill(30, 90, 200);
  rect(-90, -90, 80, 180);
  fill(200, 60, 40);
  ellipse(50, 0, 90, 150);
  brush.set('charcoal', '#000', 2);
  brush.set('marker', '#000', 2);
  brush.set('2B', '#000', 2);
  brush.line(10, 10, 10, 10);
  brush.rect(20, 20, 0, 0);
  brush.circle(-30, 30, 0);
  brush.spline([[40, 40], [40, 40], [40, 40]]);
  brush.flowLine(-40, -40, 0, 0);
  brush.fill('#c03020', 80);
  brush.line(5000, 5000, 5200, 5000);
  brush.rect(5000, -5000, 100, 100);
  brush.noFill();
  brush.circle(-5000, -5000, 50);
  brush.spline([[3000, 3000], [3100, 3050], [3200, 3000]]);
  brush.flowLine(4000, 4000, 100, 0);
}
`,
};
