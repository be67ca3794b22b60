// 21 location.reload(): reloading the render document (a second request for a
// document the service serves once), and history.go(0).
// Containment: the reload request is refused by interception; BLOCKED; the next
// render on this page is unaffected.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.reload();
  await nap(700);
  history.go(0);
  await nap(300);
}
`,
};
