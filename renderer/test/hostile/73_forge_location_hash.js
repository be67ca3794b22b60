// 73 location.hash: a fragment navigation (same document, a new history entry,
// a hashchange event) started from setup, which then finishes normally.
// Containment: a navigation of the main frame while rendering, even within the
// document, ends the item BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.hash = 'render-done';
  await nap(200);
}
`,
};
