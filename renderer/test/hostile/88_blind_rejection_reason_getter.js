// 88 blinding the rejection listener: PromiseRejectionEvent.prototype.reason
// and ErrorEvent.prototype.error/message/filename become getters that throw
// (and ErrorEvent instanceof answers false), so whoever reads the event in the
// page fails; then setup() rejects with a ReferenceError.
// Containment: RUNTIME_ERROR naming the ReferenceError.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /pp_missingHelper/);
  },
  code: String.raw`
const pp_thrower = { get() { throw new TypeError('no details for you'); }, configurable: true };
Object.defineProperty(PromiseRejectionEvent.prototype, 'reason', pp_thrower);
Object.defineProperty(PromiseRejectionEvent.prototype, 'promise', pp_thrower);
for (const k of ['error', 'message', 'filename', 'lineno']) Object.defineProperty(ErrorEvent.prototype, k, pp_thrower);
Object.defineProperty(ErrorEvent, Symbol.hasInstance, { value: () => false });
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  await nap(10);
  pp_missingHelper();
}
`,
};
