// 86 read-back of a fake instance at top level: before p5 starts, the sketch
// paints a canvas of its own, calls every presetup hook in
// p5.lifecycleHooks (the harness's among them) and p5.prototype._draw with a
// fake instance whose _renderer.canvas is that canvas, then throws at top
// level.
// Containment: the top level threw: RUNTIME_ERROR naming that error, no image.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /pp_fakeInstanceDone/);
  },
  code: String.raw`
const pp_canvas = document.createElement('canvas');
pp_canvas.width = 100;
pp_canvas.height = 100;
const pp_g = pp_canvas.getContext('2d');
pp_g.fillStyle = '#00c800';
pp_g.fillRect(0, 0, 100, 100);
(document.body || document.documentElement).appendChild(pp_canvas);
const pp_fake = {
  _renderer: { canvas: pp_canvas, _pixelDensity: 1 }, _isGlobal: false, _loop: false, _glAttributes: {},
  width: 100, height: 100, randomSeed() {}, noiseSeed() {},
};
for (const hook of p5.lifecycleHooks.presetup || []) {
  try { hook.call(pp_fake); } catch (e) {}
}
try { Promise.resolve(p5.prototype._draw.call(pp_fake)).catch(() => {}); } catch (e) {}
function setup() {
  createCanvas(100, 100);
  background(255, 0, 0);
}
pp_fakeInstanceDone();
`,
};
