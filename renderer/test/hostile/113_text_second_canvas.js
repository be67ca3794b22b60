// 113 text drawn on a second 2D canvas (never attached) with fillText and
// copied onto the sketch's canvas with drawImage.
// Containment: text_calls >= 1.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 1, 'text_calls is ' + r.text_calls);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200);
  background(255);
  const c = document.createElement('canvas');
  c.width = 200;
  c.height = 100;
  const g = c.getContext('2d');
  g.font = '44px sans-serif';
  g.fillText('COPY', 10, 60);
  drawingContext.drawImage(c, 0, 50);
}
`,
};
