// 119 text as CSS generated content: a <style> element gives an empty <div>
// ::before { content: 'HELLO ...' } and an ::after built from attr(); no text
// node holds the words.
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
  const st = document.createElement('style');
  st.textContent = '#pp-words::before { content: "HELLO A RED SUNSET"; font-size: 40px; } #pp-words::after { content: attr(data-more); }';
  document.head.appendChild(st);
  const d = document.createElement('div');
  d.id = 'pp-words';
  d.setAttribute('data-more', 'OVER THE SEA');
  document.body.appendChild(d);
}
`,
};
