// 134 network from setup: a fetch() to the local listener, not awaited,
// started inside setup(), which then returns at once (the read-back races the
// browser's refusal of the request).
// Containment: a network attempt while the sketch runs ends the item BLOCKED,
// deterministically: every copy, however the race goes; the listener receives
// nothing.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  copies: 3,
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  fetch('http://127.0.0.1:__PORT__/fetch?from=setup').then((r) => r.text()).then((t) => console.log('LEAK fetch ' + t), () => {});
}
`,
};
