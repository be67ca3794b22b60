// hack class: d halftone dot grid
// A 24x24 grid of plain-p5 cyan dots on black, largest in the centre, smooth radial falloff.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(10);
  noStroke();
  fill(40, 200, 220);
  for (let i = 0; i < 24; i++) {
    for (let j = 0; j < 24; j++) {
      const x = -287.5 + i * 25, y = -287.5 + j * 25;
      circle(x, y, 2 + 21 * exp(-(x * x + y * y) / 40000));
    }
  }
}
