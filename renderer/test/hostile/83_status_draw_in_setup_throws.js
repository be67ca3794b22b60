// 83 early read-back, then an error: inside setup() the sketch awaits
// p5.instance._draw() (p5's frame entry point, which a harness may treat as
// "setup is over, read the canvas"), and then setup() throws.
// Containment: the status is what happened: setup threw, so RUNTIME_ERROR
// naming that error, with no image.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /setup failed after the early read-back/);
  },
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await p5.instance._draw();
  await nap(100);
  throw new Error('setup failed after the early read-back');
}
`,
};
