// 25 file read with fetch/XHR: fetch('file:///etc/passwd') and an XHR of
// file:///proc/self/environ; anything read would be printed to the console.
// Containment: connect-src 'none' (and file: is never reachable from an https page);
// nothing is read, no "root:" line or environment leaks; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  fetch('file:///etc/passwd').then((r) => r.text()).then((t) => console.log('LEAK passwd ' + t.slice(0, 200)), () => {});
  try {
    const x = new XMLHttpRequest();
    x.open('GET', 'file:///proc/self/environ', false);
    x.send();
    console.log('LEAK environ ' + x.responseText.slice(0, 200));
  } catch (e) { console.log('file xhr refused: ' + e.name); }
  await nap(600);
}
`,
};
