// 22 window.open: a popup window to the local listener (and an about:blank popup
// whose document would be scriptable by the sketch).
// Containment: the sandbox has no allow-popups, so no window opens and the listener
// receives nothing. BLOCKED if the service noticed, SUCCESS if the browser refused
// silently (window.open returned null).
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const w = window.open('http://127.0.0.1:__PORT__/popup', '_blank');
  const w2 = window.open('', 'pp-blank', 'width=200,height=200');
  console.log('window.open returned ' + (w === null ? 'null' : typeof w) + ' / ' + (w2 === null ? 'null' : typeof w2));
  if (w2) { try { w2.document.write('<img src="http://127.0.0.1:__PORT__/popup-img">'); } catch (e) {} }
  await nap(600);
}
`,
};
