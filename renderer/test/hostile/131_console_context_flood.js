// 131 console flood through console.context(): Chromium's console.context()
// returns a fresh console object whose log/warn/error/groupEnd/clear are new
// functions that no wrapper of the page's console touched; 20,000 calls each
// of log and warn go through it, plus console.timeStamp/profile/profileEnd.
// Containment: output is capped however it is printed: the item finishes
// SUCCESS well within its budget, with at most 50 console lines plus the
// "dropped" line.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.console.length <= 51, 'console has ' + r.console.length + ' lines');
    h.assert.match(r.console[r.console.length - 1], /more console lines dropped/);
    h.assert.ok(r.render_ms < 2500, 'render_ms ' + r.render_ms + ': the flood reached the service');
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const ctx = typeof console.context === 'function' ? console.context('pp') : console;
  for (let i = 0; i < 20000; i++) {
    ctx.log('pp flood ' + i);
    ctx.warn('pp flood ' + i);
    console.timeStamp('pp' + i);
    console.profile('pp' + i);
    console.profileEnd('pp' + i);
  }
}
`,
};
