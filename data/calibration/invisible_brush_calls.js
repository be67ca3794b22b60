// Hack: hundreds of p5.brush calls of zero size or far off the canvas.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(251, 246, 238);
  brush.set('charcoal', '#3a2a22', 1);
  for (let i = 0; i < 150; i++) {
    brush.circle(0, 0, 0);
    brush.line(5000 + i, 5000, 5001 + i, 5000);
  }
  brush.pick('pastel');
  for (let i = 0; i < 100; i++) {
    brush.rect(-9000, -9000 - i, 4, 4);
    brush.spline([[8000, 8000, 1], [8001, 8000 + i, 1]], 0.5);
  }
  for (let i = 0; i < 50; i++) brush.line(0, 0, 0, 0);
}
