// 94 code evaluated under the sketch's own file name: eval() of 60 blank
// lines and a ReferenceError, tagged //# sourceURL=<the page>sketch.js, so the
// error's stack names "sketch.js:61"; the eval call is on line 7.
// Containment: RUNTIME_ERROR naming the sketch's own frame: 'line 7:'.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /^line 7: .*pp_evalHelper/);
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
const pp_src = '\n'.repeat(60) + 'pp_evalHelper();\n//# sourceURL=' + location.href + 'sketch.js';
eval(pp_src);
`,
};
