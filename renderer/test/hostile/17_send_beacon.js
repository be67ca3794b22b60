// 17 navigator.sendBeacon: a fire-and-forget POST to the local listener, sent both
// during setup and from a pagehide handler (after the render, while the page is
// being reset).
// Containment: connect-src 'none'; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
addEventListener('pagehide', () => { navigator.sendBeacon(PP_URL + 'beacon-pagehide', 'bye'); });
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const ok = navigator.sendBeacon(PP_URL + 'beacon', 'secret');
  console.log('sendBeacon returned ' + ok);
  await nap(600);
}
`,
};
