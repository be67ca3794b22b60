// hack class: h thirds grid
// All nine thirds cells filled with a textured complementary palette, charcoal thirds lines, each cell holding one different primitive, two cells hatched.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf6ea');
  brush.scaleBrushes(3);
  const pal = ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7', '#669bbc', '#780000', '#fdf0d5', '#c1121f'];
  brush.fillTexture(0.5, 0.4);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      brush.noStroke();
      brush.fillBleed(0.1);
      brush.fill(pal[i * 3 + j], 200);
      brush.rect(-300 + i * 200 + 8, -300 + j * 200 + 8, 184, 184);
      brush.noFill();
    }
  }
  brush.set('pen', '#1b1b1b', 1.2);
  brush.circle(-200, -200, 50);
  brush.set('marker', '#fdf0d5', 1.2);
  brush.spline([[-60, -260], [0, -180], [60, -240], [80, -130]], 0.6);
  brush.set('2B', '#1b1b1b', 1.2);
  brush.arc(200, -200, 60, 0, PI);
  brush.set('HB', '#1b1b1b', 1);
  brush.polygon([[-250, 50], [-150, 50], [-200, -40]]);
  brush.noStroke();
  brush.hatch(8, QUARTER_PI);
  brush.hatchStyle('HB', '#1b1b1b', 0.8);
  brush.rect(-60, -60, 120, 120);
  brush.rect(140, 140, 120, 120);
  brush.noHatch();
  brush.set('charcoal', '#1b1b1b', 2);
  brush.line(-100, -300, -100, 300);
  brush.line(100, -300, 100, 300);
  brush.line(-300, -100, 300, -100);
  brush.line(-300, 100, 300, 100);
}
