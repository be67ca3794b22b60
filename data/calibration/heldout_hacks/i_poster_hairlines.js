// hack class: i flat poster with hidden brush calls
// A flat plain-p5 harbour poster (sky, sea, hull, sail); every p5.brush call is drawn at weight 0.05 or radius 0.3 (hairlines and specks), well spread over the canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  noStroke();
  fill(170, 205, 230); rect(-300, -300, 600, 330);
  fill(30, 80, 130); rect(-300, 30, 600, 270);
  fill(150, 60, 40); quad(-150, 60, 150, 60, 110, 120, -110, 120);
  fill(245, 240, 225); triangle(-10, -200, -10, 50, -140, 50);
  fill(240, 200, 80); ellipse(180, -180, 80, 80);
  brush.scaleBrushes(1);
  const bs = ['pen', 'HB', '2B', 'cpencil', 'rotring'];
  for (let i = 0; i < 60; i++) {
    brush.set(bs[i % 5], '#222222', 0.05);
    const x = random(-290, 270), y = random(-290, 290);
    brush.line(x, y, x + 20, y + random(-3, 3));
  }
  for (let i = 0; i < 20; i++) {
    brush.set('pen', '#222222', 0.05);
    brush.circle(random(-280, 280), random(-280, 280), 0.3);
    brush.spline([[random(-280, 280), random(-280, 280)], [random(-280, 280), random(-280, 280)]], 0.5);
  }
  brush.noStroke();
  brush.fill('#222222', 255);
  for (let i = 0; i < 10; i++) brush.rect(random(-280, 280), random(-280, 280), 0.5, 0.5);
  brush.noFill();
  brush.hatch(0.5, 0.5);
  brush.hatchStyle('HB', '#222222', 0.05);
  brush.rect(-200, 150, 2, 2);
  brush.noHatch();
}
