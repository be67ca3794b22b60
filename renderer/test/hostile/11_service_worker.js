// 11 navigator.serviceWorker.register: a service worker would intercept every later
// page load of this origin (the next sketch's document, the libraries).
// Containment: the opaque origin has no service workers and worker-src is 'none';
// nothing is registered and the listener receives nothing. BLOCKED or RUNTIME_ERROR.
'use strict';

module.exports = {
  expect: ['BLOCKED', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const reg = await navigator.serviceWorker.register(PP_URL + 'sw.js', { scope: '/' });
  console.log('LEAK service worker registered ' + reg.scope);
  await nap(300);
}
`,
};
