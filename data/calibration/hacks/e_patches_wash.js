// hack class: e sixteen colour patches
// A 4x4 grid of flat p5.brush washes in sixteen random colours with thin gutters.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5f1e8');
  brush.scaleBrushes(3);
  brush.noStroke();
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      brush.wash(color(random(255), random(255), random(255)), 240);
      brush.rect(-295 + i * 148, -295 + j * 148, 140, 140);
      brush.noWash();
    }
  }
}
