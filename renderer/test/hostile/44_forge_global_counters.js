// 44 forged counters in globals: sets window.__brush_calls, brush_calls,
// __pp_brush_calls, text_calls and friends to large numbers, then makes exactly one
// brush.set and one brush.line call.
// Containment: the counts live in the harness closure; the result reports exactly
// {set: 1, line: 1} and text_calls 0, never the forged numbers.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    h.assert.equal(r.text_calls, 0);
  },
  code: String.raw`
for (const n of ['__brush_calls', 'brush_calls', '__pp_brush_calls', 'brushCalls', '__brushCalls']) window[n] = { line: 999, set: 999, circle: 999 };
for (const n of ['text_calls', '__text_calls', 'textCalls', 'frames', '__frames']) window[n] = 999;
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  window.__brush_calls = { line: 1000 };
}
`,
};
