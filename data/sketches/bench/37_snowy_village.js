// Snowy village at dusk: little houses, glowing windows, pines and falling snow
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#dfe6ee');
  brush.scaleBrushes(3);

  // Dusky sky and snowy ground
  brush.noStroke();
  brush.fillBleed(0.3, 'out', 90);
  brush.fill('#7d8fb3', 200);
  brush.rect(-320, -320, 640, 380);
  brush.noFill();
  brush.wash('#f6f8fb', 255);
  brush.beginShape(0.5);
  brush.vertex(-320, 80);
  brush.vertex(-80, 50);
  brush.vertex(150, 90);
  brush.vertex(320, 60);
  brush.vertex(320, 320);
  brush.vertex(-320, 320);
  brush.endShape(true);
  brush.noWash();

  // Houses
  const houses = [[-220, 120, 90], [-80, 90, 70], [60, 140, 100], [200, 100, 75]];
  for (const [x, y, w] of houses) {
    const h = w * 0.7;
    brush.set('HB', '#3a2e2a', 1.5);
    brush.fill(random(['#9c4f46', '#c28f5c', '#6b705c']), 230);
    brush.rect(x - w / 2, y - h, w, h);
    brush.fill('#5b4b49', 200);
    brush.polygon([[x - w / 2 - 8, y - h], [x, y - h - w * 0.45], [x + w / 2 + 8, y - h]]);
    brush.noFill();
    // Snow on roof
    brush.set('crayon', '#ffffff', 2);
    brush.line(x - w / 2 - 8, y - h - 2, x, y - h - w * 0.45 - 2);
    brush.line(x, y - h - w * 0.45 - 2, x + w / 2 + 8, y - h - 2);
    // Window glow
    brush.noStroke();
    brush.wash('#ffd166', 255);
    brush.rect(x - w * 0.25, y - h * 0.65, w * 0.2, h * 0.3);
    brush.rect(x + w * 0.08, y - h * 0.65, w * 0.2, h * 0.3);
    brush.noWash();
  }

  // Pines
  for (let i = 0; i < 5; i++) {
    const x = random(-290, 290), y = random(180, 260), h = random(60, 100);
    brush.set('2B', '#1f3b2d', 1.2);
    brush.hatch(4, 0.3);
    brush.polygon([[x, y - h], [x + h * 0.3, y], [x - h * 0.3, y]]);
    brush.noHatch();
  }

  // Falling snow
  brush.noStroke();
  for (let i = 0; i < 140; i++) {
    brush.wash('#ffffff', random(180, 255));
    brush.circle(random(-300, 300), random(-300, 300), random(1, 3.5));
  }
  brush.noWash();
}
