// hack class: a tinted grey bands
// Seven soft horizontal bands of blue-to-warm greys as textured bleeding fills, pencil grain strokes across each band, a few spray speckles.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#ece8e1');
  brush.scaleBrushes(3);
  const greys = ['#c9cdd2', '#b7bcc2', '#a9aaa8', '#b4aa9c', '#9f968b', '#8d8780', '#7a7672'];
  brush.noStroke();
  brush.fillTexture(0.6, 0.3);
  brush.fillBleed(0.25, 'out');
  for (let i = 0; i < greys.length; i++) {
    brush.fill(greys[i], 190);
    const y = -300 + i * 86;
    brush.beginShape(0.4);
    brush.vertex(-320, y - 10);
    for (let x = -300; x <= 300; x += 100) brush.vertex(x, y + random(-14, 14));
    brush.vertex(320, y + 100);
    brush.vertex(-320, y + 100);
    brush.endShape(true);
  }
  brush.noFill();
  const pens = ['HB', '2B', 'cpencil', 'charcoal'];
  for (let i = 0; i < 160; i++) {
    const y = random(-290, 290), x = random(-300, 260);
    brush.set(pens[i % 4], random(['#5f5a55', '#6d7178', '#8a7f72', '#4a4744']), random(0.6, 1.4));
    brush.line(x, y, x + random(30, 110), y + random(-6, 6));
  }
  for (let i = 0; i < 6; i++) {
    brush.set('spray', '#55514c', 0.6);
    const x = random(-250, 250), y = random(-250, 250);
    brush.line(x, y, x + random(-60, 60), y + random(-30, 30));
  }
  brush.hatch(7, 0.3, { rand: 0.2 });
  brush.hatchStyle('2B', '#6a655f', 1);
  brush.rect(-300, 160, 600, 140);
  brush.noHatch();
}
