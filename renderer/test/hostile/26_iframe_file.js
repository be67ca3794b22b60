// 26 file read with a frame: <iframe src=file:///etc/passwd> and an <img> of a file:
// URL, then an attempt to read the frame's text.
// Containment: frame-src/img-src refuse file:; nothing is displayed or read; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const f = document.createElement('iframe');
  f.src = 'file:///etc/passwd';
  document.body.appendChild(f);
  const i = document.createElement('img');
  i.src = 'file:///usr/share/pixmaps/debian-logo.png';
  document.body.appendChild(i);
  await nap(600);
  try { console.log('LEAK frame ' + f.contentDocument.body.innerText.slice(0, 200)); } catch (e) {}
}
`,
};
