// 61 Cache Storage: caches.open / match an entry an earlier render put, then put its
// own (three copies in one batch: at least two share a page).
// Containment: no render sees an earlier one's entry (no "LEAK" line); the opaque
// origin refuses Cache Storage (RUNTIME_ERROR, or SUCCESS when caught).
'use strict';

module.exports = {
  copies: 3,
  expect: ['SUCCESS', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_MARK = 'pp-secret-' + location.pathname;
async function setup() {
  createCanvas(100, 100);
  let seen = false;
  try {
    const cache = await caches.open('pp-cache');
    const hit = await cache.match('/pp-key');
    if (hit) { console.log('LEAK cache ' + (await hit.text())); seen = true; }
    await cache.put('/pp-key', new Response(PP_MARK));
  } catch (e) {
    console.log('caches refused: ' + e.name);
  }
  background(seen ? color(255, 0, 0) : color(0, 200, 0));
}
`,
};
