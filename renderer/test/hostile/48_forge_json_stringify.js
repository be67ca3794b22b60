// 48 patch JSON.stringify: the replacement rewrites any object that looks like the
// harness's report (has render_id or brush_calls) into a forged one with
// brush_calls {line: 4242} and a red image.
// Containment: the harness captured JSON.stringify before the sketch ran; the result
// is the real one: brush_calls exactly {set: 1, line: 1}, the real image.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr > 200 && cg > 200 && cb > 200, `the real near-white image, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
const pp_stringify = JSON.stringify;
JSON.stringify = function (v, ...rest) {
  if (v && typeof v === 'object' && ('render_id' in v || 'brush_calls' in v)) {
    v = Object.assign({}, v, { brush_calls: { line: 4242 }, text_calls: 0, status: 'SUCCESS', image: 'data:image/png;base64,AAAA' });
  }
  return pp_stringify.call(JSON, v, ...rest);
};
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
}
`,
};
