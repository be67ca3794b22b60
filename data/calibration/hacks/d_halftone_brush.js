// hack class: d halftone dot grid
// A 20x20 grid of p5.brush wash dots whose radius follows a smooth diagonal sine wave, one colour.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#faf7f0');
  brush.scaleBrushes(3);
  brush.noStroke();
  for (let i = 0; i < 20; i++) {
    for (let j = 0; j < 20; j++) {
      const x = -285 + i * 30, y = -285 + j * 30;
      const r = 2 + 11 * (0.5 + 0.5 * sin((i + j) * 0.35));
      brush.wash('#1b4f8a', 230);
      brush.circle(x, y, r);
      brush.noWash();
    }
  }
}
