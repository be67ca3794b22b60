// Autumn oak: recursive charcoal branches crowned with red and ochre leaf dabs
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f3ead8');
  brush.scaleBrushes(3);

  // Ground and sky washes
  brush.noStroke();
  brush.fillBleed(0.25);
  brush.fill('#f0c9a0', 150);
  brush.rect(-320, -320, 640, 500);
  brush.fill('#8a7a4a', 200);
  brush.rect(-320, 200, 640, 120);
  brush.noFill();

  const tips = [];
  function limb(x, y, a, len, w) {
    const x2 = x + len * cos(a), y2 = y + len * sin(a);
    brush.set('charcoal', '#3b2416', w);
    brush.line(x, y, x2, y2);
    if (len < 22) { tips.push([x2, y2]); return; }
    limb(x2, y2, a - random(0.2, 0.55), len * random(0.68, 0.8), w * 0.72);
    limb(x2, y2, a + random(0.2, 0.55), len * random(0.68, 0.8), w * 0.72);
  }
  limb(0, 240, -HALF_PI, 135, 5);

  // Leaves: spray bursts and small fills
  const leafCols = ['#c1440e', '#e1a140', '#8f2d1a', '#d9822b', '#6e7f3a'];
  for (const [x, y] of tips) {
    brush.set('spray', random(leafCols), random(0.6, 1.2));
    brush.line(x - 6, y - 4, x + 6, y + 4);
  }
  brush.noStroke();
  for (let i = 0; i < 110; i++) {
    const [x, y] = random(tips);
    brush.fill(random(leafCols), 220);
    brush.circle(x + random(-18, 18), y + random(-18, 18), random(7, 14), 1);
  }
  // Fallen leaves on the ground
  for (let i = 0; i < 25; i++) {
    brush.fill(random(leafCols), 220);
    brush.circle(random(-280, 280), random(210, 290), random(3, 6), 1);
  }
  brush.noFill();
}
