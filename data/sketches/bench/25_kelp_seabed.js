// Underwater kelp forest: swaying seabed-field kelp, fish and rising bubbles
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#0e4d64');
  brush.scaleBrushes(3);

  // Light falling from the surface
  brush.noStroke();
  brush.fillBleed(0.4, 'out', 90);
  brush.fill('#5fb3c9', 150);
  brush.rect(-320, -320, 640, 260);
  brush.noFill();

  // Kelp: long upward flow lines through the 'seabed' field
  brush.field('seabed');
  for (let i = 0; i < 60; i++) {
    const x = random(-300, 300);
    brush.set(random(['2B', 'crayon', 'charcoal']), random(['#2d6a4f', '#40916c', '#1b4332', '#74c69d']), random(1, 2));
    brush.flowLine(x, 300, random(250, 500), HALF_PI);
  }
  brush.noField();

  // Fish with hatched bodies
  for (let i = 0; i < 7; i++) {
    const x = random(-240, 240), y = random(-220, 150), s = random(12, 22);
    const dir = random() < 0.5 ? -1 : 1;
    brush.set('pen', '#fdf0d5', 1);
    brush.hatch(3, 0.4);
    brush.hatchStyle('pen', '#ffb703', 1);
    brush.beginShape(0.7);
    brush.vertex(x - s * dir, y);
    brush.vertex(x, y - s * 0.5);
    brush.vertex(x + s * dir, y);
    brush.vertex(x, y + s * 0.5);
    brush.endShape(true);
    brush.noHatch();
    brush.polygon([[x + s * dir, y], [x + s * 1.6 * dir, y - s * 0.4], [x + s * 1.6 * dir, y + s * 0.4]]);
  }

  // Bubbles
  brush.set('2H', '#cdeff7', 1.5);
  for (let i = 0; i < 30; i++) {
    const x = random(-280, 280), y = random(-280, 260);
    brush.circle(x, y, random(2, 7));
  }
  // Sandy floor
  brush.noStroke();
  brush.fill('#c2a878', 200);
  brush.beginShape(0.6);
  brush.vertex(-320, 270);
  brush.vertex(-100, 250);
  brush.vertex(150, 275);
  brush.vertex(320, 255);
  brush.vertex(320, 320);
  brush.vertex(-320, 320);
  brush.endShape(true);
}
