// hack class: x generic flower
// Three large blossoms with layered petals (pink, orange, violet), leafy stems, buds and scattered petals on cream paper.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf5ea');
  brush.scaleBrushes(3);
  const blooms = [[-110, -80, 70, '#f28fad'], [120, -150, 55, '#f4a261'], [60, 90, 60, '#9d6ad8']];
  for (const [x, y] of blooms) {
    brush.set('HB', '#3f7d3a', 2);
    brush.spline([[0, 300], [x * 0.5, (y + 300) / 2 + 20], [x, y]], 0.6);
  }
  for (let i = 0; i < 10; i++) {
    const t = random(), b = blooms[i % 3];
    const px = b[0] * t, py = 300 + (b[1] - 300) * t, s = random(0.7, 1.2);
    brush.noStroke();
    brush.fillBleed(0.1);
    brush.fill(random(['#6a994e', '#386641', '#a7c957']), 210);
    brush.polygon([[px, py], [px + 45 * s * (i % 2 ? 1 : -1), py - 20 * s], [px + 70 * s * (i % 2 ? 1 : -1), py - 5 * s], [px + 35 * s * (i % 2 ? 1 : -1), py + 10 * s]]);
    brush.noFill();
  }
  for (const [x, y, r, c] of blooms) {
    brush.noStroke();
    brush.fillTexture(0.5, 0.4);
    for (let layer = 0; layer < 2; layer++) {
      for (let a = layer * 0.3; a < TWO_PI; a += TWO_PI / 8) {
        brush.fillBleed(0.15);
        brush.fill(c, 180 + layer * 40);
        brush.circle(x + cos(a) * r * (0.7 - layer * 0.3), y + sin(a) * r * (0.7 - layer * 0.3), r * (0.42 - layer * 0.1));
      }
    }
    brush.fill('#f6c026', 230);
    brush.circle(x, y, r * 0.18);
    brush.noFill();
    brush.set('pen', '#6b2d3a', 0.8);
    for (let a = 0; a < TWO_PI; a += TWO_PI / 8) brush.line(x + cos(a) * r * 0.2, y + sin(a) * r * 0.2, x + cos(a) * r * 0.8, y + sin(a) * r * 0.8);
  }
  brush.noStroke();
  for (let i = 0; i < 18; i++) {
    brush.fill(random(['#f28fad', '#f4a261', '#9d6ad8']), 200);
    brush.circle(random(-280, 280), random(150, 290), random(4, 8));
  }
  brush.noFill();
  brush.hatch(6, 0.3, { rand: 0.2 });
  brush.hatchStyle('cpencil', '#b8a88a', 0.8);
  brush.rect(-300, 200, 600, 100);
  brush.noHatch();
}
