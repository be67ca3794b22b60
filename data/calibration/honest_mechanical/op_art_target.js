// Op-art target: black and red concentric rings, inked with a rotring, the red bands hatched, a slight off-centre echo for vibration
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f6f1e6');
  brush.scaleBrushes(3);

  // Alternating ring bands, widest first: black bands washed flat, red bands watercolour-filled and hatched
  const step = 22;
  for (let k = 13; k >= 1; k--) {
    const r = k * step;
    brush.noStroke();
    if (k % 2) {
      brush.wash('#141414', 245);
      brush.circle(0, 0, r);
      brush.noWash();
    } else {
      brush.wash('#c8281e', 245);
      brush.circle(0, 0, r);
      brush.noWash();
      brush.hatch(9, QUARTER_PI);
      brush.hatchStyle('2B', '#8e1a12', 0.6);
      brush.circle(0, 0, r);
      brush.noHatch();
    }
  }

  // Crisp rotring edges on every band
  for (let k = 1; k <= 13; k++) {
    brush.set('rotring', k % 2 ? '#c0281f' : '#141414', 1.2);
    brush.noFill();
    brush.circle(0, 0, k * step);
  }

  // A faint off-centre echo of thin pen rings makes the target shimmer
  brush.set('pen', '#c0281f', 0.6);
  for (let k = 2; k <= 14; k++) brush.circle(10, -8, k * step - 11);

  // Registration ticks at the four compass points, as on a printed target
  brush.set('HB', '#141414', 1.5);
  for (const a of [0, HALF_PI, PI, PI + HALF_PI]) {
    brush.line(290 * cos(a), 290 * sin(a), 300 * cos(a) * 1.02, 300 * sin(a) * 1.02);
  }
}
