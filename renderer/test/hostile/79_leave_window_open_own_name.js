// 79 window.open with the tab's own name: the sketch names its window, then
// window.open(url, thatName) navigates the same tab (no popup) to a blob:
// document carrying a forged report; setup waits.
// Containment: BLOCKED.
'use strict';
const { FORGE_PRELUDE } = require('./forge_prelude');

module.exports = {
  expect: ['BLOCKED'],
  check(r, h) {
    h.assert.notEqual(r.brush_calls.line, 777, 'the forged counts were taken');
  },
  code: FORGE_PRELUDE + String.raw`
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  window.name = 'pp_canvas_tab';
  window.open(pp_forgeBlobUrl(), 'pp_canvas_tab');
  await new Promise(() => {});
}
`,
};
