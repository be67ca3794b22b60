// Patchwork quilt: squares of fabric hatched and stitched along a zigzag field
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5efe0');
  brush.scaleBrushes(3);
  const cols = ['#b56576', '#e56b6f', '#eaac8b', '#6d597a', '#355070', '#84a98c'];
  const n = 6, s = 560 / n;

  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = -280 + i * s, y = -280 + j * s;
      const c = random(cols);
      brush.noStroke();
      brush.fill(c, 200);
      brush.fillTexture(0.8, 0.2);
      brush.rect(x + 3, y + 3, s - 6, s - 6);
      brush.noFill();
      // Pattern per patch
      const p = (i + j) % 3;
      brush.set(p === 0 ? 'HB' : 'cpencil', '#2b2d42', 1.2);
      if (p === 0) {
        brush.hatch(8, (i % 2 ? 1 : -1) * QUARTER_PI);
        brush.rect(x + 8, y + 8, s - 16, s - 16);
        brush.noHatch();
      } else if (p === 1) {
        brush.noFill();
        brush.circle(x + s / 2, y + s / 2, s * 0.3);
      }
    }
  }

  // Stitches follow the zigzag field
  brush.field('zigzag');
  brush.set('pen', '#f8f4e3', 1.2);
  for (let k = 0; k <= n; k++) {
    brush.flowLine(-280, -280 + k * s, 560, 0);
    brush.flowLine(-280 + k * s, -280, 560, -HALF_PI);
  }
  brush.noField();
}
