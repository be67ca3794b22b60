// hack class: j copied bench painting
// The bench painting 01_stormy_sea.js (a stormy sea) copied verbatim: the same picture submitted for every prompt.
// Stormy sea: churning charcoal waves under a heavy grey watercolor sky
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e9e4d8');
  brush.scaleBrushes(3);

  // Brooding sky: layered grey washes with soft bleed
  brush.noStroke();
  brush.fillBleed(0.25, 'out');
  brush.fillTexture(0.5, 0.3);
  brush.fill('#5b6470', 170);
  brush.rect(-320, -320, 640, 300);
  brush.fill('#2f3640', 120);
  brush.beginShape(0.6);
  brush.vertex(-320, -320);
  brush.vertex(320, -320);
  brush.vertex(320, -150);
  brush.vertex(80, -200);
  brush.vertex(-150, -130);
  brush.vertex(-320, -180);
  brush.endShape(true);
  brush.noFill();

  // Sea body
  brush.fill('#1f3b4d', 200);
  brush.rect(-320, -40, 640, 360);
  brush.noFill();

  // Waves following the built-in "waves" field
  brush.field('waves');
  for (let i = 0; i < 140; i++) {
    const y = random(-40, 300);
    const x = random(-340, 260);
    const depth = map(y, -40, 300, 0.6, 1.6);
    brush.set(random() < 0.6 ? 'charcoal' : '2B', random(['#0d1b24', '#27465a', '#3d6073']), depth);
    brush.flowLine(x, y, random(60, 180) * depth, 0);
  }

  // White foam crests
  for (let i = 0; i < 60; i++) {
    brush.set('spray', '#f4f1ea', random(0.4, 0.9));
    const y = random(-30, 280);
    brush.flowLine(random(-320, 240), y, random(30, 90), 0);
  }
  brush.noField();

  // A distant flash of light on the horizon
  brush.set('pastel', '#d8dee3', 1.2);
  brush.line(-300, -38, 300, -42);
}
