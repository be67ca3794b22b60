// 54 tamper with p5.prototype._draw: the harness drives the frames and reads the
// canvas back from its own _draw; the sketch replaces it (top level, before p5
// starts) with a function that never reads back and instead keeps redrawing.
// Containment: never a SUCCESS the harness did not produce: the item ends as TIMEOUT
// (or RUNTIME_ERROR/NO_CANVAS); the page recovers for the next render.
'use strict';

module.exports = {
  expect: ['TIMEOUT', 'RUNTIME_ERROR', 'NO_CANVAS'],
  code: String.raw`
p5.prototype._draw = function () { this.redraw(); };
function setup() { createCanvas(100, 100); background(255, 0, 0); }
function draw() { background(0, 200, 0); }
`,
};
