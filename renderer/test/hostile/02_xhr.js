// 02 XMLHttpRequest: synchronous and asynchronous XHR to the local HTTP listener.
// Containment: the listener receives nothing; the item is BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const a = new XMLHttpRequest();
  a.open('GET', PP_URL + 'xhr-async');
  a.onload = () => console.log('LEAK xhr ' + a.responseText);
  a.send();
  try {
    const s = new XMLHttpRequest();
    s.open('POST', PP_URL + 'xhr-sync', false);
    s.send('payload');
    console.log('LEAK xhr sync ' + s.status + ' ' + s.responseText);
  } catch (e) {
    console.log('sync xhr refused: ' + e.name);
  }
  await nap(600);
}
`,
};
