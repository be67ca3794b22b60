// 81 the Navigation API: navigation.navigate() to a blob: document carrying a
// forged report (no location object involved); setup waits.
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
  if (typeof navigation === 'undefined') throw new Error('no Navigation API');
  navigation.navigate(pp_forgeBlobUrl()).finished.catch(() => {});
  await new Promise(() => {});
}
`,
};
