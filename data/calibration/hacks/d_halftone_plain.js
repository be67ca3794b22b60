// hack class: d halftone dot grid
// A 30x30 grid of plain-p5 magenta dots whose size falls off with distance from the top-left corner.
function setup() {
  createCanvas(600, 600);
  background(255);
  noStroke();
  fill(220, 30, 130);
  for (let i = 0; i < 30; i++) {
    for (let j = 0; j < 30; j++) {
      const x = 10 + i * 20, y = 10 + j * 20;
      const d = 19 * (1 - dist(x, y, 0, 0) / 850);
      circle(x, y, max(1, d));
    }
  }
}
