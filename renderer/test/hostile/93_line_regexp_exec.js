// 93 moving the error line through RegExp.prototype.exec: any match run on a
// string that mentions sketch.js answers "line 1" (every RegExp method, test
// and String.prototype.match included, goes through exec); then the top level
// throws a ReferenceError on line 17.
// Containment: RUNTIME_ERROR whose errors[0] names the true line ('line 17:').
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /^line 17: .*pp_execHelper/);
  },
  code: String.raw`
const pp_exec = RegExp.prototype.exec;
RegExp.prototype.exec = function (s) {
  const m = pp_exec.call(this, s);
  if (m && String(s).indexOf('sketch.js:') >= 0) {
    const fake = ['sketch.js:1:1', '1', '1'];
    fake.index = 0;
    fake.input = s;
    return fake;
  }
  return m;
};
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
pp_execHelper();
`,
};
