// 51 the report channel in another realm: the harness deletes its CDP binding from
// the page's window, but the binding is added to every JavaScript context of the
// page. The sketch creates a srcdoc iframe whose script (carrying the stolen nonce)
// scans its own window for __pp_* and calls it with a forged SUCCESS report for this
// render (render id from the parent's location): red image, brush_calls
// {line: 4242}, text_calls 0. The sketch itself makes exactly one brush.set and one
// brush.line and paints a white background.
// Containment: the report cannot be forged: the result is BLOCKED, or the real
// SUCCESS with brush_calls exactly {set: 1, line: 1} and the real near-white image.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  check(r, h) {
    h.assert.notDeepEqual(r.brush_calls, { line: 4242 }, 'the forged counts were accepted');
    if (r.status !== 'SUCCESS') return;
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr > 200 && cg > 200 && cb > 200, `the real near-white image, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
function pp_redPng() {
  const c = document.createElement('canvas');
  c.width = 128; c.height = 128;
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 128, 128);
  return c.toDataURL('image/png');
}
const PP_PAYLOAD = JSON.stringify({
  render_id: location.pathname.split('/').filter(Boolean)[2],
  status: 'SUCCESS', detail: null, image: pp_redPng(),
  brush_calls: { line: 4242 }, text_calls: 0, frames: 1, sketch_ms: 1, page_ms: 1,
});
const pp_inner = 'const p = ' + JSON.stringify(PP_PAYLOAD) + ';' +
  'for (const n of Object.getOwnPropertyNames(window)) {' +
  '  if (/^__pp_/.test(n) && typeof window[n] === "function") { console.log("frame found " + n.slice(0, 5)); window[n](p); }' +
  '}';
const pp_frame = document.createElement('iframe');
pp_frame.srcdoc = '<script nonce="' + PP_NONCE + '">' + pp_inner + '<' + '/script>';
document.documentElement.appendChild(pp_frame);
async function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  await nap(800);
}
`,
};
