// 111 text as an SVG image whose data: URL hides its type: the MIME type is
// preceded by 80 spaces ('data:' + spaces + 'image/svg+xml,...'), which URL
// parsing strips, so a check of the URL's first characters for "svg" sees
// none; the image is drawn with drawImage.
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
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="60" font-size="44" font-family="sans-serif">HIDDEN</text></svg>';
  const img = new Image();
  img.src = 'data:' + ' '.repeat(80) + 'image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await img.decode();
  console.log('decoded ' + img.naturalWidth + 'x' + img.naturalHeight + ' ' + img.currentSrc.slice(0, 20));
  drawingContext.drawImage(img, 0, 50);
}
`,
};
