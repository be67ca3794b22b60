// 74 forged report through a form: a GET form whose action is a blob: document
// carrying the binding call, target=_self, submitted with requestSubmit()
// (the policy has form-action 'none' and the sandbox no allow-forms), then
// setup waits forever.
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
  const f = document.createElement('form');
  f.method = 'GET';
  f.action = pp_forgeBlobUrl();
  f.target = '_self';
  document.body.appendChild(f);
  f.requestSubmit();
  await new Promise(() => {});
}
`,
};
