// 36 memory bomb off the JS heap: new Uint8Array(2**30).fill(1) in a loop (ArrayBuffer
// memory is not limited by the V8 heap flag).
// Containment: the memory watchdog kills the page's renderer (CRASHED), the
// allocation fails (RUNTIME_ERROR) or the budget runs out (TIMEOUT); the browser,
// the service and the neighbour survive.
'use strict';

module.exports = {
  expect: ['CRASHED', 'TIMEOUT', 'RUNTIME_ERROR'],
  code: String.raw`
const pp_buffers = [];
function setup() {
  createCanvas(100, 100);
  for (;;) pp_buffers.push(new Uint8Array(2 ** 30).fill(1));
}
`,
};
