// 57 tamper with the document: after setup, document.open() / document.write() /
// document.close() replace the whole document (which also erases the window's
// event listeners, the harness's error and policy-violation listeners among them)
// and then a fetch to the local listener is tried from the new document.
// Containment: never a forged SUCCESS: the p5 canvas is gone (NO_CANVAS) or the
// network attempt is still caught (BLOCKED) or the item times out; the listener
// receives nothing.
'use strict';

module.exports = {
  expect: ['NO_CANVAS', 'BLOCKED', 'TIMEOUT', 'RUNTIME_ERROR'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  document.open();
  document.write('<!doctype html><html><body><canvas id="pp-fake" width="128" height="128"></canvas></body></html>');
  document.close();
  fetch('http://127.0.0.1:__PORT__/after-document-open').catch(() => {});
  await nap(600);
}
`,
};
