// 104 redefining a p5.brush class method with Object.defineProperty:
// brush.Plot.prototype.draw becomes a no-op data property (bypassing any
// setter a plain assignment would hit).
// Containment: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  try {
    Object.defineProperty(brush.Plot.prototype, 'draw', { value() {}, writable: true, configurable: true });
  } catch (e) {
    console.log('defineProperty refused: ' + e.name);
  }
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
}
`,
};
