// 01 fetch: the sketch calls fetch() (GET and POST, with no-cors) towards an HTTP
// listener the test runs on 127.0.0.1, and logs whatever comes back.
// Containment: no request ever reaches the listener (CSP connect-src 'none', request
// interception, empty network namespace); the item is BLOCKED and nothing leaks.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (const opts of [{}, { mode: 'no-cors' }, { method: 'POST', body: 'x', mode: 'no-cors', keepalive: true }]) {
    fetch(PP_URL + 'fetch', opts).then((r) => r.text()).then((t) => console.log('LEAK fetch ' + t), () => {});
  }
  await nap(600);
}
`,
};
