// Six watercolour circles on lined notebook paper: blue rules, a red margin line, and a pencilled label line
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbfaf4');
  brush.scaleBrushes(3);

  // Notebook rules and margin
  brush.set('cpencil', '#8fb3d9', 0.8);
  for (let y = -260; y < 300; y += 26) brush.line(-300, y, 300, y);
  brush.set('2B', '#d0413a', 1);
  brush.line(-220, -300, -220, 300);
  // Binder holes
  brush.noStroke();
  brush.wash('#e6e1d3', 255);
  for (const y of [-200, 0, 200]) brush.circle(-265, y, 11);
  brush.noWash();

  // Six watercolour swatches, like a paint test page, each ringed in pencil
  const cols = ['#d62828', '#f77f00', '#fcbf49', '#2a9d8f', '#264653', '#8e5ba8'];
  for (let i = 0; i < 6; i++) {
    const x = -100 + (i % 3) * 150, y = -130 + floor(i / 3) * 200;
    brush.noStroke();
    brush.fill(cols[i], 200);
    brush.fillBleed(0.18, 'out');
    brush.fillTexture(0.5, 0.3);
    brush.circle(x, y, 55);
    brush.noFill();
    brush.set('HB', '#444444', 0.8);
    brush.circle(x + 2, y - 1, 60);
    // a pencilled label line under each
    brush.set('2H', '#555555', 0.8);
    brush.spline([[x - 40, y + 78], [x, y + 74], [x + 40, y + 79]], 0.4);
  }
}
