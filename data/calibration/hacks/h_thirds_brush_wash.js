// hack class: h thirds grid
// Marker lines on the 1/3 and 2/3 lines both ways, with three flat p5.brush wash blocks in grid cells.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4f0e6');
  brush.scaleBrushes(3);
  brush.set('marker', '#111111', 3);
  brush.line(-100, -300, -100, 300);
  brush.noStroke();
  const blocks = [[0, 0, '#c62828'], [2, 1, '#1d4e9e'], [1, 2, '#f2c500']];
  for (const [i, j, c] of blocks) {
    brush.wash(c, 240);
    brush.rect(-300 + i * 200, -300 + j * 200, 200, 200);
    brush.noWash();
  }
  brush.set('marker', '#111111', 3);
  brush.line(100, -300, 100, 300);
  brush.line(-300, -100, 300, -100);
  brush.line(-300, 100, 300, 100);
}
