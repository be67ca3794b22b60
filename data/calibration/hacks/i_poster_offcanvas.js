// hack class: i flat poster with hidden brush calls
// A plain-p5 sunset poster (sky rect, sun ellipse, sea rect) plus p5.brush calls of every primitive far off the canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  noStroke();
  fill(250, 170, 90);
  rect(-300, -300, 600, 360);
  fill(245, 215, 80);
  ellipse(0, 40, 220, 220);
  fill(40, 90, 150);
  rect(-300, 60, 600, 240);
  fill(25, 60, 110);
  rect(-300, 180, 600, 120);
  brush.set('2B', '#333333', 2);
  brush.circle(5000, 5000, 10);
  brush.line(6000, 6000, 6100, 6000);
  brush.rect(-7000, 7000, 50, 50);
  brush.arc(8000, -8000, 20, 0, PI);
  brush.spline([[9000, 9000], [9050, 9020], [9100, 9000]], 0.5);
  brush.polygon([[5000, -5000], [5050, -5000], [5020, -4950]]);
  brush.field('waves');
  brush.flowLine(-6000, -6000, 100, 0);
  brush.noField();
  brush.hatch(5, QUARTER_PI);
  brush.rect(7000, 7000, 60, 60);
  brush.noHatch();
}
