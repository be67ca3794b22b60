// 46 replace window.brush: swaps the whole brush object for a fake one (assignment,
// globalThis and defineProperty), so that calls would go uncounted or be counted by
// the sketch's own object.
// Containment: the sketch is refused (BLOCKED); counts are never the fake's.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const pp_fake = { set() {}, line() {}, calls: { line: 500 } };
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  try { window.brush = pp_fake; } catch (e) {}
  try { globalThis.brush = pp_fake; } catch (e) {}
  try { Object.defineProperty(window, 'brush', { value: pp_fake }); } catch (e) {}
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
}
`,
};
