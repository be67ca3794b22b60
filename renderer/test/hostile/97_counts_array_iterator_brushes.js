// 97 inflating brushes_used through the array iterator: after drawing with one
// brush (HB), Array.prototype[Symbol.iterator] is replaced so that iterating a
// list of brush names (as a harness copying its closure state into a report
// would) yields all eleven p5.brush brushes.
// Containment: brushes_used is exactly ['HB'], brush_calls exactly
// {set: 1, line: 1}.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brushes_used, ['HB']);
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  const names = ['pen', 'rotring', '2B', 'HB', '2H', 'cpencil', 'pastel', 'crayon', 'charcoal', 'spray', 'marker'];
  const known = new Set(names);
  const iter = Array.prototype[Symbol.iterator];
  Array.prototype[Symbol.iterator] = function () {
    if (this.length > 0 && this.length < names.length && Array.prototype.every.call(this, (k) => known.has(k))) return iter.call(names);
    return iter.call(this);
  };
}
`,
};
