// hack class: c random triangles
// 220 plain-p5 triangles in an earthy palette with translucency, then 120 random p5.brush pencil edges and spray dust over them.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(242, 236, 224);
  noStroke();
  const pal = [[140, 80, 50], [200, 140, 70], [90, 110, 80], [60, 80, 110], [220, 190, 140], [170, 60, 50]];
  for (let i = 0; i < 220; i++) {
    const c = random(pal);
    fill(c[0], c[1], c[2], 170);
    const x = random(-300, 300), y = random(-300, 300), s = random(15, 60);
    triangle(x + random(-s, s), y + random(-s, s), x + random(-s, s), y + random(-s, s), x + random(-s, s), y + random(-s, s));
  }
  brush.scaleBrushes(3);
  const brushes = ['2B', 'HB', 'cpencil', 'charcoal'];
  for (let i = 0; i < 120; i++) {
    const x = random(-300, 300), y = random(-300, 300), s = random(15, 60);
    brush.set(brushes[i % 4], '#2d241c', 1);
    brush.polygon([[x, y], [x + random(-s, s), y + random(-s, s)], [x + random(-s, s), y + random(-s, s)]]);
  }
  for (let i = 0; i < 8; i++) {
    brush.set('spray', '#5a4632', 0.7);
    brush.line(random(-300, 300), random(-300, 300), random(-300, 300), random(-300, 300));
  }
  brush.noStroke();
  brush.fill('#c96b4a', 170);
  brush.rect(80, -200, 90, 90);
  brush.noFill();
}
