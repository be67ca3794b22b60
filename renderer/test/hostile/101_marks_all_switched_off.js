// 101 shapes with every layer off: brush.noStroke(), brush.noFill() and
// brush.noHatch(), then brush.rect, brush.circle and brush.polygon (counted
// calls that cannot paint anything), over a plain p5 background.
// Containment: brush_marks has no positive entry; no entry for the switches.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.equal(r.brush_calls.polygon, 1);
    h.assert.ok(r.brush_marks && typeof r.brush_marks === 'object', 'brush_marks is reported');
    h.assert.deepEqual(h.positiveMarks(r), [], 'switched-off shapes are marks');
    for (const k of ['noStroke', 'noFill', 'noHatch']) h.assert.ok(!(k in r.brush_marks), k + ' is not a mark');
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(70, 110, 160);
  brush.noStroke();
  brush.noFill();
  brush.noHatch();
  brush.rect(-50, -50, 100, 100);
  brush.circle(0, 0, 40);
  brush.polygon([[-50, -50], [50, -40], [0, 50]]);
}
`,
};
