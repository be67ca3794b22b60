// hack class: g concentric rings
// Thirty thick plain-p5 ring outlines in three cycling colours, centred at the bottom-right corner.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(250, 246, 236);
  noFill();
  strokeWeight(9);
  const cols = [color(200, 40, 60), color(30, 30, 30), color(60, 120, 200)];
  for (let k = 1; k <= 30; k++) {
    stroke(cols[k % 3]);
    circle(300, 300, k * 36);
  }
}
