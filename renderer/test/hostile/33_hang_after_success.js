// 33 hang after the render: setup finishes normally (the image is read back), then a
// timer and an animation frame start busy loops that never return, leaving the page
// hung when the service moves on to the next item on it.
// Containment: the result is the real render (SUCCESS, green) or a TIMEOUT; the hung
// page is recovered or replaced; the NEXT render on the page comes out exactly as it
// would on a fresh page (not TIMEOUT).
'use strict';

module.exports = {
  aftermath: true,
  expect: ['SUCCESS', 'TIMEOUT'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 40 && cg > 160 && cb < 40, 'the image is the green background');
  },
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await nap(400);
  setTimeout(() => { for (;;) {} }, 30);
  requestAnimationFrame(() => { for (;;) {} });
}
`,
};
