// 122 WebGL contexts past the cap with a shifty kind: getContext() is given
// an object whose toString answers '2d' the first time (what a wrapper
// checks) and 'webgl' after (what the browser then reads); eight canvases.
// Containment: never more than 4 WebGL contexts in a render, however the kind
// is spelled: BLOCKED once a fifth is made, or SUCCESS where the browser was
// only ever asked for what was checked (then the sketch sees at most 4).
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const line = r.console.find((l) => /webgl contexts: \d+/.test(l));
    h.assert.ok(line, 'the sketch logged its WebGL contexts');
    h.assert.ok(+/webgl contexts: (\d+)/.exec(line)[1] <= 4, line);
  },
  code: String.raw`
const pp_keep = [];
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (let i = 0; i < 8; i++) {
    let reads = 0;
    const kind = { toString() { return reads++ === 0 ? '2d' : 'webgl'; } };
    const gl = document.createElement('canvas').getContext(kind);
    pp_keep.push(gl);
  }
  console.log('webgl contexts: ' + pp_keep.filter((g) => g && typeof g.clearColor === 'function').length);
}
`,
};
