// Provence lavender field in perspective with a lone farmhouse and cypress
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf4e6');
  brush.scaleBrushes(3);
  const hy = -60, vx = 40;

  // Sky and distant hills
  brush.noStroke();
  brush.fill('#f6d6ad', 180);
  brush.rect(-320, -320, 640, 260);
  brush.fill('#a3b18a', 200);
  brush.rect(-320, hy - 20, 640, 40);
  // Field base tone
  brush.fill('#a58fc9', 200);
  brush.polygon([[-320, hy], [320, hy], [320, 320], [-320, 320]]);
  brush.noFill();

  // Lavender rows converge to a vanishing point; spray + short strokes
  for (let k = -9; k <= 9; k++) {
    const bx = vx + k * 90;
    for (let t = 0.05; t < 1; t += 0.04) {
      const y = lerp(hy, 320, t * t);
      const x = lerp(vx, bx, t * t);
      const sz = lerp(2, 22, t * t);
      brush.set(random() < 0.3 ? 'spray' : 'crayon', random(['#6a4c9c', '#8e6cc0', '#4b2e7a']), sz / 12);
      brush.line(x - sz, y, x + sz, y - sz * 0.5);
    }
  }
  // Green furrows between rows
  for (let k = -9; k <= 9; k++) {
    brush.set('2B', '#5c7a3a', 1.2);
    brush.line(vx, hy, vx + (k + 0.5) * 90, 320);
  }

  // Farmhouse and cypress on the horizon
  brush.set('HB', '#5b4636', 1);
  brush.wash('#e9c9a0', 255);
  brush.rect(-160, hy - 30, 50, 26);
  brush.wash('#b5533c', 255);
  brush.polygon([[-165, hy - 30], [-135, hy - 46], [-105, hy - 30]]);
  brush.noWash();
  brush.set('charcoal', '#213a26', 2.5);
  brush.line(-90, hy - 2, -90, hy - 60);
  brush.line(-84, hy - 2, -86, hy - 50);
}
