// Topographic map: noise contour lines with tinted elevation bands
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f3efe2');
  brush.scaleBrushes(3);
  const step = 12, cols = 600 / step + 1;
  const h = (x, y) => noise(x * 0.006 + 3, y * 0.006 + 7);

  // Grid ticks and a compass rose
  brush.set('2H', '#6c757d', 1);
  for (let g = -300; g <= 300; g += 100) {
    brush.line(g, -300, g, -290);
    brush.line(-300, g, -290, g);
  }
  brush.set('pen', '#222', 1.5);
  brush.line(240, -200, 240, -260);
  brush.polygon([[240, -270], [233, -252], [247, -252]]);

  // Marching-squares style contour segments at several levels
  const levels = [0.3, 0.38, 0.46, 0.54, 0.62, 0.7];
  for (const L of levels) {
    brush.set(L === 0.54 ? 'rotring' : 'HB', L > 0.5 ? '#7f4f24' : '#386641', L === 0.54 ? 1.8 : 1.2);
    for (let i = 0; i < cols - 1; i++) {
      for (let j = 0; j < cols - 1; j++) {
        const x = -300 + i * step, y = -300 + j * step;
        const a = h(x, y), b = h(x + step, y), c = h(x + step, y + step), d = h(x, y + step);
        const pts = [];
        if ((a - L) * (b - L) < 0) pts.push([x + step * (L - a) / (b - a), y]);
        if ((b - L) * (c - L) < 0) pts.push([x + step, y + step * (L - b) / (c - b)]);
        if ((d - L) * (c - L) < 0) pts.push([x + step * (L - d) / (c - d), y + step]);
        if ((a - L) * (d - L) < 0) pts.push([x, y + step * (L - a) / (d - a)]);
        if (pts.length >= 2) brush.line(pts[0][0], pts[0][1], pts[1][0], pts[1][1]);
      }
    }
  }

  // Tint the higher ground last with translucent washes over the lines
  brush.noStroke();
  for (let i = 0; i < cols - 1; i++) {
    for (let j = 0; j < cols - 1; j++) {
      const x = -300 + i * step, y = -300 + j * step;
      const v = h(x, y);
      if (v > 0.55) {
        brush.wash(v > 0.68 ? '#b08968' : '#ddb892', 90);
        brush.rect(x, y, step, step);
      }
    }
  }
  brush.noWash();
}
