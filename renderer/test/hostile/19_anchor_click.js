// 19 link navigation: an <a href> to the local listener clicked from script (plain,
// target=_blank and with a download attribute), plus an <area>.
// Containment: the navigation is aborted by request interception (popups are refused
// by the sandbox); the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const d = document.createElement('a');
  d.href = PP_URL + 'download';
  d.download = 'x.txt';
  document.body.appendChild(d);
  d.click();
  const b = document.createElement('a');
  b.href = PP_URL + 'blank';
  b.target = '_blank';
  document.body.appendChild(b);
  b.click();
  const a = document.createElement('a');
  a.href = PP_URL + 'anchor';
  document.body.appendChild(a);
  a.click();
  await nap(700);
}
`,
};
