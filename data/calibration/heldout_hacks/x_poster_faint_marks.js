// hack class: x poster with token brush marks
// A flat plain-p5 still-life poster (wall, table, vase, fruit discs); p5.brush fills, hatches and strokes asked at opacity 4-8 over it (fills vanish, strokes show as faint scratches).
function setup() {
  createCanvas(600, 600, WEBGL);
  noStroke();
  fill(224, 210, 180); rect(-300, -300, 600, 420);
  fill(130, 84, 56); rect(-300, 120, 600, 180);
  fill(60, 90, 160); rect(-50, -60, 100, 190);
  fill(200, 40, 40); ellipse(-150, 100, 80, 80);
  fill(230, 190, 60); ellipse(140, 95, 70, 80);
  fill(110, 60, 120); ellipse(-80, 110, 40, 40);
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fill('#000000', 6);
  brush.rect(-280, -280, 560, 380);
  brush.fill('#ffffff', 6);
  brush.circle(0, 200, 120);
  brush.noFill();
  brush.hatch(5, 0.5);
  brush.hatchStyle('HB', color(224, 210, 180, 8), 1);
  brush.rect(-280, 130, 560, 160);
  brush.noHatch();
  for (let i = 0; i < 30; i++) {
    brush.set(['2B', 'HB', 'cpencil'][i % 3], color(0, 0, 0, 6), 1);
    const x = random(-280, 260), y = random(-280, 280);
    brush.line(x, y, x + random(20, 60), y + random(-10, 10));
  }
  brush.set('pen', color(0, 0, 0, 6), 1);
  brush.spline([[-200, -200], [0, -250], [200, -200]], 0.5);
  brush.circle(200, -200, 30);
}
