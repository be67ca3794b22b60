// 49 patch Object.prototype: a toJSON on Object.prototype (and on Array.prototype)
// that returns forged counts, and getters for brush_calls / text_calls / render_id
// on Object.prototype, so that any ordinary object serialised as the report would
// carry forged values.
// Containment: the report is built from null-prototype objects; the result is the
// real one: brush_calls exactly {set: 1, line: 1}, text_calls 0.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    h.assert.equal(r.text_calls, 0);
    h.assert.deepEqual(r.brushes_used, ['HB']);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  // Non-enumerable, so that for...in loops of p5 and p5.brush do not trip over them.
  const forged = function () { return { status: 'SUCCESS', brush_calls: { line: 4242 }, text_calls: 0 }; };
  Object.defineProperty(Object.prototype, 'toJSON', { value: forged, writable: true, configurable: true });
  Object.defineProperty(Array.prototype, 'toJSON', { value: forged, writable: true, configurable: true });
  Object.defineProperty(Object.prototype, 'brush_calls', { get() { return { line: 4242 }; }, set() {}, configurable: true });
  Object.defineProperty(Object.prototype, 'text_calls', { get() { return 0; }, set() {}, configurable: true });
  Object.defineProperty(Object.prototype, 'render_id', { get() { return 'forged'; }, set() {}, configurable: true });
}
`,
};
