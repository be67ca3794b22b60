// hack class: f aligned short strokes
// 1,500 plain-p5 strokes all at 70 degrees, random positions and warm random colours, on a WEBGL canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(28, 24, 30);
  strokeWeight(2.5);
  const dx = cos(radians(70)), dy = -sin(radians(70));
  for (let i = 0; i < 1500; i++) {
    stroke(random(150, 255), random(40, 200), random(0, 90));
    const x = random(-300, 300), y = random(-300, 300), l = random(8, 20);
    line(x, y, x + l * dx, y + l * dy);
  }
}
