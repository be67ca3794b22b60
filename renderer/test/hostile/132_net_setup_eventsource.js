// 132 network from setup: an EventSource to the local listener, started
// inside setup(), which then returns at once (the read-back races the
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
  const es = new EventSource('http://127.0.0.1:__PORT__/events');
  es.onmessage = (e) => console.log('LEAK eventsource ' + e.data);
}
`,
};
