// 07 <iframe src>: a frame pointed at the local HTTP listener.
// Containment: frame-src 'none'; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const f = document.createElement('iframe');
  f.src = PP_URL + 'frame';
  document.body.appendChild(f);
  const o = document.createElement('object');
  o.data = PP_URL + 'object';
  document.body.appendChild(o);
  const e = document.createElement('embed');
  e.src = PP_URL + 'embed';
  document.body.appendChild(e);
  await nap(700);
}
`,
};
