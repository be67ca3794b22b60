// 77 window.stop() at top level: the sketch stops its page while it is still
// loading, so the load event that starts p5 never comes and the item would only
// end by running out of time.
// Containment: a stopped load is an immediate BLOCKED, never a TIMEOUT.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
window.stop();
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
}
`,
};
