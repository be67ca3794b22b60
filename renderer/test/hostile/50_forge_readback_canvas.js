// 50 patch the read-back path: replaces HTMLCanvasElement.prototype.toDataURL and
// toBlob, CanvasRenderingContext2D.prototype.drawImage / getImageData and
// Document.prototype.createElement so that whatever the harness reads back would be
// a red picture instead of the blue canvas really drawn.
// Containment: the harness uses its own captured functions; a SUCCESS carries the
// real, blue image (or the sketch's own breakage gives RUNTIME_ERROR).
'use strict';

module.exports = {
  expect: ['SUCCESS', 'RUNTIME_ERROR'],
  check(r, h) {
    if (r.status !== 'SUCCESS') return;
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 40 && cg > 100 && cg < 160 && cb > 220, `the real blue image, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
function pp_redPng() {
  const c = document.createElement('canvas');
  c.width = 128; c.height = 128;
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 128, 128);
  return c.toDataURL('image/png');
}
function setup() {
  createCanvas(200, 200);
  background(0, 128, 255);
  const red = pp_redPng();
  const redCanvas = document.createElement('canvas');
  redCanvas.width = 10; redCanvas.height = 10;
  const rg = redCanvas.getContext('2d');
  rg.fillStyle = '#ff0000';
  rg.fillRect(0, 0, 10, 10);
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  HTMLCanvasElement.prototype.toDataURL = function () { return red; };
  HTMLCanvasElement.prototype.toBlob = function (cb) { cb(new Blob(['x'])); };
  CanvasRenderingContext2D.prototype.drawImage = function (img, ...rest) { return drawImage.call(this, redCanvas, ...rest); };
  CanvasRenderingContext2D.prototype.fillRect = function () {};
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tag) {
    const el = createElement.call(this, tag);
    if (String(tag).toLowerCase() === 'canvas') el.toDataURL = () => red;
    return el;
  };
}
`,
};
