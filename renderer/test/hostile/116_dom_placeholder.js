// 116 text as placeholders: an empty <input> and an empty <textarea> whose
// placeholder attributes hold the words.
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
  i.placeholder = 'A RED SUNSET';
  i.style.width = '400px';
  document.body.appendChild(i);
  const t = document.createElement('textarea');
  t.placeholder = 'OVER THE SEA';
  document.body.appendChild(t);
}
`,
};
