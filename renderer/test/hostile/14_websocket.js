// 14 WebSocket: ws:// to the local listener (which also accepts HTTP upgrades).
// Containment: connect-src 'none'; no TCP connection or upgrade reaches the
// listener; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (const u of ['ws://127.0.0.1:__PORT__/ws', 'ws://localhost:__PORT__/ws2']) {
    try {
      const ws = new WebSocket(u);
      ws.onopen = () => { console.log('LEAK websocket open'); ws.send('hello'); };
    } catch (e) { console.log('websocket refused: ' + e.name); }
  }
  await nap(700);
}
`,
};
