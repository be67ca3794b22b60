// 59 web storage and cookies: reads localStorage, sessionStorage and document.cookie
// for a value an earlier render stored, then stores its own (rendered three times
// in one batch, so at least two copies run one after the other on the same page).
// Containment: no render sees what an earlier one stored: never a "LEAK" console
// line; the access is refused (RUNTIME_ERROR) or caught (SUCCESS).
'use strict';

module.exports = {
  copies: 3,
  expect: ['SUCCESS', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_MARK = 'pp-secret-' + location.pathname;
function pp_try(what, fn) {
  try { return fn(); } catch (e) { console.log(what + ' refused: ' + e.name); return null; }
}
function setup() {
  createCanvas(100, 100);
  let seen = false;
  for (const store of ['localStorage', 'sessionStorage']) {
    const v = pp_try(store + ' read', () => window[store].getItem('pp'));
    if (v) { console.log('LEAK ' + store + ' ' + v); seen = true; }
    pp_try(store + ' write', () => window[store].setItem('pp', PP_MARK));
  }
  const c = pp_try('cookie read', () => document.cookie);
  if (c && c.indexOf('pp-secret') >= 0) { console.log('LEAK cookie ' + c); seen = true; }
  pp_try('cookie write', () => { document.cookie = 'pp=' + encodeURIComponent(PP_MARK) + '; max-age=3600; path=/'; });
  background(seen ? color(255, 0, 0) : color(0, 200, 0));
}
`,
};
