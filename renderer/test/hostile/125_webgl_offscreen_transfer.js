// 125 WebGL contexts past the cap off the DOM: four from new OffscreenCanvas()
// and four from canvas.transferControlToOffscreen(), each asked for webgl or
// webgl2.
// Containment: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const pp_keep = [];
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (let i = 0; i < 4; i++) pp_keep.push(new OffscreenCanvas(64, 64).getContext(i % 2 ? 'webgl2' : 'webgl'));
  for (let i = 0; i < 4; i++) {
    const c = document.createElement('canvas');
    pp_keep.push(c.transferControlToOffscreen().getContext(i % 2 ? 'webgl2' : 'webgl'));
  }
  console.log('webgl contexts: ' + pp_keep.filter((g) => g && typeof g.clearColor === 'function').length);
}
`,
};
