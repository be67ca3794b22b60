// Cherry blossom branch with pink watercolor flowers on cream paper
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf6ee');
  brush.scaleBrushes(3);
  const blossoms = [];

  function branch(x, y, ang, len, w, depth) {
    if (depth === 0 || len < 12) {
      blossoms.push([x, y]);
      return;
    }
    const x2 = x + cos(ang) * len, y2 = y + sin(ang) * len;
    const mx = (x + x2) / 2 + random(-10, 10), my = (y + y2) / 2 + random(-10, 10);
    brush.set('charcoal', '#3a2a22', w);
    brush.spline([[x, y, 1.2], [mx, my, 1], [x2, y2, 0.7]], 0.5);
    if (depth < 3) blossoms.push([x2, y2]);
    const n = depth > 4 ? 2 : (depth > 1 ? 2 : 3);
    for (let i = 0; i < n; i++) {
      branch(x2, y2, ang + random(-0.7, 0.7), len * random(0.6, 0.8), w * 0.7, depth - 1);
    }
  }
  branch(-310, 240, -0.75, 190, 2.6, 6);

  // Blossoms: soft pink fills with darker centres
  brush.noStroke();
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.5);
  for (const [x, y] of blossoms) {
    if (random() < 0.35) continue;
    brush.fill(random(['#f7c6d0', '#f3a6b8', '#fde2e7']), 190);
    brush.circle(x + random(-8, 8), y + random(-8, 8), random(12, 22), 0.5);
  }
  brush.noFill();
  for (const [x, y] of blossoms) {
    if (random() < 0.5) continue;
    brush.set('pen', '#b0305a', 0.8);
    brush.circle(x, y, 2.5);
  }

  // Falling petals
  brush.set('cpencil', '#e98aa5', 3);
  for (let i = 0; i < 18; i++) {
    const x = random(-280, 280), y = random(-260, 280);
    brush.arc(x, y, random(6, 10), 0, PI);
  }
}
