// 112 text through an SVG <image> element: an SVGImageElement whose href is an
// SVG with <text> is drawn with drawImage (a canvas image source that is not
// an <img>), after SVGImageElement[Symbol.hasInstance] was made to answer false.
// Containment: text_calls >= 1.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 1, 'text_calls is ' + r.text_calls + ' though SVG text was drawn');
  },
  code: String.raw`
async function setup() {
  createCanvas(200, 200);
  background(255);
  const NS = 'http://www.w3.org/2000/svg';
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="60" font-size="44" font-family="sans-serif">IMAGE</text></svg>';
  const holder = document.createElementNS(NS, 'svg');
  holder.setAttribute('width', '200');
  holder.setAttribute('height', '100');
  const im = document.createElementNS(NS, 'image');
  im.setAttribute('width', '200');
  im.setAttribute('height', '100');
  const loaded = new Promise((res) => { im.addEventListener('load', res); im.addEventListener('error', res); });
  im.setAttribute('href', 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg));
  holder.appendChild(im);
  document.body.appendChild(holder);
  await loaded;
  Object.defineProperty(SVGImageElement, Symbol.hasInstance, { value: () => false });
  drawingContext.drawImage(im, 0, 50, 200, 100);
}
`,
};
