// 06 fonts: an @font-face rule with a remote src used by visible text, and the
// FontFace API (new FontFace(name, 'url(...)').load()) towards the local listener.
// Containment: font-src 'none' and --disable-remote-fonts; nothing reaches the
// listener. BLOCKED when the policy fired, SUCCESS when the browser refused the
// remote font before consulting the policy (the load fails with a NetworkError).
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const st = document.createElement('style');
  st.textContent = '@font-face { font-family: PPRemote; src: url("' + PP_URL + 'font.woff2") format("woff2"); }\n' +
    '.pp-f { font-family: PPRemote; font-size: 20px; }';
  document.head.appendChild(st);
  const p = document.createElement('p');
  p.className = 'pp-f';
  p.textContent = 'hello';
  document.body.appendChild(p);
  p.getBoundingClientRect();
  try {
    const ff = new FontFace('PPApi', 'url(' + PP_URL + 'api-font.ttf)');
    document.fonts.add(ff);
    ff.load().then(() => console.log('LEAK font loaded'), (e) => console.log('font refused: ' + e.name));
  } catch (e) {
    console.log('FontFace threw ' + e.name);
  }
  await nap(700);
}
`,
};
