// Geometric mandala in degrees mode: rotated petal rings, polygons and dotted halos
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  background('#fdf6e9');
  brush.scaleBrushes(3);

  const rings = [
    { n: 8, r: 220, len: 70, col: '#6d2e46' },
    { n: 12, r: 160, len: 55, col: '#a26769' },
    { n: 16, r: 105, len: 40, col: '#d5b9b2' },
  ];
  for (const R of rings) {
    for (let i = 0; i < R.n; i++) {
      push();
      rotate((360 / R.n) * i);
      brush.set('rotring', R.col, 1.4);
      brush.fill(R.col, 170);
      brush.beginShape(0.6);
      brush.vertex(R.r - R.len, 0);
      brush.vertex(R.r - R.len / 2, -R.len * 0.3);
      brush.vertex(R.r, 0);
      brush.vertex(R.r - R.len / 2, R.len * 0.3);
      brush.endShape(true);
      brush.noFill();
      pop();
    }
  }

  // Star polygon in the centre, hatched at 45 degrees
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const rr = i % 2 ? 28 : 60;
    pts.push([rr * cos(i * 22.5), rr * sin(i * 22.5)]);
  }
  brush.set('pen', '#2b2d42', 1.2);
  brush.hatch(4, 45);
  brush.polygon(pts);
  brush.noHatch();

  // Dotted halos and outer circle
  brush.set('pen', '#6d2e46', 1);
  for (let a = 0; a < 360; a += 10) brush.circle(255 * cos(a), 255 * sin(a), 3);
  brush.set('2H', '#2b2d42', 1);
  brush.circle(0, 0, 275);
  brush.arc(0, 0, 130, 0, 180);
}
