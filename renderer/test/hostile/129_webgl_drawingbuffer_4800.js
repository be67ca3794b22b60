// 129 a 4800-pixel WebGL drawing buffer: a <canvas> sized 4800x4800 through
// its attributes gets a webgl context (its drawing buffer lives in the GPU
// process every page shares).
// Containment: never a renderer-wide failure: BLOCKED or CRASHED, or rendered
// with the drawing buffer clamped (at most 4096 a side when the sketch looks).
'use strict';

module.exports = {
  expect: ['SUCCESS', 'BLOCKED', 'CRASHED'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const line = r.console.find((l) => /drawing buffer \d+x\d+/.test(l));
    h.assert.ok(line, 'the sketch logged its drawing buffer');
    const [, w, hh] = /drawing buffer (\d+)x(\d+)/.exec(line);
    h.assert.ok(+w <= 4096 && +hh <= 4096, 'the drawing buffer is ' + w + 'x' + hh);
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const c = document.createElement('canvas');
  c.setAttribute('width', '4800');
  c.setAttribute('height', '4800');
  const gl = c.getContext('webgl', { preserveDrawingBuffer: true });
  console.log('drawing buffer ' + gl.drawingBufferWidth + 'x' + gl.drawingBufferHeight);
}
`,
};
