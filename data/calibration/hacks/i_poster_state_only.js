// hack class: i flat poster with hidden brush calls
// A plain-p5 Bauhaus-ish poster (blocks and a disc) plus p5.brush state calls with no shape: set, pick, fill, hatch, wash, field.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(240, 234, 220);
  noStroke();
  fill(200, 40, 40);
  ellipse(-80, -60, 300, 300);
  fill(30, 60, 140);
  rect(-300, 120, 600, 80);
  fill(240, 190, 30);
  rect(120, -300, 80, 600);
  fill(20);
  rect(-300, 240, 600, 60);
  brush.scaleBrushes(3);
  brush.set('charcoal', '#222222', 2);
  brush.pick('pastel');
  brush.stroke('#884422');
  brush.strokeWeight(3);
  brush.fill('#dd4444', 150);
  brush.fillTexture(0.5, 0.2);
  brush.fillBleed(0.2, 'out');
  brush.hatch(6, QUARTER_PI);
  brush.hatchStyle('HB', '#333333', 1);
  brush.wash('#3366aa', 200);
  brush.field('curved');
  brush.noField();
  brush.noHatch();
  brush.noFill();
  brush.noWash();
}
