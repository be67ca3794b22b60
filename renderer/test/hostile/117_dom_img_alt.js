// 117 text as alt text: an <img> with a broken data: source and an alt
// attribute, which the browser renders in place of the image.
// Containment: dom_text_chars counts it (> 0).
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.dom_text_chars > 0, 'dom_text_chars is ' + r.dom_text_chars);
  },
  code: String.raw`
async function setup() {
  createCanvas(200, 200);
  background(255);
  const img = document.createElement('img');
  img.alt = 'A RED SUNSET OVER THE SEA';
  const failed = new Promise((res) => { img.onerror = res; img.onload = res; });
  img.src = 'data:image/png;base64,bm90IGFuIGltYWdl';
  document.body.appendChild(img);
  await failed;
}
`,
};
