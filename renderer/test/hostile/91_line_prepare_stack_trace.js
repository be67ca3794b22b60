// 91 moving the error line with Error.prepareStackTrace: every stack is
// rewritten to name sketch.js line 1, then setup() fails with a ReferenceError
// on line 6.
// Containment: RUNTIME_ERROR whose errors[0] names the true line ('line 6:').
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /^line 6: .*pp_lineHelper/);
  },
  code: String.raw`
Error.prepareStackTrace = (err, frames) => err.name + ': ' + err.message + '\n    at setup (' + location.href + 'sketch.js:1:1)';
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  pp_lineHelper();
}
`,
};
