// 118 text in a visible script element: <script type="text/plain"> (never
// executed) holding words, made visible with style display:block.
// Containment: dom_text_chars counts it (> 0).
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
  const s = document.createElement('script');
  s.type = 'text/plain';
  s.style.display = 'block';
  s.style.fontSize = '40px';
  s.textContent = 'A RED SUNSET OVER THE SEA';
  document.body.appendChild(s);
}
`,
};
