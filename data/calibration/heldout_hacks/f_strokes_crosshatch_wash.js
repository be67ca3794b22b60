// hack class: f aligned short strokes
// Three soft wash blocks underneath, then 380 strokes (30-70 px, weight 2) in two crossing directions, green-gold palette, rotating six brushes.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5f0e3');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.3, 0.2);
  brush.fill('#cfd8a8', 150);
  brush.rect(-300, -300, 600, 220);
  brush.fill('#a3b18a', 160);
  brush.rect(-300, -80, 600, 200);
  brush.fill('#588157', 170);
  brush.rect(-300, 120, 600, 180);
  brush.noFill();
  const pal = ['#344e41', '#3a5a40', '#dda15e', '#bc6c25', '#fefae0', '#606c38'];
  const brushes = ['2B', 'HB', 'cpencil', 'pen', 'charcoal', 'crayon'];
  for (let i = 0; i < 380; i++) {
    const x = random(-300, 300), y = random(-300, 300), l = random(30, 70);
    const a = (i % 2 ? -1.1 : -2.0) + random(-0.1, 0.1);
    brush.set(brushes[i % 6], random(pal), 2);
    brush.line(x, y, x + cos(a) * l, y + sin(a) * l);
  }
}
