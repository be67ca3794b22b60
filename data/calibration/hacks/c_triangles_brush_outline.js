// hack class: c random triangles
// 150 random p5.brush triangle outlines cycling through five brushes, random colours, over a pale wash.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#eef1f3');
  brush.scaleBrushes(3);
  const brushes = ['pen', '2B', 'HB', 'cpencil', 'marker'];
  for (let i = 0; i < 150; i++) {
    const x = random(-280, 280), y = random(-280, 280), s = random(15, 60);
    const c = color(random(255), random(255), random(255));
    brush.set(brushes[i % brushes.length], c, random(0.8, 2));
    brush.polygon([[x, y - s], [x + s, y + s * 0.7], [x - s, y + s * 0.7]]);
  }
}
