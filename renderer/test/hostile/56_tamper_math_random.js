// 56 tamper with Math.random: replaces the harness's seeded Math.random with a
// constant and freezes it (non-writable, non-configurable) and freezes Math, hoping
// the change outlives this render and breaks the determinism of later sketches on
// the same page.
// Containment: the sketch itself renders (SUCCESS); every later render gets a fresh
// realm with the seeded Math.random (the canary "random" sketch reproduces its
// baseline image exactly).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  code: String.raw`
Object.defineProperty(Math, 'random', { value: () => 0.5, writable: false, configurable: false });
Object.freeze(Math);
function setup() {
  createCanvas(100, 100);
  background(Math.random() * 255, 0, 0);
}
`,
};
