// 80 a.click() with target=_self: an anchor to a blob: document carrying a
// forged report, clicked from script; setup waits.
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
  const a = document.createElement('a');
  a.href = pp_forgeBlobUrl();
  a.target = '_self';
  document.body.appendChild(a);
  a.click();
  await new Promise(() => {});
}
`,
};
