// hack class: b six discs ruled lines
// Six bleeding watercolour discs in a warm analogous palette at random spots, ruled cpencil graph lines and a diagonal hatch over the lower third.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf6ec');
  brush.scaleBrushes(3);
  const cols = ['#e07a5f', '#f2cc8f', '#81b29a', '#3d405b', '#f4a261', '#e9c46a'];
  brush.noStroke();
  brush.fillBleed(0.2, 'out');
  brush.fillTexture(0.4, 0.3);
  for (let i = 0; i < 6; i++) {
    brush.fill(cols[i], 200);
    brush.circle(random(-200, 200), random(-200, 200), random(55, 110));
  }
  brush.noFill();
  for (let x = -270; x < 300; x += 45) {
    brush.set('cpencil', '#6b705c', 1);
    brush.line(x, -300, x + random(-6, 6), 300);
  }
  for (let y = -270; y < 300; y += 45) {
    brush.set('HB', '#6b705c', 1);
    brush.line(-300, y, 300, y + random(-6, 6));
  }
  brush.hatch(9, QUARTER_PI, { rand: 0.1 });
  brush.hatchStyle('2B', '#3d405b', 0.8);
  brush.rect(-300, 100, 600, 200);
  brush.noHatch();
}
