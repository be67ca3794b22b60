// 95 an error with no stack: Error.stackTraceLimit = 0, so error.stack has no
// frame to take a line from; the top level then throws a ReferenceError on
// line 7.
// Containment: RUNTIME_ERROR that still names the true line ('line 7:').
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /^line 7: .*pp_limitHelper/);
  },
  code: String.raw`
Error.stackTraceLimit = 0;
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
pp_limitHelper();
`,
};
