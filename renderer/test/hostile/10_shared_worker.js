// 10 SharedWorker: a shared worker (which could outlive this render and be joined
// by a later one) whose code fetches the local listener.
// Containment: worker-src 'none' / the opaque origin refuse it; nothing reaches the
// listener. BLOCKED (the policy fired) or RUNTIME_ERROR (the browser threw first).
'use strict';

module.exports = {
  expect: ['BLOCKED', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const src = 'onconnect = (e) => { fetch("' + PP_URL + 'shared-worker").then(r => r.text()).then(t => e.ports[0].postMessage("LEAK " + t), () => {}); };';
  const sw = new SharedWorker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), 'pp-shared');
  sw.port.onmessage = (e) => console.log(String(e.data));
  sw.port.start();
  await nap(700);
}
`,
};
