// 47 call the harness's report channel: scans Object.getOwnPropertyNames(window) (and
// its prototype chain) for anything named like the CDP binding (__pp_*, *binding*,
// *report*, cdp*) and calls every such function with a forged SUCCESS payload (this
// render's id from location.pathname, a red image, brush_calls {line: 4242}).
// Containment: the binding is removed before the sketch runs; the result is the real
// one: SUCCESS, brush_calls exactly {set: 1, line: 1}, the real white-and-line image.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr > 200 && cg > 200 && cb > 200, `the real near-white image, got ${[cr, cg, cb]}`);
  },
  code: String.raw`
function mkRedPng() {
  const c = document.createElement('canvas');
  c.width = 128; c.height = 128;
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 128, 128);
  return c.toDataURL('image/png');
}
function tryForgedReport() {
  const renderId = location.pathname.split('/').filter(Boolean)[2];
  const forged = JSON.stringify({ render_id: renderId, status: 'SUCCESS', detail: null, image: mkRedPng(), brush_calls: { line: 4242 }, text_calls: 0, frames: 1 });
  const seen = new Set();
  for (let o = window; o; o = Object.getPrototypeOf(o)) {
    for (const n of Object.getOwnPropertyNames(o)) {
      if (seen.has(n) || !/^__|pp_|binding|^cdp|harness/i.test(n)) continue;
      seen.add(n);
      let v;
      try { v = window[n]; } catch (e) { continue; }
      if (typeof v === 'function') {
        console.log('calling candidate ' + n);
        try { v(forged); } catch (e) {}
        try { v.call(window, forged); } catch (e) {}
      }
    }
  }
}
function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  tryForgedReport();
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  tryForgedReport();
}
`,
};
