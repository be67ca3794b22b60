// 76 forged report through location.replace(): the main frame is replaced by a
// blob: document whose nonce'd script calls the binding with a forged SUCCESS
// (no new history entry), while setup waits.
// Containment: BLOCKED.
'use strict';
const { FORGE_PRELUDE } = require('./forge_prelude');

module.exports = {
  expect: ['BLOCKED'],
  check(r, h) {
    h.assert.notEqual(r.brush_calls.line, 777, 'the forged counts were taken');
  },
  code: FORGE_PRELUDE + String.raw`
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.replace(pp_forgeBlobUrl());
  await new Promise(() => {});
}
`,
};
