// 121 text as inline SVG: an <svg> in the body with <text> and <textPath>
// elements holding words.
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
  const holder = document.createElement('div');
  holder.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path id="pp-p" d="M10 150 Q 200 10 390 150" fill="none"/>'
    + '<text x="10" y="40" font-size="30">A RED SUNSET</text><text font-size="30"><textPath href="#pp-p">OVER THE SEA</textPath></text></svg>';
  document.body.appendChild(holder);
}
`,
};
