// 37 memory bomb with strings: doubling a string, then keeping many flattened
// copies of the largest one that fits.
// Containment: RUNTIME_ERROR (Invalid string length), CRASHED (heap limit or
// watchdog) or TIMEOUT; the service and the neighbour survive.
'use strict';

module.exports = {
  expect: ['CRASHED', 'TIMEOUT', 'RUNTIME_ERROR'],
  code: String.raw`
const pp_strings = [];
function setup() {
  createCanvas(100, 100);
  let s = 'x';
  try { for (;;) s += s; } catch (e) { console.log('doubling stopped at ' + s.length); }
  for (let i = 0; ; i++) pp_strings.push((s + i).split('').reverse().join(''));
}
`,
};
