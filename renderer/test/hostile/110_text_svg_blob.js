// 110 text as an SVG blob: an SVG with <text> in a Blob of type
// image/svg+xml, loaded through a blob: URL into an <img> and drawn with
// drawImage.
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
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="60" font-size="44" font-family="sans-serif">BLOB</text></svg>';
  const img = new Image();
  img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  await img.decode();
  drawingContext.drawImage(img, 0, 50);
}
`,
};
