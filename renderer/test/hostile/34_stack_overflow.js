// 34 stack overflow: unbounded recursion in setup(), then again from a timer.
// Containment: a RangeError reported as RUNTIME_ERROR; the page and the neighbour
// are unaffected.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors.join(' '), /RangeError|stack/i);
  },
  code: String.raw`
function recurse(n) { return recurse(n + 1) + 1; }
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  setTimeout(() => recurse(0), 0);
  recurse(0);
}
`,
};
