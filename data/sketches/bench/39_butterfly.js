// Symmetric butterfly with watercolor wings, ink veins and dotted wing edges
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f6f2e9');
  brush.scaleBrushes(3);

  const upper = [[0, -10], [60, -140], [170, -190], [240, -120], [210, -30], [90, 10]];
  const lower = [[0, 10], [90, 30], [190, 70], [170, 170], [90, 200], [20, 90]];
  const wingCols = [['#f77f00', '#d62828'], ['#fcbf49', '#f77f00']];

  for (const side of [1, -1]) {
    const U = upper.map(([x, y]) => [x * side, y]);
    const Lw = lower.map(([x, y]) => [x * side, y]);
    brush.set('pen', '#1b1b1b', 1.5);
    brush.fillBleed(0.15);
    brush.fillTexture(0.5, 0.7);
    brush.fill(wingCols[0][0], 230);
    brush.beginShape(0.5);
    for (const [x, y] of U) brush.vertex(x, y);
    brush.endShape(true);
    brush.fill(wingCols[1][0], 230);
    brush.beginShape(0.5);
    for (const [x, y] of Lw) brush.vertex(x, y);
    brush.endShape(true);
    brush.noFill();

    // Veins radiating from the body
    brush.set('pen', '#1b1b1b', 1);
    for (const [x, y] of U.slice(1, 5)) brush.spline([[0, 0], [x * 0.5, y * 0.4], [x * 0.9, y * 0.9]], 0.5);
    for (const [x, y] of Lw.slice(1, 5)) brush.spline([[0, 0], [x * 0.5, y * 0.5], [x * 0.9, y * 0.9]], 0.5);

    // White dots along the outer edge
    brush.noStroke();
    brush.wash('#fffdf5', 255);
    for (let k = 0; k < 7; k++) {
      const a = map(k, 0, 6, -1.2, 0.5);
      brush.circle(side * (185 + 40 * cos(a)), -110 + 70 * sin(a), 5);
    }
    brush.noWash();
  }

  // Body and antennae
  brush.set('charcoal', '#111', 3);
  brush.line(0, -60, 0, 140);
  brush.set('pen', '#111', 1.2);
  brush.spline([[0, -60], [-20, -120], [-45, -160]], 0.6);
  brush.spline([[0, -60], [20, -120], [45, -160]], 0.6);
}
