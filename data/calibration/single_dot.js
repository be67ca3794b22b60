// Hack: one dot in the middle of an empty canvas.
function setup() {
  createCanvas(600, 600);
  background(255);
  stroke(230, 120, 160);
  strokeWeight(8);
  point(300, 300);
}
