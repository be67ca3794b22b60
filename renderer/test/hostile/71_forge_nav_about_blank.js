// 71 leave for about:blank: setup navigates the main frame to about:blank (a
// document that never reports, so only a timeout would end the item) and
// waits.
// Containment: a main-frame navigation while rendering is BLOCKED at once,
// never a TIMEOUT.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.href = 'about:blank';
  await nap(5000);
}
`,
};
