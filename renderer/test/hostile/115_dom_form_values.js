// 115 text as form values: an <input> and a <textarea> whose .value is set
// by script (no text node, no attribute) and an <input type=button> with a
// value attribute; all shown in the body.
// Containment: dom_text_chars counts them (> 0).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.dom_text_chars > 0, 'dom_text_chars is ' + r.dom_text_chars);
  },
  code: String.raw`
function setup() {
  createCanvas(200, 200);
  background(255);
  const i = document.createElement('input');
  document.body.appendChild(i);
  i.value = 'A RED SUNSET';
  const t = document.createElement('textarea');
  document.body.appendChild(t);
  t.value = 'OVER THE SEA';
  const b = document.createElement('input');
  b.type = 'button';
  b.setAttribute('value', 'PAINTED WITH CARE');
  document.body.appendChild(b);
}
`,
};
