// 72 history.pushState: the sketch rewrites its page's address to another
// render's path (the document stays; the address and the history change), as a
// first step of posing as a different render.
// Containment: a history change while rendering ends the item BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const parts = location.pathname.split('/');
  parts[parts.length - 2] = 'ffffffffffffffff';
  history.pushState({ forged: true }, '', parts.join('/'));
  await nap(300);
}
`,
};
