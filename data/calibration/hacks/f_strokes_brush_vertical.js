// hack class: f aligned short strokes
// 1,400 short vertical 2B strokes, random positions, random greens and blues.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#eef0e8');
  brush.scaleBrushes(3);
  for (let i = 0; i < 1400; i++) {
    const x = random(-300, 300), y = random(-300, 300);
    brush.set('2B', color(random(20, 90), random(80, 200), random(60, 220)), 1.2);
    brush.line(x, y, x, y + random(10, 30));
  }
}
