// hack class: x flow ribbons
// 450 flowLines through the built-in "seabed" and "waves" fields over a two-tone ground, six brushes, a saturated but harmonious palette.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f3ede0');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.4, 0.3);
  brush.fill('#e8d8c3', 170);
  brush.rect(-320, -320, 640, 320);
  brush.fill('#cfe0e3', 170);
  brush.rect(-320, 0, 640, 320);
  brush.noFill();
  const pal = ['#003049', '#d62828', '#f77f00', '#fcbf49', '#2a9d8f', '#6d597a'];
  const pens = ['pen', 'HB', 'cpencil', 'marker', '2B', 'crayon'];
  brush.field('seabed');
  for (let i = 0; i < 230; i++) {
    const k = i % 6;
    brush.set(pens[k], random(pal), pens[k] == 'marker' ? 0.5 : random(1, 2.2));
    brush.flowLine(random(-300, 300), random(-300, 0), random(50, 200), 0);
  }
  brush.field('waves');
  for (let i = 0; i < 220; i++) {
    const k = i % 6;
    brush.set(pens[k], random(pal), pens[k] == 'marker' ? 0.5 : random(1, 2.2));
    brush.flowLine(random(-300, 300), random(0, 300), random(50, 200), 0);
  }
  brush.noField();
  brush.noStroke();
  brush.hatch(8, 0.7);
  brush.hatchStyle('HB', '#003049', 0.8);
  brush.circle(140, -140, 50);
  brush.noHatch();
}
