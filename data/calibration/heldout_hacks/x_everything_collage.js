// hack class: x kitchen-sink collage
// One picture with a bit of every bench subject: sun and rings top-left, hills and a tree, flowers, a hatched sphere, a grid corner and flow ribbons.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f1e3');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.4, 0.3);
  brush.fill('#a8c5da', 160);
  brush.rect(-320, -320, 640, 330);
  brush.noFill();
  for (let k = 6; k > 0; k--) {
    brush.fill(k % 2 ? '#f4a261' : '#ffd166', 200);
    brush.circle(-150, -160, k * 18);
  }
  brush.noFill();
  brush.fill('#6a994e', 200);
  brush.beginShape(0.5);
  brush.vertex(-320, 10);
  for (let x = -300; x <= 300; x += 100) brush.vertex(x, -40 - noise(x * 0.01) * 70);
  brush.vertex(320, 10);
  brush.endShape(true);
  brush.fill('#bc6c25', 210);
  brush.rect(-320, 10, 640, 310);
  brush.noFill();
  brush.set('charcoal', '#3b2a1a', 3);
  brush.line(170, 10, 170, -110);
  brush.noStroke();
  for (let i = 0; i < 12; i++) {
    brush.fill(random(['#d62828', '#f77f00', '#fcbf49']), 200);
    brush.circle(170 + random(-50, 50), -130 + random(-40, 30), random(10, 22));
  }
  brush.noFill();
  brush.field('curved');
  for (let i = 0; i < 60; i++) {
    brush.set(random(['pen', 'marker', 'cpencil']), random(['#264653', '#2a9d8f', '#e9c46a', '#e76f51']), 1.3);
    brush.flowLine(random(-300, 300), random(30, 290), random(60, 160), 0);
  }
  brush.noField();
  brush.set('2B', '#2b2b2b', 1.2);
  brush.fill('#dfe7ea', 220);
  brush.circle(-150, 170, 70);
  brush.noFill();
  brush.noStroke();
  brush.hatch(5, -0.6, { rand: 0.1 });
  brush.hatchStyle('HB', '#2b2b2b', 0.9);
  brush.circle(-130, 190, 45);
  brush.noHatch();
  brush.fill('#d62828', 220);
  brush.rect(150, 150, 70, 70);
  brush.fill('#1d3557', 220);
  brush.rect(220, 220, 70, 70);
  brush.fill('#fcbf49', 220);
  brush.rect(150, 220, 70, 70);
  brush.noFill();
  brush.set('rotring', '#111', 2);
  brush.line(150, 150, 150, 300); brush.line(220, 150, 220, 300); brush.line(150, 220, 300, 220);
  for (let i = 0; i < 10; i++) {
    const x = random(-300, -20), y = random(30, 110);
    brush.set('pen', '#386641', 1);
    brush.line(x, y, x, y - 25);
    brush.noStroke();
    brush.fill(random(['#ffffff', '#f4a6c1', '#9b5de5']), 230);
    brush.circle(x, y - 28, 6);
    brush.noFill();
  }
}
