// 106 text hidden inside brush calls: text() on a 2D buffer, fillText and
// strokeText on a 2D canvas, each run from the valueOf of an argument of a
// brush.line call (a counter that stops counting inside another counted call
// misses them); the text is then shown on the canvas.
// Containment: text_calls counts every one of them (at least 3).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 3, 'text_calls is ' + r.text_calls + ' though the sketch drew text three times');
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  const g = createGraphics(200, 100);
  g.textSize(28);
  const c = document.createElement('canvas');
  c.width = 200;
  c.height = 100;
  const ctx = c.getContext('2d');
  ctx.font = '28px sans-serif';
  let once = [false, false, false];
  const sneak = (i, fn, v) => ({ valueOf() { if (!once[i]) { once[i] = true; fn(); } return v; } });
  brush.set('HB', '#000', 1);
  brush.line(sneak(0, () => g.text('HELLO', 10, 30), -80), 90, 80, 90);
  brush.line(-80, sneak(1, () => ctx.fillText('WORLD', 10, 60), 95), 80, 95);
  brush.line(-80, 99, sneak(2, () => ctx.strokeText('AGAIN', 10, 90), 80), 99);
  g.drawingContext.drawImage(c, 0, 0);
  image(g, -100, -100);
}
`,
};
