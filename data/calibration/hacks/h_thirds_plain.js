// hack class: h thirds grid
// Plain-p5 thirds grid: two flat blocks in opposite cells and thin black lines at 200 and 400 px.
function setup() {
  createCanvas(600, 600);
  background(238, 236, 230);
  noStroke();
  fill(30, 90, 70);
  rect(0, 400, 200, 200);
  fill(230, 120, 40);
  rect(400, 0, 200, 200);
  stroke(20);
  strokeWeight(4);
  line(200, 0, 200, 600);
  line(400, 0, 400, 600);
  line(0, 200, 600, 200);
  line(0, 400, 600, 400);
}
