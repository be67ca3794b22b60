// 120 text in elements a text count skips by tag name: a <title> element in
// the body and a <style> element (its text a CSS comment), both made visible
// with display:block.
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
  const t = document.createElement('title');
  t.textContent = 'A RED SUNSET';
  t.style.display = 'block';
  document.body.appendChild(t);
  const s = document.createElement('style');
  s.textContent = '/* OVER THE SEA */';
  s.style.display = 'block';
  document.body.appendChild(s);
}
`,
};
