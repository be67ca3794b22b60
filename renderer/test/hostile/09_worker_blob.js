// 09 dedicated Worker from a blob: URL (and a data: URL), whose code fetches the
// local listener and opens a WebSocket from the worker thread.
// Containment: worker-src 'none' refuses the worker; the listener receives nothing;
// BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const src = 'fetch("' + PP_URL + 'worker").then(r => r.text()).then(t => postMessage("LEAK worker " + t), () => {});' +
    'try { new WebSocket("ws://127.0.0.1:__PORT__/worker-ws"); } catch (e) {}';
  try {
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    w.onmessage = (e) => console.log(String(e.data));
  } catch (e) { console.log('blob worker refused: ' + e.name); }
  try {
    new Worker('data:text/javascript,' + encodeURIComponent(src));
  } catch (e) { console.log('data worker refused: ' + e.name); }
  await nap(700);
}
`,
};
