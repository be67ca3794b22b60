// Ink bamboo: segmented stalks and leaves painted with pressure-varying strokes
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES); // stroke angles below are in degrees, anticlockwise
  background('#f4efe1');
  brush.scaleBrushes(3);

  // Stalks: each node segment is its own stroke with pressure swelling
  const stalks = [[-150, 1.0], [-40, 0.8], [90, 1.1]];
  for (const [x0, k] of stalks) {
    let y = 300;
    let x = x0;
    while (y > -300) {
      const seg = random(70, 110);
      brush.set('marker', '#2f3e2e', 2.6 * k);
      brush.beginStroke('curve', x, y);
      brush.move(90 + random(-3, 3), seg - 6, 1.2);
      brush.endStroke(90, 0.8);
      // node mark
      brush.set('pen', '#1a2419', 1.5);
      brush.line(x - 9 * k, y - seg + 2, x + 9 * k, y - seg);
      y -= seg;
      x += random(-5, 5);
    }
  }

  // Leaves: tapered segments strokes from random nodes
  for (let i = 0; i < 26; i++) {
    const [x0] = random(stalks);
    const y = random(-260, 150), dir = random() < 0.5 ? 1 : -1;
    const ang = dir > 0 ? random(-40, 10) : random(170, 220);
    brush.set(random(['marker', 'pen']), random(['#2f3e2e', '#4a5d3f', '#1a2419']), random(1, 1.8));
    brush.beginStroke('segments', x0, y);
    brush.move(ang, random(40, 60), 1.3);
    brush.move(ang - 10 * dir, random(20, 40), 0.9);
    brush.endStroke(ang - 20 * dir, 0.2);
  }

  // Red seal
  brush.noStroke();
  brush.wash('#b23a48', 240);
  brush.rect(220, 200, 36, 44);
  brush.noWash();
  brush.set('pen', '#f4efe1', 1);
  brush.line(228, 212, 248, 212);
  brush.line(238, 212, 238, 236);
}
