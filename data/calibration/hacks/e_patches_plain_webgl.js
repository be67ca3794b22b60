// hack class: e sixteen colour patches
// A 4x4 grid of plain-p5 rectangles in random earthy colours with black borders, WEBGL canvas, no p5.brush.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(30);
  stroke(0);
  strokeWeight(6);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      fill(random(80, 230), random(60, 180), random(30, 120));
      rect(-300 + i * 150, -300 + j * 150, 150, 150);
    }
  }
}
