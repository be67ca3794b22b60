// Zen garden: raked sand lines curving around three mossy stones
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e6dfcf');
  brush.scaleBrushes(3);

  const stones = [[-120, -80, 55], [140, 40, 40], [-20, 170, 30]];

  // Straight raked lines, skipping the stones' ripple zones
  brush.set('2H', '#9c8f76', 1.6);
  for (let y = -290; y <= 290; y += 10) {
    let x = -300, drawing = false, start = -300;
    for (; x <= 300; x += 5) {
      const inside = stones.some(([sx, sy, r]) => dist(x, y, sx, sy) < r + 70);
      if (!inside && !drawing) { start = x; drawing = true; }
      if ((inside || x >= 300) && drawing) { brush.line(start, y, x, y); drawing = false; }
    }
  }

  // Concentric ripples around each stone
  for (const [sx, sy, r] of stones) {
    for (let k = 1; k <= 7; k++) {
      brush.set('2H', '#9c8f76', 1.6);
      brush.circle(sx, sy, r + k * 10);
    }
  }

  // Stones with mossy tops
  brush.set('charcoal', '#2d2a26', 1);
  for (const [sx, sy, r] of stones) {
    brush.fill('#6d6a63', 230);
    brush.fillTexture(0.6, 0.4);
    brush.circle(sx, sy, r, 0.8);
    brush.noStroke();
    brush.fill('#5c7a3a', 180);
    brush.circle(sx - r * 0.2, sy - r * 0.3, r * 0.55, 1);
    brush.set('charcoal', '#2d2a26', 1);
  }
  brush.noFill();
}
