// 140 brush paint made invisible through alpha alone: strokes on the right
// half, a plain-p5 picture on the left; draw() then clears the right half's
// alpha with raw WebGL (scissor, colorMask(false, false, false, true)), so the
// colour channels keep the strokes' values while the image, the canvas over
// white, shows white there.
// Containment: a pixel keeps its mark only if it holds what the composite
// left, alpha included: no positive brush_marks.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.brush_calls.line >= 20, 'the strokes ran');
    h.assert.deepEqual(h.positiveMarks(r), [], 'strokes whose alpha was cleared are marks');
    h.assert.ok(r.brush_paint_share < 0.01, 'brush paint share ' + r.brush_paint_share);
  },
  code: String.raw`
function setup() {
  createCanvas(128, 128, WEBGL);
  background(255);
  noStroke();
  fill(60, 120, 200); rect(-64, -64, 64, 128);
  for (let i = 0; i < 20; i++) { brush.set(['charcoal', '2B', 'marker'][i % 3], '#1b3a6b', 2); brush.line(8 + i * 2.5, -50, 12 + i * 2.5, 50); }
  brush.fill('#d4a017', 90); brush.rect(10, -30, 40, 20); brush.noFill();
}
function draw() {
  const gl = drawingContext;
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(gl.drawingBufferWidth / 2, 0, gl.drawingBufferWidth / 2, gl.drawingBufferHeight);
  gl.colorMask(false, false, false, true);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.colorMask(true, true, true, true);
  gl.disable(gl.SCISSOR_TEST);
  noLoop();
}
`,
};
