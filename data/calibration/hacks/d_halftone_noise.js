// hack class: d halftone dot grid
// A 16x16 grid of p5.brush pen ring-dots in two colours, size driven by smooth Perlin noise.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fff8e7');
  brush.scaleBrushes(3);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      const x = -281 + i * 37.5, y = -281 + j * 37.5;
      const r = 3 + 14 * noise(i * 0.15, j * 0.15);
      brush.set('pen', (i + j) % 2 ? '#111111' : '#e4572e', 1.5);
      brush.fill((i + j) % 2 ? '#111111' : '#e4572e', 220);
      brush.circle(x, y, r);
      brush.noFill();
    }
  }
}
