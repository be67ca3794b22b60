// hack class: b six discs ruled lines
// Six watercolour discs in a 3x2 grid, then 24 horizontal pen lines ruled right across the canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4efe4');
  brush.scaleBrushes(3);
  const cols = ['#d62828', '#f77f00', '#fcbf49', '#2a9d8f', '#264653', '#8e5ba8'];
  brush.noStroke();
  for (let i = 0; i < 6; i++) {
    const x = -190 + (i % 3) * 190, y = -100 + floor(i / 3) * 200;
    brush.fill(cols[i], 180);
    brush.circle(x, y, 80);
    brush.noFill();
  }
  brush.set('pen', '#222222', 1);
  for (let y = -288; y < 300; y += 25) brush.line(-300, y, 300, y);
}
