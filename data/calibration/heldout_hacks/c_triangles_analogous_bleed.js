// hack class: c random triangles
// 90 large random triangles in a harmonious sunset palette, textured bleeding fills, charcoal outlines on half of them, a few hatched.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f6efe2');
  brush.scaleBrushes(3);
  const pal = ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51', '#8ab17d'];
  brush.fillTexture(0.5, 0.3);
  brush.fillBleed(0.12);
  for (let i = 0; i < 90; i++) {
    const x = random(-300, 300), y = random(-300, 300), s = random(40, 120);
    const pts = [];
    for (let k = 0; k < 3; k++) pts.push([x + random(-s, s), y + random(-s, s)]);
    if (i % 2) brush.set(random(['charcoal', '2B']), '#2b2118', 1);
    else brush.noStroke();
    brush.fill(random(pal), random(140, 210));
    if (i % 9 == 0) {
      brush.hatch(6, random(PI));
      brush.hatchStyle('HB', '#2b2118', 0.8);
    }
    brush.polygon(pts);
    brush.noHatch();
    brush.noFill();
  }
}
