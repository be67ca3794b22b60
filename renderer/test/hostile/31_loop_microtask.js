// 31 endless microtasks: const f = () => Promise.resolve().then(f); f() — the
// microtask queue never drains, so no task (timer, load event, report) ever runs.
// Containment: TIMEOUT at the budget; the page recovers; the neighbour is unaffected.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
function setup() { createCanvas(100, 100); background(0, 200, 0); }
const f = () => Promise.resolve().then(f);
f();
`,
};
