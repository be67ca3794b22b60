// 138 network from setup: a <link rel=prefetch> (and rel=preload) to the
// local listener, started inside setup(), which then returns at once (the
// read-back races the browser's refusal of the request).
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
  for (const rel of ['prefetch', 'preload']) {
    const l = document.createElement('link');
    l.rel = rel;
    l.as = 'image';
    l.href = 'http://127.0.0.1:__PORT__/' + rel + '.png';
    document.head.appendChild(l);
  }
}
`,
};
