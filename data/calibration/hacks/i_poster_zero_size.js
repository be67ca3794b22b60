// hack class: i flat poster with hidden brush calls
// A plain-p5 landscape poster (sky, hills, sun) plus 300 p5.brush calls of zero size, zero length or off-canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  translate(-300, -300);
  noStroke();
  fill(150, 200, 235);
  rect(0, 0, 600, 600);
  fill(90, 160, 80);
  ellipse(150, 560, 700, 400);
  fill(60, 120, 60);
  ellipse(480, 600, 600, 350);
  fill(255, 230, 120);
  ellipse(460, 130, 110, 110);
  const brushes = ['2B', 'HB', 'pen', 'charcoal', 'cpencil', 'marker'];
  for (let i = 0; i < 100; i++) {
    brush.set(brushes[i % 6], '#333333', 1);
    brush.circle(0, 0, 0);
    brush.line(100, 100, 100, 100);
    brush.rect(4000 + i, 4000, 20, 20);
  }
}
