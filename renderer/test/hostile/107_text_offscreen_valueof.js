// 107 OffscreenCanvas text inside a brush call: fillText on an
// OffscreenCanvas 2D context, run from the valueOf of a brush.circle
// argument, then transferred as an ImageBitmap onto the canvas.
// Containment: text_calls >= 1.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 1, 'text_calls is ' + r.text_calls);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  const off = new OffscreenCanvas(200, 100);
  const oc = off.getContext('2d');
  oc.font = '40px sans-serif';
  let done = false;
  brush.set('HB', '#000', 1);
  brush.circle(0, 50, { valueOf() { if (!done) { done = true; oc.fillText('HELLO', 10, 60); } return 20; } });
  const g = createGraphics(200, 100);
  g.drawingContext.drawImage(off.transferToImageBitmap(), 0, 0);
  image(g, -100, -100);
}
`,
};
