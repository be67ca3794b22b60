// 64 hang on the way out: beforeunload asks to stay, pagehide/unload/visibilitychange
// handlers spin forever, so the service's next navigation of the page (to about:blank
// or to the next item's document) runs into them after a normal render.
// Containment: the render's own result is reported (SUCCESS with its image); the
// stuck page is recovered or replaced; the NEXT render on the page comes out exactly
// as it would on a fresh page, with none of this sketch's console lines.
'use strict';

module.exports = {
  aftermath: true,
  expect: ['SUCCESS'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = 'stay'; return 'stay'; });
addEventListener('pagehide', () => { for (;;) {} });
addEventListener('unload', () => { for (;;) {} });
document.addEventListener('visibilitychange', () => { for (;;) {} });
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await nap(400);
}
`,
};
