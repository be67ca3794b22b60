// 40 giant raw DOM canvases: <canvas width=40000 height=40000> with getContext('2d')
// and getContext('webgl'), filled, read back with getImageData and toDataURL, many
// times over.
// Containment: the browser refuses or fails the oversized backing stores; the item
// ends on its own (SUCCESS, RUNTIME_ERROR, CRASHED, TIMEOUT); nothing else notices.
'use strict';

module.exports = {
  expect: ['SUCCESS', 'RUNTIME_ERROR', 'CRASHED', 'TIMEOUT'],
  code: String.raw`
const pp_canvases = [];
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  for (let i = 0; i < 8; i++) {
    const c = document.createElement('canvas');
    c.width = 40000;
    c.height = 40000;
    document.body.appendChild(c);
    const g = c.getContext(i % 2 ? 'webgl' : '2d');
    if (g && g.fillRect) {
      g.fillStyle = 'red';
      g.fillRect(0, 0, 40000, 40000);
      g.getImageData(0, 0, 4000, 4000);
    } else if (g) {
      g.clearColor(1, 0, 0, 1);
      g.clear(g.COLOR_BUFFER_BIT);
    }
    c.toDataURL();
    pp_canvases.push(c);
  }
}
`,
};
