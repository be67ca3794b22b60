// Rows of red, yellow and pink tulips in a spring field
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f5ea');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fill('#cde3f0', 170);
  brush.rect(-320, -320, 640, 220);
  brush.fill('#8fbf60', 190);
  brush.rect(-320, -100, 640, 420);
  brush.noFill();

  const colors = ['#e63946', '#ffb703', '#ff6fa3', '#c1121f'];
  for (let row = 0; row < 5; row++) {
    const y = -70 + row * row * 14 + row * 30;
    const s = 0.5 + row * 0.3;
    const n = 12 - row * 1;
    for (let i = 0; i < n; i++) {
      const x = map(i, 0, n - 1, -280, 280) + random(-8, 8);
      const h = 60 * s;
      // Stem and leaf
      brush.set('HB', '#2f6b2a', 1.5 * s);
      brush.spline([[x, y + h], [x + random(-4, 4), y + h / 2], [x, y]], 0.5);
      brush.set('2B', '#3f8a34', 1.2 * s);
      brush.spline([[x, y + h], [x + 12 * s, y + h * 0.5], [x + 6 * s, y + h * 0.2]], 0.8);
      // Tulip cup
      brush.noStroke();
      brush.fill(colors[(i + row) % colors.length], 240);
      brush.beginShape(0.3);
      brush.vertex(x - 10 * s, y - 18 * s);
      brush.vertex(x - 4 * s, y - 10 * s);
      brush.vertex(x, y - 20 * s);
      brush.vertex(x + 4 * s, y - 10 * s);
      brush.vertex(x + 10 * s, y - 18 * s);
      brush.vertex(x + 8 * s, y);
      brush.vertex(x - 8 * s, y);
      brush.endShape(true);
      brush.noFill();
    }
  }
}
