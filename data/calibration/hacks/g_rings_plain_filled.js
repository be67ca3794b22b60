// hack class: g concentric rings
// Twelve plain-p5 filled discs drawn largest first, alternating navy and yellow: a target.
function setup() {
  createCanvas(600, 600);
  noStroke();
  for (let k = 12; k > 0; k--) {
    fill(k % 2 ? color(20, 40, 90) : color(245, 200, 40));
    circle(300, 300, k * 70);
  }
}
