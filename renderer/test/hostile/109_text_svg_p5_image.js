// 109 text as an SVG image through p5: an SVG with <text> as a data: URL,
// loaded with p5's createImg() (loadImage() would fetch it: the policy
// refuses) and drawn with p5's image().
// Containment: text_calls >= 1.
'use strict';

module.exports = {
  expect: ['SUCCESS'],
  check(r, h) {
    h.assert.ok(r.text_calls >= 1, 'text_calls is ' + r.text_calls + ' though SVG text was drawn');
  },
  code: String.raw`
async function setup() {
  createCanvas(200, 200);
  background(255);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="60" font-size="44" font-family="sans-serif">WORLD</text></svg>';
  const el = await new Promise((resolve) => {
    const e = createImg('data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg), '', undefined, () => resolve(e));
  });
  el.hide();
  image(el, 0, 50, 200, 100);
}
`,
};
