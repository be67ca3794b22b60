// 100 strokes into a buffer that is never shown: brush.load() points p5.brush
// at a createGraphics(WEBGL) buffer; the strokes land there, and the buffer is
// never drawn onto the canvas (which shows plain p5 shapes).
// Containment: brush_calls counts the calls; brush_marks has no positive entry.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.equal(r.brush_calls.line, 2);
    h.assert.ok(r.brush_marks && typeof r.brush_marks === 'object', 'brush_marks is reported');
    h.assert.deepEqual(h.positiveMarks(r), [], 'strokes in a hidden buffer are marks');
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(250, 240, 220);
  noStroke();
  fill(200, 80, 40);
  circle(0, 0, 150);
  const hidden = createGraphics(200, 200, WEBGL);
  brush.load(hidden);
  brush.set('charcoal', '#000', 3);
  brush.line(-80, -60, 80, 60);
  brush.line(-80, 60, 80, -60);
  brush.circle(0, 0, 50);
}
`,
};
