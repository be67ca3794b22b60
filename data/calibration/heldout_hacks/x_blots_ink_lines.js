// hack class: x abstract blots
// Twelve bleeding watercolour blots (circles and blobs) in a jewel palette, ink contour splines and hatching across them, spray specks.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#faf6ef');
  brush.scaleBrushes(3);
  const pal = ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c', '#4c956c', '#2c6e49'];
  brush.noStroke();
  for (let i = 0; i < 12; i++) {
    brush.fillBleed(random(0.15, 0.45), random(['in', 'out']));
    brush.fillTexture(random(0.3, 0.8), random(0.2, 0.6));
    brush.fill(random(pal), random(150, 220));
    const x = random(-230, 230), y = random(-230, 230), r = random(40, 110);
    if (i % 2) brush.circle(x, y, r, 1);
    else {
      const pts = [];
      for (let k = 0; k < 7; k++) {
        const a = TWO_PI * k / 7;
        pts.push([x + cos(a) * r * random(0.6, 1.2), y + sin(a) * r * random(0.6, 1.2)]);
      }
      brush.polygon(pts);
    }
  }
  brush.noFill();
  for (let i = 0; i < 16; i++) {
    brush.set(random(['pen', 'rotring', '2B']), '#1b1b1e', random(0.8, 1.6));
    const pts = [];
    let x = random(-280, 280), y = random(-280, 280);
    for (let k = 0; k < 4; k++) { pts.push([x, y]); x += random(-120, 120); y += random(-120, 120); }
    brush.spline(pts, 0.7);
  }
  brush.hatch(6, -0.7, { rand: 0.2 });
  brush.hatchStyle('HB', '#1b1b1e', 0.8);
  brush.rect(60, 40, 180, 160);
  brush.noHatch();
  for (let i = 0; i < 8; i++) {
    brush.set('spray', random(pal), 0.8);
    const x = random(-260, 260), y = random(-260, 260);
    brush.line(x, y, x + random(-80, 80), y + random(-80, 80));
  }
}
