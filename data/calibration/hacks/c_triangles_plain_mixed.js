// hack class: c random triangles
// 160 small random plain-p5 triangles with thin black outlines, random pastel colours, on black.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(15);
  stroke(0);
  strokeWeight(1.5);
  for (let i = 0; i < 160; i++) {
    fill(random(120, 255), random(120, 255), random(120, 255));
    const x = random(-300, 300), y = random(-300, 300), a = random(TWO_PI), s = random(12, 45);
    triangle(x + s * cos(a), y + s * sin(a), x + s * cos(a + 2.1), y + s * sin(a + 2.1), x + s * cos(a + 4.2), y + s * sin(a + 4.2));
  }
}
