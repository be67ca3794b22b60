// Mathematical rose curves traced in colored pencil over a soft watercolor disc
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f3ed');
  brush.scaleBrushes(3);

  brush.noStroke();
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.6);
  brush.fill('#f4c6d7', 180);
  brush.circle(0, 0, 240);
  brush.noFill();

  const curves = [[5, 230, '#9d174d'], [7, 180, '#be185d'], [4, 120, '#6b21a8']];
  for (const [k, R, col] of curves) {
    const pts = [];
    for (let t = 0; t <= PI * (k % 2 ? 1 : 2) + 0.001; t += 0.04) {
      const r = R * cos(k * t);
      pts.push([r * cos(t), r * sin(t)]);
    }
    brush.set('cpencil', col, 2);
    // split the long path into overlapping chunks for a hand-drawn feel
    for (let i = 0; i < pts.length - 1; i += 12) {
      brush.spline(pts.slice(i, min(i + 14, pts.length)), 0.4);
    }
  }

  brush.set('HB', '#3b0764', 1.5);
  brush.circle(0, 0, 12);
}
