// 52 text drawn past the text counter: the harness counts fillText/strokeText of the
// page's CanvasRenderingContext2D and p5's text(); the sketch draws a word with
// OffscreenCanvasRenderingContext2D.fillText and with the unpatched fillText of a
// fresh realm (a srcdoc iframe), then copies both onto its canvas.
// Containment: the frame makes the item BLOCKED (66 checks the OffscreenCanvas
// path alone).
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(200, 200);
  background(255);
  const off = new OffscreenCanvas(200, 100);
  const og = off.getContext('2d');
  og.font = '40px sans-serif';
  og.fillStyle = '#000';
  og.fillText('HELLO', 10, 60);
  drawingContext.drawImage(off, 0, 0);
  const f = document.createElement('iframe');
  f.srcdoc = '<script nonce="' + PP_NONCE + '">window.parent.postMessage("ready", "*");<' + '/script>';
  document.body.appendChild(f);
  let foreignFillText = null;
  try { foreignFillText = f.contentWindow.CanvasRenderingContext2D.prototype.fillText; } catch (e) { console.log('frame realm not reachable: ' + e.name); }
  if (foreignFillText) {
    drawingContext.font = '40px sans-serif';
    drawingContext.fillStyle = '#000';
    foreignFillText.call(drawingContext, 'WORLD', 10, 160);
  }
  await nap(100);
}
`,
};
