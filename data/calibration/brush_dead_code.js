// Hack: p5.brush calls that never run (a dead branch and a function nobody calls).
function neverCalled() {
  brush.set('charcoal', '#3a2a22', 2);
  for (let i = 0; i < 50; i++) brush.spline([[0, 0, 1], [100, i, 1], [200, 0, 1]], 0.5);
  brush.fill('#eb8fb0', 80);
  brush.circle(0, 0, 40);
}
function setup() {
  createCanvas(600, 600, WEBGL);
  background(251, 246, 238);
  if (width < 0) {
    brush.pick('pastel');
    brush.flowLine(0, 0, 200, 0);
    brush.hatch(5, 45);
    brush.rect(0, 0, 10, 10);
  }
  noStroke();
  fill(235, 143, 176);
  circle(0, 0, 200);
}
