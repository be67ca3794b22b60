// 102 honest control for brush_marks: three separate, clearly visible
// brush.line strokes on a white canvas after one brush.set.
// Containment (none needed): brush_marks.line is 3; brush.set never appears in
// brush_marks; brush_calls is {set: 1, line: 3}.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 3 });
    h.assert.ok(r.brush_marks && typeof r.brush_marks === 'object', 'brush_marks is reported');
    h.assert.equal(r.brush_marks.line, 3);
    h.assert.ok(!('set' in r.brush_marks), 'brush.set is not a mark');
    const others = Object.entries(r.brush_marks).filter(([k, n]) => k !== 'line' && n > 0);
    h.assert.deepEqual(others, []);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('2B', '#000', 3);
  brush.line(-80, -50, 80, -50);
  brush.line(-80, 0, 80, 0);
  brush.line(-80, 50, 80, 50);
}
`,
};
