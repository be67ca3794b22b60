// hack class: e sixteen colour patches
// A 4x4 grid of p5.brush watercolour fills from a fixed palette, every other patch also hatched with HB.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf8f1');
  brush.scaleBrushes(3);
  const pal = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#264653', '#8ab17d', '#b56576', '#6d597a'];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const x = -280 + i * 140, y = -280 + j * 140;
      brush.noStroke();
      brush.fill(pal[(i * 4 + j) % pal.length], 210);
      brush.rect(x, y, 130, 130);
      brush.noFill();
      if ((i + j) % 2) {
        brush.hatch(8, QUARTER_PI);
        brush.hatchStyle('HB', '#333333', 1);
        brush.rect(x, y, 130, 130);
        brush.noHatch();
      }
    }
  }
}
