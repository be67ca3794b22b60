// 96 forging the report through Object.create: after drawing (a blue canvas,
// one brush.set, one brush.line, one fillText), setup replaces Object.create
// so that every null-prototype object made from then on carries a toJSON that
// serialises as a forged report (red image, inflated brush_calls, all eleven
// brushes, text_calls 0), copying whatever secret or render id the real
// report object holds.
// Containment: the report is the real one: SUCCESS, brush_calls exactly
// {set: 1, line: 1}, text_calls 1, brushes_used ['HB'], the blue image.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
    h.assert.equal(r.text_calls, 1);
    h.assert.deepEqual(r.brushes_used, ['HB']);
    const [cr, cg, cb] = h.meanColor(h.decode(r));
    h.assert.ok(cr < 60 && cb > 200, 'the real blue image, got ' + [cr, cg, cb]);
  },
  code: String.raw`
function pp_red() {
  const c = document.createElement('canvas');
  c.width = 128; c.height = 128;
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 128, 128);
  return c.toDataURL('image/png');
}
function setup() {
  createCanvas(200, 200, WEBGL);
  background(0, 128, 255);
  brush.set('HB', '#000', 1);
  brush.line(-50, 0, 50, 0);
  const t = document.createElement('canvas').getContext('2d');
  t.fillText('A', 0, 10);
  const red = pp_red();
  const all = {};
  for (const b of ['pen', 'rotring', '2B', 'HB', '2H', 'cpencil', 'pastel', 'crayon', 'charcoal', 'spray', 'marker']) all[b] = true;
  const create = Object.create;
  Object.create = function (proto) {
    const o = create.apply(Object, arguments);
    if (proto === null) {
      Object.defineProperty(o, 'toJSON', {
        value() {
          return {
            kind: 'result', secret: this.secret, render_id: this.render_id, status: 'SUCCESS', detail: null, image: red,
            brush_calls: { line: 500, circle: 500, rect: 500, spline: 500, fill: 500, hatch: 500 }, text_calls: 0,
            brushes_used: all, dom_text_chars: 0, console_dropped: 0, frames: 1, sketch_ms: 1, page_ms: 1, marks: {},
          };
        },
      });
    }
    return o;
  };
}
`,
};
