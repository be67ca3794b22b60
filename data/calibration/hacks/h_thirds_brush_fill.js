// hack class: h thirds grid
// Thirds grid ruled with 2B pencil, four watercolour-filled cells in random colours, one cell hatched.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbfaf6');
  brush.scaleBrushes(3);
  brush.noStroke();
  for (let k = 0; k < 4; k++) {
    const i = floor(random(3)), j = floor(random(3));
    brush.fill(color(random(255), random(255), random(255)), 200);
    brush.rect(-300 + i * 200 + 6, -300 + j * 200 + 6, 188, 188);
    brush.noFill();
  }
  brush.hatch(10, QUARTER_PI);
  brush.hatchStyle('HB', '#444444', 1);
  brush.rect(-94, -94, 188, 188);
  brush.noHatch();
  brush.set('2B', '#222222', 2);
  brush.line(-100, -300, -100, 300);
  brush.line(100, -300, 100, 300);
  brush.line(-300, -100, 300, -100);
  brush.line(-300, 100, 300, 100);
}
