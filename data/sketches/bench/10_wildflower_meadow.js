// Wildflower meadow: hundreds of grass strokes with scattered poppies and daisies
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#eef2f4');
  brush.scaleBrushes(3);

  // Sky and far field
  brush.noStroke();
  brush.fillBleed(0.2);
  brush.fill('#b9d6ea', 170);
  brush.rect(-320, -320, 640, 260);
  brush.fill('#a8c27a', 200);
  brush.rect(-320, -80, 640, 400);
  brush.noFill();

  // Grass: many short upward strokes, denser and taller at the bottom
  brush.field('hand');
  const greens = ['#4c7a2f', '#6b9a3b', '#2f5a22', '#93b65a'];
  for (let i = 0; i < 420; i++) {
    const y = random(-70, 320);
    const len = map(y, -70, 320, 8, 70) * random(0.6, 1.2);
    brush.set(random(['HB', '2B', 'cpencil']), random(greens), map(y, -70, 320, 0.8, 2.2));
    const x = random(-310, 310);
    brush.line(x, y, x + random(-len / 4, len / 4), y - len);
  }
  brush.noField();

  // Poppies and daisies
  brush.noStroke();
  for (let i = 0; i < 45; i++) {
    const y = random(-40, 300);
    const r = map(y, -40, 300, 3, 13);
    const x = random(-300, 300);
    if (random() < 0.6) {
      brush.fill('#d62828', 220);
      brush.circle(x, y, r, 0.6);
    } else {
      brush.wash('#fbfbf5', 240);
      brush.circle(x, y, r * 0.9);
      brush.noWash();
      brush.wash('#f2b705', 255);
      brush.circle(x, y, r * 0.3);
      brush.noWash();
    }
  }
  brush.noFill();
}
