// hack class: x generic night scene
// A catch-all nocturne: deep blue graded sky with swirls, a moon, star dots, dark hills, a row of houses with lit windows, pines and water below.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#1b2a49');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.5, 0.3);
  const sky = ['#22335e', '#2c4373', '#3b5a8c', '#5a6fa0'];
  for (let i = 0; i < 4; i++) {
    brush.fill(sky[i], 200);
    brush.rect(-320, -300 + i * 80, 640, 95);
  }
  brush.noFill();
  brush.field('spiral');
  for (let i = 0; i < 40; i++) {
    brush.set(random(['cpencil', 'HB', 'crayon']), random(['#9bb1d4', '#c9d6ea', '#f2e8a0']), 1.2);
    brush.flowLine(random(-300, 300), random(-300, -40), random(60, 140), 0);
  }
  brush.noField();
  brush.noStroke();
  brush.fillBleed(0.05);
  brush.fill('#f6e7a6', 240);
  brush.circle(170, -190, 38);
  for (let i = 0; i < 45; i++) {
    brush.fill('#fff6cc', 230);
    brush.circle(random(-290, 290), random(-290, -30), random(1.5, 4));
  }
  brush.fill('#16233d', 230);
  brush.beginShape(0.5);
  brush.vertex(-320, 60);
  for (let x = -300; x <= 300; x += 60) brush.vertex(x, -10 - noise(x * 0.01) * 60);
  brush.vertex(320, 60);
  brush.endShape(true);
  brush.noFill();
  for (let i = 0; i < 7; i++) {
    const x = -270 + i * 80, w = random(45, 65), h = random(45, 75), y = 90;
    brush.set('pen', '#0c1222', 1);
    brush.fill(random(['#3c3552', '#4b3f5e', '#2f3a52']), 230);
    brush.rect(x, y - h, w, h);
    brush.fill('#2a2238', 230);
    brush.polygon([[x - 5, y - h], [x + w + 5, y - h], [x + w / 2, y - h - 28]]);
    brush.noFill();
    brush.noStroke();
    brush.fill('#ffc857', 240);
    brush.rect(x + 8, y - h + 12, 10, 12);
    brush.rect(x + w - 18, y - h + 12, 10, 12);
    brush.noFill();
  }
  for (let i = 0; i < 9; i++) {
    const x = random(-300, 300), y = random(110, 160);
    brush.noStroke();
    brush.fill('#14301f', 230);
    brush.polygon([[x - 16, y], [x + 16, y], [x, y - random(60, 90)]]);
    brush.noFill();
  }
  brush.fill('#20365c', 210);
  brush.rect(-320, 160, 640, 160);
  brush.noFill();
  for (let i = 0; i < 60; i++) {
    const y = random(170, 300), x = random(-300, 280);
    brush.set(random(['HB', '2B']), random(['#ffc857', '#5a6fa0', '#0c1222']), 1);
    brush.line(x, y, x + random(15, 45), y);
  }
  brush.hatch(6, 0.2);
  brush.hatchStyle('charcoal', '#0c1222', 0.8);
  brush.rect(-300, 240, 600, 60);
  brush.noHatch();
}
