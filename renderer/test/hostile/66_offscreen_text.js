// 66 text drawn on an OffscreenCanvas and copied onto the canvas, past p5's
// text() and the page canvas's own fillText.
// Containment: text_calls still counts it (the reward flags prompts written as
// text); the image is the real one.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 1, `text_calls is ${r.text_calls} though the sketch drew text`);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200);
  background(255);
  const off = new OffscreenCanvas(200, 100);
  const og = off.getContext('2d');
  og.font = '40px sans-serif';
  og.fillStyle = '#000';
  og.fillText('HELLO', 10, 60);
  drawingContext.drawImage(off, 0, 0);
}
`,
};
