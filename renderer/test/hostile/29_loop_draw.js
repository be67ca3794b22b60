// 29 infinite loop in draw(): function draw() { while (true) {} }.
// Containment: TIMEOUT at the budget; the page recovers; the neighbour is unaffected.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
function draw() { while (true) {} }
`,
};
