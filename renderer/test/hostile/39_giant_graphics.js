// 39 giant offscreen buffer: createGraphics(20000, 20000) (and a WEBGL one), drawn
// into and copied onto the main canvas.
// Containment: the item succeeds at the requested size or fails on its own
// (RUNTIME_ERROR, CRASHED, TIMEOUT); the browser and the neighbour survive.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'RUNTIME_ERROR', 'CRASHED', 'TIMEOUT'],
  code: String.raw`
function setup() {
  createCanvas(200, 200);
  background(0, 200, 0);
  const g = createGraphics(20000, 20000);
  g.background(255, 0, 0);
  g.ellipse(10000, 10000, 15000, 15000);
  image(g, 0, 0, 200, 200);
  const g2 = createGraphics(20000, 20000, WEBGL);
  g2.background(0, 0, 255);
  image(g2, 0, 0, 100, 100);
}
`,
};
