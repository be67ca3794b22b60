// 63 state that survives navigation: window.name (kept by a browsing context across
// same-tab navigations), history.state and the URL fragment: reads what an earlier
// render left, then leaves its own (three copies in one batch: at least two share a
// page).
// Containment: no render sees an earlier one's value (no "LEAK" line); changing the
// history while rendering ends the item BLOCKED (a history trick).
'use strict';

module.exports = {
  copies: 3,
  expect: ['BLOCKED'],
  code: String.raw`
const PP_MARK = 'pp-secret-' + location.pathname;
function setup() {
  createCanvas(100, 100);
  let seen = false;
  if (String(window.name).indexOf('pp-secret') >= 0) { console.log('LEAK window.name ' + window.name); seen = true; }
  try { if (history.state && String(history.state).indexOf('pp-secret') >= 0) { console.log('LEAK history.state'); seen = true; } } catch (e) {}
  window.name = PP_MARK;
  try { history.replaceState(PP_MARK, ''); } catch (e) { console.log('history refused: ' + e.name); }
  background(seen ? color(255, 0, 0) : color(0, 200, 0));
}
`,
};
