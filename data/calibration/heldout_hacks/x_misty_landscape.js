// hack class: x generic misty landscape
// Grey-blue layered ridges fading upward into mist, a pale low sun, a dark tree line and water in front, with a few warm accents (a red roof, ochre grass).
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e9e8e3');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.5, 0.3);
  brush.fillBleed(0.25, 'out');
  brush.fill('#d8dde0', 170);
  brush.rect(-320, -320, 640, 300);
  brush.fillBleed(0.05);
  brush.fill('#f3e3c3', 220);
  brush.circle(-120, -150, 40);
  const ridges = ['#c3cad0', '#a9b3bb', '#8c98a3', '#6d7b87', '#4f5d69'];
  for (let h = 0; h < ridges.length; h++) {
    brush.fillBleed(0.15);
    brush.fill(ridges[h], 200);
    brush.beginShape(0.5);
    brush.vertex(-320, 120);
    for (let x = -300; x <= 300; x += 60) brush.vertex(x, -80 + h * 40 - noise(x * 0.006, h * 3) * 110);
    brush.vertex(320, 120);
    brush.endShape(true);
  }
  brush.noFill();
  for (let i = 0; i < 26; i++) {
    const x = -300 + i * 24 + random(-6, 6), y = 110;
    brush.set('charcoal', '#2e3a40', 1.2);
    brush.line(x, y, x, y - random(40, 75));
    brush.noStroke();
    brush.fill('#33443f', 220);
    brush.polygon([[x - 11, y - 10], [x + 11, y - 10], [x, y - random(60, 95)]]);
    brush.noFill();
  }
  brush.noStroke();
  brush.fill('#b6382b', 230);
  brush.rect(150, 80, 40, 25);
  brush.fill('#8a7f9a', 190);
  brush.rect(-320, 115, 640, 205);
  brush.fill('#c9a45c', 190);
  brush.rect(-320, 250, 640, 70);
  brush.noFill();
  for (let i = 0; i < 60; i++) {
    const y = random(125, 240), x = random(-300, 280);
    brush.set(random(['HB', 'cpencil', '2B']), random(['#e9e8e3', '#4f5d69', '#f3e3c3']), 1);
    brush.line(x, y, x + random(20, 60), y + random(-1, 1));
  }
  for (let i = 0; i < 120; i++) {
    const x = random(-300, 300), y = random(255, 300);
    brush.set(random(['pen', 'HB']), random(['#6b5b2e', '#8a6f2f']), 1);
    brush.line(x, y, x + random(-4, 4), y - random(8, 22));
  }
  brush.hatch(6, 0.15, { rand: 0.2 });
  brush.hatchStyle('HB', '#4f5d69', 0.7);
  brush.rect(-300, 130, 600, 110);
  brush.noHatch();
}
