// Confetti: scattered coloured paper triangles tumbling across white paper, each cut and shaded by hand
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fdfcf8');
  brush.scaleBrushes(3);
  const pal = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c', '#f78c6b'];

  for (let i = 0; i < 70; i++) {
    const x = random(-270, 270), y = random(-270, 270), s = random(14, 34), a = random(TWO_PI);
    const c = random(pal);
    const pts = [0, 1, 2].map((k) => [x + s * cos(a + k * 2.09 + random(-0.3, 0.3)), y + s * sin(a + k * 2.09 + random(-0.3, 0.3))]);
    // a soft cast shadow, offset down-right
    brush.noStroke();
    brush.wash('#d9d4c7', 160);
    brush.polygon(pts.map(([px, py]) => [px + 4, py + 5]));
    brush.noWash();
    // the paper piece
    brush.wash(c, 235);
    brush.polygon(pts);
    brush.noWash();
    // half the pieces are turned over, showing a hatched back
    if (i % 2) {
      brush.hatch(3.5, a);
      brush.hatchStyle('cpencil', '#333333', 0.6);
      brush.polygon(pts);
      brush.noHatch();
    }
    brush.set(i % 3 ? 'HB' : 'pen', '#333333', 0.7);
    brush.polygon(pts);
  }
}
