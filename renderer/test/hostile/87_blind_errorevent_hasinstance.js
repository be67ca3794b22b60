// 87 blinding the error listener with instanceof: ErrorEvent[Symbol.hasInstance]
// is redefined to answer false (a harness that ignores "non-ErrorEvent" error
// events as resource failures then ignores every error), then the top level
// throws a ReferenceError.
// Containment: RUNTIME_ERROR naming the ReferenceError.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /pp_notDefinedAnywhere/);
  },
  code: String.raw`
Object.defineProperty(ErrorEvent, Symbol.hasInstance, { value: () => false });
Object.defineProperty(PromiseRejectionEvent, Symbol.hasInstance, { value: () => false });
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
pp_notDefinedAnywhere();
`,
};
