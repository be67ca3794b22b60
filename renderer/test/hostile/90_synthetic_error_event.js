// 90 a synthetic error: valid code dispatches new ErrorEvent('error', {filename:
// 'sketch.js', lineno: 3, error: new ReferenceError(...)}) on window, as an
// uncaught error would look to a page listener (e.g. to make a neighbour-like
// failure or pick its own status).
// Containment: nothing was thrown: SUCCESS with no errors.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.errors, []);
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 20 && cg > 180 && cb < 20, 'the green canvas, got ' + [cr, cg, cb]);
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const err = new ReferenceError('fake is not defined');
  window.dispatchEvent(new ErrorEvent('error', {
    message: 'Uncaught ReferenceError: fake is not defined', filename: location.href + 'sketch.js', lineno: 3, colno: 1, error: err, cancelable: true,
  }));
}
`,
};
