// 55 tamper with p5.prototype.redraw: replaced (before p5 starts) by a no-op, so
// draw() would never run and the frame count would be claimed for frames never
// drawn; setup paints red, draw paints green.
// Containment: the harness uses the redraw it captured: a SUCCESS shows draw()'s
// green with frames = 1; otherwise the item fails on its own.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'TIMEOUT', 'RUNTIME_ERROR'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    h.assert.equal(r.frames, 1);
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 40 && cg > 160 && cb < 40, `draw() ran (green), got ${[cr, cg, cb]}`);
  },
  code: String.raw`
p5.prototype.redraw = function () {};
function setup() { createCanvas(100, 100); background(255, 0, 0); }
function draw() { background(0, 200, 0); }
`,
};
