// hack class: e sixteen colour patches
// A 4x4 grid of plain-p5 rectangles filling the canvas edge to edge, sixteen hues round the colour wheel.
function setup() {
  createCanvas(600, 600);
  colorMode(HSB, 360, 100, 100);
  noStroke();
  for (let k = 0; k < 16; k++) {
    fill((k * 360) / 16, 70, 85);
    rect((k % 4) * 150, floor(k / 4) * 150, 150, 150);
  }
}
