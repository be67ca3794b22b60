// 68 endless promise chain: const f = () => Promise.resolve().then(f); f() — a
// microtask loop that is also a memory bomb: each promise is resolved with the next
// one, so the whole chain stays reachable (~100 bytes a step, ~300 MB/s in Node 20).
// Which wall it meets first depends on the budget and the machine's load: with a
// 3 s budget it is usually the clock, with 10 s on a busy machine the page's memory.
// Containment: TIMEOUT at the budget, or CRASHED when the V8 heap limit or the memory
// watchdog ends the page; the browser, the service and the neighbour survive.
'use strict';

module.exports = {
  expect: ['TIMEOUT', 'CRASHED'],
  code: String.raw`
function setup() { createCanvas(100, 100); background(0, 200, 0); }
const f = () => Promise.resolve().then(f);
f();
`,
};
