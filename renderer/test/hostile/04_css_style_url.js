// 04 CSS url() in a <style> element: a background-image, a cursor and an @import,
// forced to resolve by styling a visible element and reading its computed style.
// Containment: img-src/style-src refuse the URLs; the listener receives nothing; BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_URL = 'http://127.0.0.1:__PORT__/';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const st = document.createElement('style');
  st.textContent = '@import url("' + PP_URL + 'import.css");\n' +
    '.pp-x { display:block; width:50px; height:50px; background-image:url("' + PP_URL + 'bg.png"); cursor:url("' + PP_URL + 'cur.png"), auto; }';
  document.head.appendChild(st);
  const d = document.createElement('div');
  d.className = 'pp-x';
  d.style.borderImage = 'url("' + PP_URL + 'border.png") 30 round';
  document.body.appendChild(d);
  getComputedStyle(d).backgroundImage;
  d.getBoundingClientRect();
  await nap(700);
}
`,
};
