// 05 <link>: a stylesheet, a preload, a prefetch and a dns-prefetch/preconnect link
// pointed at the local listener.
// Containment: style-src/default-src refuse them; nothing reaches the listener; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const rels = [['stylesheet', 'link.css'], ['preload', 'preload.js'], ['prefetch', 'prefetch'], ['preconnect', ''], ['dns-prefetch', '']];
  for (const [rel, file] of rels) {
    const l = document.createElement('link');
    l.rel = rel;
    if (rel === 'preload') l.as = 'script';
    l.href = PP_URL + file;
    l.onload = () => console.log('LEAK link ' + rel);
    document.head.appendChild(l);
  }
  await nap(700);
}
`,
};
