// 58 remove every script element (and empty <head>) at top level and again in
// setup, hoping to unload the harness.
// Containment: the harness lives in a closure, not in the DOM: the render succeeds
// with its real image (blue).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 40 && cg > 100 && cg < 160 && cb > 220, `the real blue image, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
for (const s of Array.from(document.querySelectorAll('script'))) s.remove();
function setup() {
  createCanvas(200, 200);
  background(0, 128, 255);
  for (const s of Array.from(document.scripts)) s.remove();
  document.head.innerHTML = '';
  delete window.p5;
}
`,
};
