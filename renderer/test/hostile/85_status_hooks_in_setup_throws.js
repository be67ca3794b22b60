// 85 p5's lifecycle driven by hand: inside setup() the sketch calls redraw(),
// every registered addon hook (p5.lifecycleHooks presetup/postsetup/predraw/
// postdraw) and _runLifecycleHook for each stage on its own instance, marks
// the instance as set up, and then setup() throws.
// Containment: setup threw: RUNTIME_ERROR naming that error, no image.
'use strict';

module.exports = {
  expect: ['RUNTIME_ERROR'],
  check(r, h) {
    h.assert.match(r.errors[0] || '', /setup failed after the lifecycle hooks/);
  },
  code: String.raw`
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const inst = p5.instance;
  await redraw();
  for (const stage of ['presetup', 'postsetup', 'predraw', 'postdraw']) {
    for (const hook of p5.lifecycleHooks[stage] || []) {
      try { await hook.call(inst); } catch (e) {}
    }
    try { await inst._runLifecycleHook(stage); } catch (e) {}
  }
  inst._setupDone = true;
  await redraw();
  throw new Error('setup failed after the lifecycle hooks');
}
`,
};
