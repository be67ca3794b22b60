// 143 an error disguised as another render's: the failing helpers are defined
// through eval() tagged //# sourceURL= a path under /r/ that looks like another
// render's document; one rejects a promise nobody handles (called from
// setup()), one throws from a timer that fires while an async setup() waits.
// Containment: only the URLs of this page's own earlier renders (each with a
// random id no sketch can learn) set an event aside: RUNTIME_ERROR.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /notDefinedAnywhere|reading 'x'/);
  },
  code: String.raw`
const helper = eval('(async function helper() { notDefinedAnywhere(); })\n//# sourceURL=https://render.invalid/r/0/0000000000000000/x.js');
const boom = eval('(function boom() { null.x; })\n//# sourceURL=https://render.invalid/r/1/ffffffffffffffff/y.js');
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  helper();
  setTimeout(boom, 0);
  await new Promise((r) => setTimeout(r, 20));
}
`,
};
