// 65 poison the next render: setup finishes at once (SUCCESS), but the sketch leaves
// a 1 ms interval and a pagehide handler that try the network, and leaves a burst of
// console lines to be printed on the way out, all of which run while the service is
// already navigating the page to the NEXT item's document.
// Containment: nothing reaches the listener, and whatever this sketch's leftovers do
// is never charged to the next render on the page: that render's status, console and
// image are its own (the next render here is a canary that must come out exact).
'use strict';

module.exports = {
  aftermath: true,
  expect: ['SUCCESS', 'BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await nap(400);
  // A new URL every time: the browser reports each distinct violation once.
  let n = 0;
  setInterval(() => { fetch(PP_URL + 'leftover-interval-' + (n++)).catch(() => {}); }, 1);
  addEventListener('pagehide', () => {
    for (let i = 0; i < 60; i++) console.log('LEFTOVER line ' + i + ' from the previous sketch');
    fetch(PP_URL + 'leftover-pagehide-' + (n++)).catch(() => {});
    new Image().src = PP_URL + 'leftover-pagehide-img';
  });
}
`,
};
