// 69 forged report from a blob: document: reads the harness config (render id,
// binding name) from document.scripts[0].textContent and the nonce from its
// .nonce, builds an HTML blob whose nonce'd script calls the binding with a red
// image and brush_calls {line: 777}, navigates the main frame to it
// (location.href) from inside setup, and keeps setup from returning.
// Containment: leaving the render's document for a new one ends the item
// BLOCKED; the forged image and counts never count.
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
  location.href = pp_forgeBlobUrl();
  await new Promise(() => {});
}
`,
};
