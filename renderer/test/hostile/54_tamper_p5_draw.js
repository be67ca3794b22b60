// 54 tamper with p5.prototype._draw: p5 calls it after setup (and from loop()); the
// sketch replaces it (top level, before p5 starts) with a function that never reads
// back and instead keeps redrawing, hoping the harness waits on it or reads back early.
// Containment: the frames are driven from p5's private start-up, not through _draw,
// so the replacement is never called: SUCCESS with setup's red overdrawn by one draw()
// (green), frames 1.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.equal(r.frames, 1);
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 10 && cg > 190 && cb < 10, `draw() ran once and painted green, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
p5.prototype._draw = function () { this.redraw(); };
function setup() { createCanvas(100, 100); background(255, 0, 0); }
function draw() { background(0, 200, 0); }
`,
};
