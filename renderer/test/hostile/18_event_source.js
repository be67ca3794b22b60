// 18 EventSource: a server-sent-events stream from the local listener.
// Containment: connect-src 'none'; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const es = new EventSource('http://127.0.0.1:__PORT__/events');
  es.onopen = () => console.log('LEAK eventsource open');
  es.onmessage = (e) => console.log('LEAK eventsource ' + e.data);
  await nap(600);
}
`,
};
