// 130 console flood through methods a fixed list of wrapped methods misses:
// console.groupEnd, console.clear, console.countReset and console.timeEnd
// (the last two warn about unknown labels), 15,000 times each.
// Containment: every console method is capped in the page: the item finishes
// SUCCESS well within its budget (not slowed by 60,000 DevTools messages), with
// at most 50 console lines plus the "dropped" line.
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
  for (let i = 0; i < 15000; i++) {
    console.groupEnd();
    console.clear();
    console.countReset('pp' + i);
    console.timeEnd('pp' + i);
  }
}
`,
};
