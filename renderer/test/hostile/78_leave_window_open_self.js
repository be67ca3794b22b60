// 78 window.open(url, '_self'): not a popup (which the sandbox refuses) but a
// navigation of the sketch's own tab, to a blob: document carrying a forged
// report; setup waits.
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
  window.open(pp_forgeBlobUrl(), '_self');
  await new Promise(() => {});
}
`,
};
