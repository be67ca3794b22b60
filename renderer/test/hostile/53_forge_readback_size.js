// 53 forged image size: after drawing, the sketch redefines the width/height setters
// of HTMLCanvasElement.prototype to ignore every assignment, so the canvas the
// harness creates for the read-back keeps the default 300 x 150 size.
// Containment: a SUCCESS image is exactly size x size (128 x 128 here), or the item
// fails on its own.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'RUNTIME_ERROR', 'BLOCKED'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const img = h.decode(r);
    h.assert.deepEqual([img.width, img.height], [h.size, h.size], 'the read-back image has the requested size');
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200);
  background(0, 128, 255);
  for (const k of ['width', 'height']) {
    const d = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, k);
    Object.defineProperty(HTMLCanvasElement.prototype, k, { get: d.get, set() {}, configurable: true });
  }
}
`,
};
