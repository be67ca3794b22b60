// 32 timer and animation-frame chains after setup: setTimeout(0), setInterval(0),
// requestAnimationFrame and queueMicrotask-per-timer chains that keep running after
// the render is read back, while the service already loads the next item's document
// into the same page.
// Containment: the render itself completes (SUCCESS with its real image); the chains
// die with the document; the next render on the page is not disturbed.
'use strict';

module.exports = {
  aftermath: true,
  expect: ['SUCCESS'],
  check(r, h) {
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 40 && cg > 160 && cb < 40, 'the image is the green background');
  },
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
let pp_ticks = 0;
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await nap(400);
  const t = () => { pp_ticks++; setTimeout(t, 0); };
  t();
  setInterval(() => { pp_ticks++; }, 0);
  const r = () => { pp_ticks++; requestAnimationFrame(r); };
  r();
  const m = () => { setTimeout(() => queueMicrotask(m), 0); };
  m();
}
`,
};
