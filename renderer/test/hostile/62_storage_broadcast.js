// 62 BroadcastChannel: every copy posts its render id on a channel for a while and
// listens for messages from other renders (three copies in one batch: two run at the
// same time on the two pages, two run one after the other on one page).
// Containment: renders cannot talk to each other: no copy receives a message from
// another render (no "LEAK" line). SUCCESS (or RUNTIME_ERROR if the channel is
// refused).
'use strict';

module.exports = {
  copies: 3,
  expect: ['SUCCESS', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_ME = location.pathname;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  let seen = false;
  try {
    const ch = new BroadcastChannel('pp-channel');
    ch.onmessage = (e) => { if (e.data !== PP_ME) { seen = true; console.log('LEAK broadcast from ' + String(e.data).slice(0, 60)); } };
    for (let i = 0; i < 12; i++) { ch.postMessage(PP_ME); await nap(60); }
  } catch (e) {
    console.log('BroadcastChannel refused: ' + e.name);
  }
  background(seen ? color(255, 0, 0) : color(0, 200, 0));
}
`,
};
