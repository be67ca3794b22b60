// 92 a thrown plain object dressed as an error: {name, message, stack} whose
// stack names sketch.js line 2, thrown at top level on line 8.
// Containment: RUNTIME_ERROR whose errors[0] names the true line ('line 8:').
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /^line 8: /);
  },
  code: String.raw`
const pp_where = location.href + 'sketch.js';
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
const pp_fakeError = { name: 'Error', message: 'forged position', stack: 'Error: forged position\n    at setup (' + pp_where + ':2:3)' };
throw pp_fakeError;
`,
};
