// hack class: d halftone dot grid
// Plain-p5 halftone of dark teal dots (sine-wave radius) on cream, every 5th dot given a p5.brush cpencil halo, spray grain over the top.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(248, 242, 228);
  noStroke();
  fill(24, 78, 90);
  const pts = [];
  for (let i = 0; i < 24; i++) {
    for (let j = 0; j < 24; j++) {
      const x = -288 + i * 25, y = -288 + j * 25;
      const r = 3 + 9 * (0.5 + 0.5 * sin(i * 0.45) * cos(j * 0.3));
      ellipse(x, y, r * 2, r * 2);
      if ((i * 24 + j) % 5 == 0) pts.push([x, y, r]);
    }
  }
  brush.scaleBrushes(3);
  for (const [x, y, r] of pts) {
    brush.set(random(['cpencil', 'HB', 'pen']), random(['#e76f51', '#f4a261', '#2a9d8f']), 1);
    brush.circle(x, y, r + 4);
  }
  for (let i = 0; i < 5; i++) {
    brush.set('spray', '#184e5a', 0.5);
    brush.line(random(-300, 300), random(-300, 300), random(-300, 300), random(-300, 300));
  }
  brush.noStroke();
  brush.fill('#e76f51', 150);
  brush.circle(150, -150, 40);
  brush.noFill();
}
