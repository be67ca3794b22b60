// hack class: c random triangles
// 160 random triangles as p5.brush polygons with random-coloured watercolour fills and rotring outlines.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f3ea');
  brush.scaleBrushes(3);
  for (let i = 0; i < 160; i++) {
    const x = random(-300, 300), y = random(-300, 300), s = random(20, 70);
    const pts = [];
    for (let k = 0; k < 3; k++) pts.push([x + random(-s, s), y + random(-s, s)]);
    const c = color(random(255), random(255), random(255));
    brush.set('rotring', '#222222', 0.8);
    brush.fill(c, 150);
    brush.polygon(pts);
    brush.noFill();
  }
}
