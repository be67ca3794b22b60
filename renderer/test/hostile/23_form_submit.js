// 23 form submission: a POST form to the local listener submitted with submit(),
// requestSubmit() and a click on its button.
// Containment: form-action 'none' and the sandbox (no allow-forms) refuse it; the
// listener receives nothing. BLOCKED, or SUCCESS when the sandbox refused silently.
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const f = document.createElement('form');
  f.method = 'POST';
  f.action = 'http://127.0.0.1:__PORT__/form';
  const i = document.createElement('input');
  i.name = 'secret';
  i.value = 'data';
  f.appendChild(i);
  const b = document.createElement('button');
  b.type = 'submit';
  f.appendChild(b);
  document.body.appendChild(f);
  try { f.requestSubmit(); } catch (e) {}
  b.click();
  f.submit();
  await nap(700);
}
`,
};
