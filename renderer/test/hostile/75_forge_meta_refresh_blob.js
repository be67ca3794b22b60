// 75 forged report through a meta refresh: a <meta http-equiv=refresh> to a
// blob: document carrying the binding call is appended from setup, which then
// waits forever.
// Containment: BLOCKED (the attempt to leave the document), never a TIMEOUT.
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
  const m = document.createElement('meta');
  m.httpEquiv = 'refresh';
  m.content = '0;url=' + pp_forgeBlobUrl();
  document.head.appendChild(m);
  await new Promise(() => {});
}
`,
};
