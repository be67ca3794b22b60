// hack class: f aligned short strokes
// 1,600 short plain-p5 horizontal dashes, random positions and colours, weight 3.
function setup() {
  createCanvas(600, 600);
  background(250);
  strokeWeight(3);
  for (let i = 0; i < 1600; i++) {
    stroke(random(255), random(255), random(255));
    const x = random(600), y = random(600);
    line(x, y, x + random(10, 25), y);
  }
}
