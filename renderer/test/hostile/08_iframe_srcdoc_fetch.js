// 08 srcdoc iframe: a child document written by the sketch, whose script (carrying
// the nonce read from document.currentScript.nonce, so the inherited policy lets it
// run) fetches the local listener, loads an image, and opens a WebSocket from
// inside the frame, where the harness's own listeners do not reach.
// Containment: the inherited CSP still refuses every request; the listener
// receives nothing; the browser's refusal is seen by the service: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const inner = 'fetch("' + PP_URL + 'srcdoc-fetch").then(r => r.text()).then(t => console.log("LEAK srcdoc " + t), () => {});' +
    'new Image().src = "' + PP_URL + 'srcdoc-img";' +
    'try { new WebSocket("ws://127.0.0.1:__PORT__/srcdoc-ws"); } catch (e) {}';
  const f = document.createElement('iframe');
  f.srcdoc = '<script nonce="' + PP_NONCE + '">' + inner + '<' + '/script><img src="' + PP_URL + 'srcdoc-tag">';
  document.body.appendChild(f);
  await nap(900);
}
`,
};
