// 89 cancelling error reports: window.onerror returns true, onunhandledrejection
// calls preventDefault(), and capturing 'error'/'unhandledrejection' listeners on
// window and document call preventDefault() and stopImmediatePropagation();
// then setup() fails with a ReferenceError.
// Containment: RUNTIME_ERROR naming the ReferenceError.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /pp_undefinedBrushHelper/);
  },
  code: String.raw`
window.onerror = () => true;
window.onunhandledrejection = (e) => { e.preventDefault(); return true; };
for (const target of [window, document]) {
  for (const type of ['error', 'unhandledrejection']) {
    target.addEventListener(type, (e) => { e.preventDefault(); e.stopImmediatePropagation(); }, true);
    target.addEventListener(type, (e) => { e.preventDefault(); e.stopImmediatePropagation(); }, false);
  }
}
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  pp_undefinedBrushHelper();
}
`,
};
