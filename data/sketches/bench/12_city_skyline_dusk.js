// City skyline at dusk: hatched towers with lit windows against a violet sky
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f3e9e2');
  brush.scaleBrushes(3);

  // Sky gradient with two washes of watercolor
  brush.noStroke();
  brush.fillBleed(0.3, 'out', 90);
  brush.fill('#f2a07b', 180);
  brush.rect(-320, -60, 640, 200);
  brush.fill('#6a4c93', 200);
  brush.rect(-320, -320, 640, 280);
  brush.noFill();

  // A few thin cloud streaks in pencil
  brush.set('2H', '#fbe3d6', 2);
  for (let i = 0; i < 8; i++) {
    const y = random(-250, -80), x = random(-300, 150);
    brush.line(x, y, x + random(80, 180), y + random(-4, 4));
  }

  // Towers
  let x = -300;
  while (x < 300) {
    const w = random(40, 85), h = random(120, 380);
    const top = 260 - h;
    brush.wash('#2b2d42', 245);
    brush.noStroke();
    brush.rect(x, top, w, h + 60);
    brush.noWash();
    brush.set('2H', '#8d99ae', 1);
    brush.hatch(4, HALF_PI, { rand: 0.1 });
    brush.rect(x, top, w, h + 60);
    brush.noHatch();
    // Windows
    for (let wy = top + 12; wy < 250; wy += 18) {
      for (let wx = x + 8; wx < x + w - 10; wx += 14) {
        if (random() < 0.45) {
          brush.wash(random(['#ffd166', '#fcbf49', '#fff3b0']), 255);
          brush.noStroke();
          brush.rect(wx, wy, 6, 8);
          brush.noWash();
        }
      }
    }
    x += w + random(2, 10);
  }
  // Street
  brush.set('marker', '#14151f', 3);
  brush.line(-300, 285, 300, 285);
}
