// hack class: f aligned short strokes
// 450 near-vertical strokes (25-80 px, weight 1.5-3, grass-like) growing taller toward the viewer, a pale sky fill above, a few flowLine curls.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#eef3f4');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fill('#bcd4de', 140);
  brush.rect(-300, -300, 600, 240);
  brush.fill('#9fbf8f', 150);
  brush.rect(-300, -60, 600, 360);
  brush.noFill();
  const pal = ['#2d6a4f', '#40916c', '#52b788', '#95d5b2', '#d8a657', '#b5651d', '#e63946'];
  const brushes = ['HB', '2B', 'cpencil', 'pen'];
  for (let i = 0; i < 450; i++) {
    const y = random(-60, 300), x = random(-300, 300);
    const l = map(y, -60, 300, 25, 80);
    brush.set(brushes[i % 4], pal[floor(random(pal.length - (i % 11 ? 2 : 0)))], map(y, -60, 300, 1.5, 3));
    brush.line(x, y, x + random(-12, 12), y - l);
  }
  brush.field('curved');
  for (let i = 0; i < 10; i++) {
    brush.set('charcoal', '#1b4332', 1);
    brush.flowLine(random(-280, 280), random(0, 280), 60, -HALF_PI);
  }
  brush.noField();
}
