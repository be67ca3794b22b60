// 45 overwrite brush.line: replaces brush.line (assignment and defineProperty) with a
// no-op and a function that calls the original many times, hoping either to draw
// uncounted or to inflate the count.
// Containment: the sketch is refused (BLOCKED); if it were let through, the counts
// would have to equal the calls really made.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  const orig = brush.line;
  try { brush.line = function () {}; } catch (e) {}
  try { Object.defineProperty(brush, 'circle', { value: function () {} }); } catch (e) {}
  try { delete brush.rect; } catch (e) {}
  try { Object.setPrototypeOf(brush, { line: orig }); } catch (e) {}
  for (let i = 0; i < 5; i++) brush.line(-50, i, 50, i);
}
`,
};
