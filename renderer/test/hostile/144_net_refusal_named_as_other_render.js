// 144 a network attempt disguised as another render's: fetch() and a
// WebSocket from eval'd code tagged //# sourceURL= a path under /r/ that looks
// like another render's document, so the browser's refusal names that URL.
// Containment: the refusal counts for this render (only URLs of the page's own
// earlier renders are set aside): BLOCKED; the listener receives nothing.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const net = eval('(function net() { fetch("http://127.0.0.1:__PORT__/fetch?from=disguised").catch(() => {}); try { new WebSocket("ws://127.0.0.1:__PORT__/ws"); } catch (e) {} })\n//# sourceURL=https://render.invalid/r/0/0000000000000000/x.js');
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  net();
}
`,
};
