// 38 giant canvas: createCanvas(30000, 30000, WEBGL) (3.6 GB of pixels at density 1)
// and drawing into it.
// Containment: the harness renders at the requested size whatever the canvas asks
// (a SUCCESS is size x size), or the item fails on its own (RUNTIME_ERROR, CRASHED,
// TIMEOUT); the browser and the neighbour survive.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'RUNTIME_ERROR', 'CRASHED', 'TIMEOUT'],
  code: String.raw`
function setup() {
  createCanvas(30000, 30000, WEBGL);
  background(0, 200, 0);
  fill(255, 0, 0);
  rect(-5000, -5000, 10000, 10000);
}
`,
};
