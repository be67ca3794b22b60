// 114 text in a closed shadow root: a <div> in the body gets
// attachShadow({mode: 'closed'}) holding a paragraph of words (a walk of the
// document's own nodes never enters it).
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
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: 'closed' });
  root.innerHTML = '<p style="font-size:40px">A RED SUNSET OVER THE SEA</p>';
}
`,
};
