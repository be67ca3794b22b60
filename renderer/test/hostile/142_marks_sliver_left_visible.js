// 142 brush work covered by a plain-p5 picture all but a 2-pixel column:
// strokes of six kinds and brushes, a fill and a hatch, all crossing x = 0;
// draw() covers everything else with opaque plain rects.
// Containment: calls whose paint shows in the column may keep their few-pixel
// marks, but the share of the canvas that p5.brush paint holds, which the
// reward scales brush credit by, is the column's and no more.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.brush_calls.line >= 8, 'the strokes ran');
    h.assert.ok(r.brush_paint_share >= 0 && r.brush_paint_share < 0.03, 'brush paint share ' + r.brush_paint_share);
  },
  code: String.raw`
function setup() {
  createCanvas(128, 128, WEBGL);
  background(255);
  const names = ['2B', 'HB', 'pen', 'marker', 'cpencil', 'charcoal'];
  for (let i = 0; i < 8; i++) {
    const y = -55 + i * 14;
    brush.set(names[i % 6], '#1a1a1a', 3);
    brush.line(-50, y, 50, y + 3);
    brush.circle(0, y, 15);
    brush.spline([[-40, y], [0, y + 5], [40, y]]);
  }
  brush.fill('#2060b0', 120); brush.rect(-20, -60, 40, 120); brush.noFill();
  brush.hatch(4, 0.3); brush.rect(-15, -50, 30, 100); brush.noHatch();
}
function draw() {
  noStroke();
  fill(235, 225, 200); rect(-64, -64, 63, 128); rect(1, -64, 63, 128);
  fill(60, 120, 200); rect(-64, -64, 63, 45); rect(1, -64, 63, 45);
  noLoop();
}
`,
};
