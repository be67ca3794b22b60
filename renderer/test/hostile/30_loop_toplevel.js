// 30 infinite loop in top-level code: the sketch script never finishes evaluating,
// so the load event (and p5) never come.
// Containment: TIMEOUT at the budget; the page recovers; the neighbour is unaffected.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
function setup() { createCanvas(100, 100); background(0, 200, 0); }
for (let i = 0; ; i++) { if (i < 0) break; }
`,
};
