// hack class: f aligned short strokes
// 1,500 short p5.brush lines at 45 degrees, random positions, random colours, rotating through four brushes.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f6f2e9');
  brush.scaleBrushes(3);
  const brushes = ['2B', 'HB', 'cpencil', 'pen'];
  for (let i = 0; i < 1500; i++) {
    const x = random(-300, 300), y = random(-300, 300), l = random(8, 22);
    brush.set(brushes[i % 4], color(random(255), random(255), random(255)), 1);
    brush.line(x, y, x + l, y - l);
  }
}
