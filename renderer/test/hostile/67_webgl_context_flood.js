// 67 WebGL context flood: 24 WebGL canvases. Chromium keeps a limited number of
// live contexts for the whole browser and drops the oldest beyond it, which
// could be the neighbouring page's canvas.
// Containment: the item is BLOCKED once it exceeds the per-render cap; the
// neighbour's WEBGL canary renders.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
function setup() {
  createCanvas(100, 100, WEBGL);
  const keep = [];
  for (let i = 0; i < 24; i++) {
    const c = document.createElement('canvas');
    keep.push(c.getContext(i % 2 ? 'webgl2' : 'webgl'));
  }
  background(0, 200, 0);
}
`,
};
