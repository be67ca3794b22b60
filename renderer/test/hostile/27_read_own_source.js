// 27 the renderer's own files: fetch('/src/server.js'), fetch('../package.json'),
// fetch of /page/harness.js, and <script src="/page/harness.js"> carrying the
// stolen nonce (the page's origin is the service's made-up origin, so relative URLs
// go to it), then reads of anything they defined.
// Containment: the service serves only this render's document, sketch and libraries;
// everything else is refused; no source text reaches the result; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (const u of ['/src/server.js', '../package.json', '../../../../package.json', '/page/harness.js', '/renderer/src/worker.js']) {
    fetch(u).then((r) => r.text()).then((t) => console.log('LEAK ' + u + ' ' + t.slice(0, 200)), () => {});
  }
  const s = document.createElement('script');
  s.nonce = PP_NONCE;
  s.src = '/page/harness.js';
  s.onload = () => console.log('LEAK harness loaded: ' + typeof window.ppHarness);
  document.head.appendChild(s);
  await nap(700);
}
`,
};
