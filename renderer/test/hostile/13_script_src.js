// 13 <script src> injection: a script element pointed at the local listener, once
// plain and once carrying the page's nonce (read from document.currentScript.nonce);
// also document.write of a script tag during parsing.
// Containment: the policy refuses the plain one, request interception aborts the
// nonce'd one; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const PP_NONCE = document.currentScript && document.currentScript.nonce;
document.write('<script nonce="' + PP_NONCE + '" src="' + PP_URL + 'written.js"><' + '/script>');
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const a = document.createElement('script');
  a.src = PP_URL + 'plain.js';
  document.head.appendChild(a);
  const b = document.createElement('script');
  b.nonce = PP_NONCE;
  b.src = PP_URL + 'nonced.js';
  b.onload = () => console.log('LEAK nonced script loaded');
  document.head.appendChild(b);
  await nap(700);
}
`,
};
