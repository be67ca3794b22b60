// hack class: g concentric rings
// Ten p5.brush wash discs, largest first, alternating teal and coral, off-centre at upper left, with pen outlines.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fdf9f0');
  brush.scaleBrushes(3);
  for (let k = 10; k > 0; k--) {
    brush.noStroke();
    brush.wash(k % 2 ? '#1f7f7f' : '#f08070', 240);
    brush.circle(-60, -60, k * 38);
    brush.noWash();
    brush.set('pen', '#222222', 1);
    brush.noFill();
    brush.circle(-60, -60, k * 38);
  }
}
