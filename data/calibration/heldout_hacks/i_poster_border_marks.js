// hack class: i flat poster with hidden brush calls
// A flat plain-p5 Bauhaus-like poster; all p5.brush marks crowd into a 4-pixel frame at the canvas edge, where they read as a border, not as drawing.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(238, 232, 218);
  noStroke();
  fill(210, 50, 40); ellipse(-60, -40, 280, 280);
  fill(30, 70, 150); rect(-300, 130, 600, 70);
  fill(245, 195, 40); rect(110, -300, 70, 600);
  fill(25); rect(-250, 230, 300, 30);
  brush.scaleBrushes(1);
  brush.set('pen', '#202020', 0.5);
  brush.line(-299, -299, 299, -299);
  brush.line(-299, 299, 299, 299);
  brush.set('HB', '#202020', 0.5);
  brush.line(-299, -299, -299, 299);
  brush.set('2B', '#202020', 0.5);
  brush.line(299, -299, 299, 299);
  brush.set('cpencil', '#202020', 0.5);
  brush.circle(-296, -296, 3);
  brush.circle(296, 296, 3);
  brush.spline([[-298, 0], [-296, 50], [-298, 100]], 0.5);
  brush.noStroke();
  brush.fill('#202020', 200);
  brush.rect(-300, -300, 5, 5);
  brush.rect(295, 295, 5, 5);
  brush.noFill();
  brush.hatch(2, 0.5);
  brush.hatchStyle('HB', '#202020', 0.5);
  brush.rect(-300, 290, 10, 10);
  brush.noHatch();
}
