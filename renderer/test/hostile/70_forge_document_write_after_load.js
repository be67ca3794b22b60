// 70 forged report from a document.open()ed document: after the load event
// (a timer inside setup) document.open() / write() / close() replace the
// render's document with one whose nonce'd script calls the binding with a
// forged SUCCESS (red image, brush_calls {line: 777}).
// Containment: document.open() after load is a new document: BLOCKED.
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
  await nap(50);
  const html = pp_forgeHtml();
  document.open();
  document.write(html);
  document.close();
  await new Promise(() => {});
}
`,
};
