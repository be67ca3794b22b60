// 82 location.pathname: the sketch sets a new path on its own origin (the
// service's made-up host), a navigation that never names a URL; setup waits.
// Containment: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.pathname = '/lib/p5.min.js';
  await new Promise(() => {});
}
`,
};
