// 12 dynamic import(): a module from the local listener (a nonce'd classic script
// passes its nonce on to import(), so the policy alone may let this through).
// Containment: request interception aborts it; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  import(PP_URL + 'module.js').then((m) => console.log('LEAK import ' + Object.keys(m)), (e) => console.log('import refused: ' + e.message));
  import('data:text/javascript,fetch("' + PP_URL + 'data-module")').catch(() => {});
  await nap(700);
}
`,
};
