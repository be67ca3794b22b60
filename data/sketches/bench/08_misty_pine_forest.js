// Misty pine forest: rows of hatched triangular pines fading into fog
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e8ebe6');
  brush.scaleBrushes(3);

  const rows = [
    { y: -40, h: 120, col: '#a7b5ad', n: 14 },
    { y: 60, h: 170, col: '#6f8a7c', n: 10 },
    { y: 180, h: 230, col: '#2f4a3c', n: 7 },
  ];
  for (const R of rows) {
    // Fog bank between rows
    brush.noStroke();
    brush.fillBleed(0.3, 'out');
    brush.fill('#f2f4f0', 200);
    brush.rect(-320, R.y - 40, 640, 60);
    brush.noFill();

    for (let i = 0; i < R.n; i++) {
      const x = map(i, 0, R.n - 1, -290, 290) + random(-15, 15);
      const h = R.h * random(0.8, 1.2);
      const w = h * 0.32;
      brush.noStroke();
      brush.fillBleed(0.05);
      brush.fill(R.col, 220);
      brush.polygon([[x, R.y - h], [x + w, R.y], [x - w, R.y]]);
      brush.noFill();
      brush.set('2B', R.col, 1);
      brush.hatch(5, random(-0.3, 0.3), { rand: 0.2 });
      brush.hatchStyle('2B', '#1e3128', 0.8);
      brush.polygon([[x, R.y - h], [x + w, R.y], [x - w, R.y]]);
      brush.noHatch();
      brush.set('charcoal', '#3b2a20', 1);
      brush.line(x, R.y, x, R.y + h * 0.1);
    }
  }
  // Ground
  brush.noStroke();
  brush.fill('#2b3a2f', 200);
  brush.rect(-320, 230, 640, 100);
  brush.noFill();
}
