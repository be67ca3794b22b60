// A dot mandala: rings of dots growing outward, alternating palette and size, pencil guide circles and a hatched star centre
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#1e1b2e');
  brush.scaleBrushes(3);
  const pal = ['#f2c14e', '#f78154', '#4d9078', '#b4436c', '#5fa8d3', '#f4f1de'];

  // Faint guide circles in white pencil
  brush.set('2H', '#6a6488', 0.7);
  for (let k = 1; k <= 9; k++) brush.circle(0, 0, 28 * k);

  // Rings of dots: count grows with radius, every third ring drawn as rotring rings instead of solid dots
  brush.noStroke();
  for (let k = 2; k <= 10; k++) {
    const R = 28 * k - 14, n = 6 * k, dot = 4 + (k % 3) * 2.5;
    const col = pal[k % pal.length];
    for (let i = 0; i < n; i++) {
      const a = (TWO_PI * i) / n + (k % 2) * PI / n;
      const x = R * cos(a), y = R * sin(a);
      if (k % 3 === 0) {
        brush.set('rotring', col, 1.2);
        brush.noFill();
        brush.circle(x, y, dot);
        brush.noStroke();
      } else {
        brush.wash(col, 235);
        brush.circle(x, y, dot);
        brush.noWash();
      }
    }
  }

  // Centre: an eight-point star, filled and hatched
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const rr = i % 2 ? 14 : 34;
    pts.push([rr * cos(i * PI / 8), rr * sin(i * PI / 8)]);
  }
  brush.set('pen', '#f4f1de', 1);
  brush.fill('#f2c14e', 200);
  brush.polygon(pts);
  brush.noFill();
  brush.hatch(3, QUARTER_PI);
  brush.hatchStyle('pen', '#b4436c', 0.7);
  brush.circle(0, 0, 10);
  brush.noHatch();
}
