// hack class: h thirds grid
// WEBGL plain-p5 thirds: one tall flat column, one wide flat band and grey thirds lines, all flat colour.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(20, 24, 40);
  noStroke();
  fill(220, 60, 80);
  rect(100, -300, 200, 600);
  fill(240, 220, 180);
  rect(-300, 100, 600, 200);
  stroke(160);
  strokeWeight(3);
  for (const t of [-100, 100]) {
    line(t, -300, t, 300);
    line(-300, t, 300, t);
  }
}
