// 128 a 9000-pixel canvas by replacing a global the clamp may call: while
// window.Number (and Math.min/Math.max) answer 0, canvas.width/height are set
// to 9000 and a 2D context is made; the globals are then put back.
// Containment: never a renderer-wide failure: BLOCKED or CRASHED, or rendered
// with the canvas clamped (sides at most 4096 when the sketch looks).
'use strict';

module.exports = {
  expect: ['SUCCESS', 'BLOCKED', 'CRASHED'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const line = r.console.find((l) => /side \d+x\d+/.test(l));
    h.assert.ok(line, 'the sketch logged its canvas side');
    const [, w, hh] = /side (\d+)x(\d+)/.exec(line);
    h.assert.ok(+w <= 4096 && +hh <= 4096, 'the canvas is ' + w + 'x' + hh);
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const c = document.createElement('canvas');
  const saved = { Number: window.Number, min: Math.min, max: Math.max };
  window.Number = function () { return 0; };
  Math.min = () => 0;
  Math.max = () => 0;
  try {
    c.width = 9000;
    c.height = 9000;
  } finally {
    window.Number = saved.Number;
    Math.min = saved.min;
    Math.max = saved.max;
  }
  document.body.appendChild(c);
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 9000, 9000);
  console.log('side ' + c.width + 'x' + c.height);
}
`,
};
