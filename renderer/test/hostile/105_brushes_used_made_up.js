// 105 made-up brush names: brush.set, brush.pick and brush.hatchStyle are
// called with names p5.brush does not ship ('sumi-e', 'watercolor', 'feather',
// a 40-character name), and brush.add() registers a trivial custom brush
// ('quill') that is then selected; one real brush (2B) draws a line.
// Containment: brushes_used lists only real p5.brush brushes: exactly ['2B'].
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brushes_used, ['2B']);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  for (const name of ['sumi-e', 'watercolor', 'x'.repeat(40)]) {
    try { brush.set(name, '#000', 1); } catch (e) {}
  }
  try { brush.pick('watercolor'); } catch (e) {}
  try { brush.hatchStyle('feather', '#000', 1); } catch (e) {}
  try {
    brush.add('quill', { type: 'default', weight: 1, vibration: 0.1, definition: 0.5, quality: 1, opacity: 120, spacing: 1, blend: true, pressure: { curve: [0.15, 0.2], min_max: [1.2, 0.9] } });
    brush.set('quill', '#000', 1);
  } catch (e) {}
  brush.set('2B', '#000', 2);
  brush.line(-60, 0, 60, 0);
}
`,
};
