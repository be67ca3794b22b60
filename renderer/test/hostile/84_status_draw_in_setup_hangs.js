// 84 early read-back, then a hang: inside setup() the sketch awaits
// p5.instance._draw() and then never returns.
// Containment: setup never finished, so the item is a TIMEOUT, never a SUCCESS
// read back before setup was over.
'use strict';

module.exports = {
  expect: ['TIMEOUT'],
  code: String.raw`
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await p5.instance._draw();
  await new Promise(() => {});
}
`,
};
