// 20 location navigation: location.href = the local listener (the page would leave
// the render document, taking the sketch's data in the URL).
// Containment: request interception aborts the navigation; the listener receives
// nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  location.href = 'http://127.0.0.1:__PORT__/location?data=secret';
  await nap(700);
  location.replace('http://localhost:__PORT__/replace');
  await nap(500);
}
`,
};
