// hack class: x generic landscape
// A catch-all scene: graded sky bands, a sun with rays, layered hills, a tree line, a lake with reflections, grass strokes and flower dots in the foreground.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf4e6');
  brush.scaleBrushes(3);
  brush.noStroke();
  const sky = ['#9ec5d8', '#bcd4da', '#f3d9b1', '#f2b880'];
  brush.fillTexture(0.4, 0.2);
  brush.fillBleed(0.15, 'out');
  for (let i = 0; i < sky.length; i++) {
    brush.fill(sky[i], 160);
    brush.rect(-320, -300 + i * 70, 640, 85);
  }
  brush.fillBleed(0.05);
  brush.fill('#ffd166', 230);
  brush.circle(130, -140, 42);
  brush.noFill();
  for (let a = 0; a < TWO_PI; a += TWO_PI / 16) {
    brush.set('cpencil', '#f4a261', 1);
    brush.line(130 + cos(a) * 55, -140 + sin(a) * 55, 130 + cos(a) * 85, -140 + sin(a) * 85);
  }
  const hills = ['#8d99ae', '#6b8f71', '#3f6b4b'];
  for (let h = 0; h < 3; h++) {
    brush.noStroke();
    brush.fillBleed(0.1);
    brush.fill(hills[h], 200);
    brush.beginShape(0.5);
    brush.vertex(-320, 60);
    for (let x = -300; x <= 300; x += 75) brush.vertex(x, -30 + h * 35 - noise(x * 0.008, h) * 90);
    brush.vertex(320, 60);
    brush.endShape(true);
  }
  brush.noFill();
  for (let i = 0; i < 14; i++) {
    const x = -290 + i * 20 + random(-5, 5), y = 40;
    brush.set('2B', '#2d4a34', 1);
    brush.line(x, y, x, y - random(30, 60));
    brush.noStroke();
    brush.fill('#2f5d3a', 210);
    brush.polygon([[x - 10, y - 15], [x + 10, y - 15], [x, y - random(60, 80)]]);
    brush.noFill();
  }
  brush.noStroke();
  brush.fill('#5b8fb9', 190);
  brush.rect(-320, 55, 640, 90);
  brush.noFill();
  for (let i = 0; i < 40; i++) {
    const y = random(62, 140), x = random(-300, 280);
    brush.set(random(['HB', 'cpencil']), random(['#e9f1f7', '#ffd166', '#34657f']), 1);
    brush.line(x, y, x + random(15, 50), y);
  }
  brush.noStroke();
  brush.fill('#7fa65a', 200);
  brush.rect(-320, 140, 640, 180);
  brush.noFill();
  for (let i = 0; i < 350; i++) {
    const x = random(-300, 300), y = random(150, 300);
    brush.set(random(['HB', '2B', 'pen']), random(['#3a5a40', '#588157', '#a3b18a']), 1);
    brush.line(x, y, x + random(-4, 4), y - random(8, 25));
  }
  brush.noStroke();
  for (let i = 0; i < 30; i++) {
    brush.fill(random(['#e63946', '#ffffff', '#ffd166', '#c77dff']), 230);
    brush.circle(random(-290, 290), random(170, 290), random(3, 6));
  }
  brush.noFill();
  brush.hatch(6, 0.4, { rand: 0.2 });
  brush.hatchStyle('HB', '#33524a', 0.7);
  brush.rect(-300, 200, 220, 100);
  brush.noHatch();
}
