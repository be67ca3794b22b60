// 42 console flood around the in-page cap: the harness caps console calls of the
// page's own console object, so the sketch floods the unpatched console of a
// srcdoc iframe (its script carries the stolen nonce): 5,000 lines of 200 characters
// (each one a DevTools event the service must process).
// Containment: the service still keeps at most 50 lines (plus a "dropped" line) and
// stays responsive; the item is BLOCKED (frames are not allowed); a flood still
// running after the render is not charged to the next render on the page.
'use strict';

module.exports = {
  aftermath: true,
  expect: ['BLOCKED'],
  check(r, h) {
    h.assert.ok(r.console.length <= 51, `console has ${r.console.length} lines`);
  },
  code: String.raw`
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const f = document.createElement('iframe');
  f.srcdoc = '<script nonce="' + PP_NONCE + '">const l = "z".repeat(200); for (let i = 0; i < 5000; i++) console.log(i, l);<' + '/script>';
  document.body.appendChild(f);
  await nap(1000);
}
`,
};
