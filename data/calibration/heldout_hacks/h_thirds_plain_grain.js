// hack class: h thirds grid
// Plain-p5 cells on the thirds (two large, three small) in warm tones, p5.brush 2B thirds lines, pencil grain strokes over every cell, a wash disc on a thirds point, two hatched cells, a cpencil spline and arc.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(246, 240, 228);
  noStroke();
  fill(214, 112, 72); rect(-300, -300, 400, 200);
  fill(72, 98, 120); rect(100, -300, 200, 400);
  fill(232, 196, 118); rect(-300, -100, 200, 200);
  fill(138, 154, 91); rect(-300, 100, 600, 200);
  fill(190, 170, 150); rect(-100, -100, 200, 200);
  brush.scaleBrushes(3);
  for (let i = 0; i < 300; i++) {
    const x = random(-300, 290), y = random(-300, 290);
    brush.set(random(['2B', 'HB', 'cpencil']), random(['#3b2f2f', '#fff8e7', '#5c4033']), 0.8);
    brush.line(x, y, x + random(6, 18), y + random(-3, 3));
  }
  brush.noStroke();
  brush.fill('#f2d479', 210);
  brush.circle(100, -100, 55);
  brush.noFill();
  brush.hatch(7, 0.5, { rand: 0.15 });
  brush.hatchStyle('HB', '#3b2f2f', 0.8);
  brush.rect(-290, 110, 180, 180);
  brush.rect(110, -290, 180, 180);
  brush.noHatch();
  brush.set('cpencil', '#3b2f2f', 1);
  brush.spline([[-280, 200], [-150, 160], [0, 230], [150, 170], [280, 210]], 0.6);
  brush.arc(100, -100, 80, 0, PI);
  brush.set('2B', '#222222', 2);
  brush.line(-100, -300, -100, 300);
  brush.line(100, -300, 100, 300);
  brush.line(-300, -100, 300, -100);
  brush.line(-300, 100, 300, 100);
}
