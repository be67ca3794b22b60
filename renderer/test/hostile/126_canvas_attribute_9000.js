// 126 9000-pixel canvases through attributes: one <canvas> sized with
// setAttribute('width'/'height', '9000'), one parsed from innerHTML
// '<canvas width=9000 height=9000>' (neither goes through a width setter);
// each gets a 2D context, is filled and read from.
// Containment: never a renderer-wide failure: the item is BLOCKED or CRASHED,
// or it renders with the canvases clamped (sides at most 4096 when the sketch
// looks); the next canary is fine.
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
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const a = document.createElement('canvas');
  a.setAttribute('width', '9000');
  a.setAttribute('height', '9000');
  document.body.appendChild(a);
  const d = document.createElement('div');
  d.innerHTML = '<canvas width=9000 height=9000></canvas>';
  document.body.appendChild(d);
  for (const [name, c] of [['attribute', a], ['markup', d.firstChild]]) {
    const g = c.getContext('2d');
    g.fillStyle = '#ff0000';
    g.fillRect(0, 0, 9000, 9000);
    g.getImageData(0, 0, 64, 64);
    console.log(name + ' side ' + c.width + 'x' + c.height);
  }
}
`,
};
