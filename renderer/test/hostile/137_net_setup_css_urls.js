// 137 network from setup: a <style> with @import and a background-image url()
// of the local listener, on an element in the body, started inside setup(),
// which then returns at once (the read-back races the browser's refusal of
// the request).
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
  const st = document.createElement('style');
  st.textContent = '@import url("http://127.0.0.1:__PORT__/import.css"); #pp-bg { background-image: url("http://127.0.0.1:__PORT__/bg.png"); width: 50px; height: 50px; }';
  document.head.appendChild(st);
  const d = document.createElement('div');
  d.id = 'pp-bg';
  document.body.appendChild(d);
}
`,
};
