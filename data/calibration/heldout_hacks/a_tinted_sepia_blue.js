// hack class: a tinted grey bands
// Tinted greys pushed as far as they go: sepia-grey bands above, blue-grey bands below, soft bleeding fills with charcoal and HB texture, a pale tinted disc on the upper thirds.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#efe9df');
  brush.scaleBrushes(3);
  const bands = ['#d9c7ad', '#c9b092', '#b39b7f', '#9fa8b3', '#8796a6', '#6f8194'];
  brush.noStroke();
  brush.fillTexture(0.55, 0.35);
  brush.fillBleed(0.2, 'out');
  for (let i = 0; i < bands.length; i++) {
    brush.fill(bands[i], 200);
    const y = -300 + i * 100;
    brush.beginShape(0.5);
    brush.vertex(-320, y - 8);
    for (let x = -300; x <= 300; x += 120) brush.vertex(x, y + random(-18, 18));
    brush.vertex(320, y + 110);
    brush.vertex(-320, y + 110);
    brush.endShape(true);
  }
  brush.fillBleed(0.05);
  brush.fill('#eed9b8', 220);
  brush.circle(110, -110, 50);
  brush.noFill();
  brush.field('waves');
  for (let i = 0; i < 60; i++) {
    brush.set(random(['charcoal', 'HB', '2B', 'cpencil']), random(['#5c4d3c', '#3e4a57', '#7a6a58']), random(0.8, 1.5));
    brush.flowLine(random(-300, 260), random(-280, 290), random(60, 160), 0);
  }
  brush.noField();
  brush.hatch(6, 0.25, { rand: 0.2 });
  brush.hatchStyle('2B', '#3e4a57', 0.8);
  brush.rect(-300, 200, 600, 100);
  brush.noHatch();
}
