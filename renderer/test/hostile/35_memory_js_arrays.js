// 35 memory bomb on the JS heap: ever-growing arrays of arrays of doubles.
// Containment: the V8 heap limit or the memory watchdog ends the page (CRASHED), the
// allocation fails (RUNTIME_ERROR) or the budget runs out (TIMEOUT); the browser,
// the service and the neighbouring page survive.
'use strict';

module.exports = {
  expect: ['CRASHED', 'TIMEOUT', 'RUNTIME_ERROR'],
  code: String.raw`
const pp_hoard = [];
function setup() {
  createCanvas(100, 100);
  for (;;) {
    const a = new Array(1 << 20);
    for (let i = 0; i < a.length; i++) a[i] = i + 0.5;
    pp_hoard.push(a);
  }
}
`,
};
