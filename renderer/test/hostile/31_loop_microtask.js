// 31 endless microtasks: const f = () => queueMicrotask(f); f() — the microtask
// queue never drains, so no task (timer, load event, report) ever runs. Each job
// is freed when it has run, so memory stays flat: only the wall-clock budget ends it.
// Containment: TIMEOUT at the budget; the page recovers; the neighbour is unaffected.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
function setup() { createCanvas(100, 100); background(0, 200, 0); }
const f = () => queueMicrotask(f);
f();
`,
};
