// 123 WebGL contexts past the cap with a forged "already counted" mark: the
// sketch reads the symbols on its own (counted) WEBGL canvas with
// Object.getOwnPropertySymbols, sets every one of them on eight new canvases
// (and on HTMLCanvasElement.prototype), then asks each for a webgl context.
// Containment: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const pp_keep = [];
function setup() {
  createCanvas(100, 100, WEBGL);
  background(0, 200, 0);
  const marks = Object.getOwnPropertySymbols(drawingContext.canvas);
  console.log('symbols on the canvas: ' + marks.length);
  for (const s of marks) {
    try { Object.defineProperty(HTMLCanvasElement.prototype, s, { get() { return true; }, set() {}, configurable: true }); } catch (e) {}
  }
  for (let i = 0; i < 8; i++) {
    const c = document.createElement('canvas');
    for (const s of marks) {
      try { c[s] = true; } catch (e) {}
    }
    pp_keep.push(c.getContext(i % 2 ? 'webgl2' : 'webgl'));
  }
  console.log('webgl contexts: ' + pp_keep.filter((g) => g && typeof g.clearColor === 'function').length);
}
`,
};
