// 127 a 9000-pixel canvas through a shifty size: canvas.width/height and
// new OffscreenCanvas(w, h) are given objects whose valueOf answers 100 the
// first time (what a clamp checks) and 9000 after (what the browser sets).
// Containment: never a renderer-wide failure: BLOCKED or CRASHED, or rendered
// with both canvases clamped (sides at most 4096 when the sketch looks).
'use strict';

module.exports = {
  expect: ['SUCCESS', 'BLOCKED', 'CRASHED'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const lines = r.console.filter((l) => /side \d+x\d+/.test(l));
    h.assert.equal(lines.length, 2, 'the sketch logged both canvas sides');
    for (const line of lines) {
      const [, w, hh] = /side (\d+)x(\d+)/.exec(line);
      h.assert.ok(+w <= 4096 && +hh <= 4096, line);
    }
  },
  code: String.raw`
const shifty = () => { let reads = 0; return { valueOf() { return reads++ === 0 ? 100 : 9000; } }; };
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const c = document.createElement('canvas');
  c.width = shifty();
  c.height = shifty();
  document.body.appendChild(c);
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 9000, 9000);
  console.log('canvas side ' + c.width + 'x' + c.height);
  const off = new OffscreenCanvas(shifty(), shifty());
  const og = off.getContext('2d');
  og.fillStyle = '#ff0000';
  og.fillRect(0, 0, 9000, 9000);
  console.log('offscreen side ' + off.width + 'x' + off.height);
}
`,
};
