// hack class: d halftone dot grid
// A 14x14 jittered grid of large watercolour dots over a soft two-tone wash, radius falling off from the upper-left thirds point, hue walking a warm-to-cool ramp.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf7ef');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.3, 0.2);
  brush.fill('#f1dcc4', 150);
  brush.rect(-300, -300, 600, 300);
  brush.fill('#cddde6', 150);
  brush.rect(-300, 0, 600, 300);
  const ramp = ['#6d2e46', '#a26769', '#e07a5f', '#f2cc8f', '#3d5a80', '#98c1d9', '#ee6c4d', '#293241'];
  for (let i = 0; i < 14; i++) {
    for (let j = 0; j < 14; j++) {
      const x = -279 + i * 43 + random(-4, 4), y = -279 + j * 43 + random(-4, 4);
      const d = dist(x, y, -100, -100);
      const r = constrain(22 - d * 0.035, 5, 21);
      brush.fill(ramp[(i + 2 * j) % ramp.length], 230);
      brush.circle(x, y, r);
    }
  }
  brush.noFill();
  brush.set('HB', '#293241', 1);
  for (let i = 0; i < 14; i++) brush.circle(-279 + i * 43, -279 + i * 43, 8);
  brush.set('2B', '#293241', 1.2);
  brush.line(-300, 100, 300, 100);
  brush.set('cpencil', '#ee6c4d', 1.2);
  brush.line(-100, -300, -100, 300);
}
