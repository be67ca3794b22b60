// 41 console flood: 100,000 console.log calls with long lines, plus console.error
// and console.table of a big object.
// Containment: the render succeeds; the result carries at most the capped number of
// console lines (50, plus one "dropped" line) each at most ~300 characters; the
// service stays responsive.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.console.length <= 51, `console has ${r.console.length} lines`);
    for (const line of r.console) h.assert.ok(line.length <= 400, 'a console line is truncated');
    h.assert.match(r.console[r.console.length - 1], /more console lines dropped/);
  },
  code: String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const long = 'y'.repeat(5000);
  for (let i = 0; i < 100000; i++) console.log(i, long);
  for (let i = 0; i < 1000; i++) console.error(new Error('flood ' + i));
  console.table(Array.from({ length: 1000 }, (_, i) => ({ i, long })));
}
`,
};
