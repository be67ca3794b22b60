// 28 infinite loop in setup(): while (true) {} after creating a canvas.
// Containment: the item is stopped at its time budget (TIMEOUT), the page is
// recovered (terminateExecution) or replaced, the neighbour renders normally.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  while (true) {}
}
`,
};
