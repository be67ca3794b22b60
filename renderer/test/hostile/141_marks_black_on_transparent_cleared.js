// 141 the same through p5 alone: black brush strokes on a clear()ed canvas
// change only alpha; a second clear() leaves transparent black, whose colour
// channels equal the strokes' (0, 0, 0); a plain-p5 picture then fills the left
// half.
// Containment: alpha is compared too: no positive brush_marks.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual([r.brush_calls.line, h.positiveMarks(r)], [20, []], 'cleared black strokes are marks');
  },
  code: String.raw`
function setup() {
  createCanvas(128, 128, WEBGL);
  clear();
  for (let i = 0; i < 20; i++) { brush.set(['charcoal', '2B', 'pen'][i % 3], '#000000', 2); brush.line(8 + i * 2.5, -50, 12 + i * 2.5, 50); }
  brush.fill('#000000', 90); brush.rect(10, -30, 40, 20); brush.noFill();
}
function draw() {
  clear();
  noStroke();
  fill(60, 120, 200); rect(-64, -64, 64, 128);
  noLoop();
}
`,
};
