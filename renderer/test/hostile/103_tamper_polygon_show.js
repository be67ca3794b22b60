// 103 replacing a p5.brush class method: brush.Polygon.prototype.show is
// assigned a no-op (so brush.polygon() and brush.rect() fills count as calls
// but draw nothing, or anything else the sketch likes).
// Containment: tampering with the p5.brush API, class prototypes included, is
// BLOCKED, as overwriting brush.* functions is.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.Polygon.prototype.show = function () { return this; };
  brush.set('HB', '#000', 1);
  brush.polygon([[-50, -50], [50, -40], [0, 50]]);
}
`,
};
