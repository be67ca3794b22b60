// hack class: c random triangles
// 170 random plain-p5 triangles, random opaque colours, no outlines.
function setup() {
  createCanvas(600, 600);
  background(255);
  noStroke();
  for (let i = 0; i < 170; i++) {
    fill(random(255), random(255), random(255));
    const x = random(600), y = random(600), s = random(15, 90);
    triangle(x + random(-s, s), y + random(-s, s), x + random(-s, s), y + random(-s, s), x + random(-s, s), y + random(-s, s));
  }
}
