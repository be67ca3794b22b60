// 108 text as an SVG image: an <svg> holding <text>HELLO</text> is loaded as a
// data:image/svg+xml <img> and drawn onto the canvas with drawImage: the
// words are on the canvas though no fillText/text() ever ran.
// Containment: text_calls >= 1 (text drawn by any route counts).
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
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="60" font-size="44" font-family="sans-serif">HELLO</text></svg>';
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await img.decode();
  drawingContext.drawImage(img, 0, 50);
}
`,
};
