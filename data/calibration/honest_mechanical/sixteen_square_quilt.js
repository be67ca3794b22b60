// A quilt of sixteen coloured squares: textured watercolour patches, each with its own hatch or pattern, pen stitches along the seams
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#efe6d2');
  brush.scaleBrushes(3);
  const pal = ['#c8553d', '#f28f3b', '#ffd5c2', '#588b8b', '#2d3047', '#93b7be', '#e0a458', '#9c6644'];
  const n = 4, s = 130, x0 = -n * s / 2;

  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = x0 + i * s, y = x0 + j * s, c = pal[(i * 3 + j * 5) % pal.length];
      brush.noStroke();
      brush.wash(c, 240);
      brush.rect(x + 5, y + 5, s - 10, s - 10);
      brush.noWash();
      brush.fill(c, 130);
      brush.fillTexture(0.7, 0.25);
      brush.fillBleed(0.05);
      brush.rect(x + 5, y + 5, s - 10, s - 10);
      brush.noFill();
      // Each patch gets a fabric pattern
      const p = (i + 2 * j) % 4;
      if (p === 0) {
        brush.hatch(7, QUARTER_PI);
        brush.hatchStyle('HB', '#3a2e28', 0.9);
        brush.rect(x + 12, y + 12, s - 24, s - 24);
        brush.noHatch();
      } else if (p === 1) {
        brush.set('cpencil', '#fdf6e3', 1.2);
        for (let k = 1; k < 4; k++) brush.circle(x + s / 2, y + s / 2, k * 15);
      } else if (p === 2) {
        brush.set('2B', '#3a2e28', 1);
        for (let k = 20; k < s - 10; k += 18) brush.line(x + 10, y + k, x + s - 10, y + k);
      } else {
        brush.set('pen', '#fdf6e3', 1);
        for (let k = 0; k < 12; k++) brush.circle(x + random(20, s - 20), y + random(20, s - 20), 3);
      }
    }
  }

  // Running stitches along every seam
  brush.set('pen', '#2d2015', 1);
  for (let k = 0; k <= n; k++) {
    for (let t = x0; t < -x0; t += 14) {
      brush.line(x0 + k * s, t + 2, x0 + k * s, t + 9);
      brush.line(t + 2, x0 + k * s, t + 9, x0 + k * s);
    }
  }
}
