// hack class: a tinted grey bands
// Vertical bands of cool grey washes (plain p5 underlay) with charcoal flow lines and HB circles scattered through the mist.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e4e6e8');
  noStroke();
  const greys = [[206, 210, 214], [190, 195, 200], [176, 181, 186], [196, 199, 201], [168, 172, 178], [150, 156, 162]];
  for (let i = 0; i < greys.length; i++) {
    fill(greys[i][0], greys[i][1], greys[i][2]);
    rect(-300 + i * 100, -300, 100, 600);
  }
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.5, 0.4);
  brush.fill('#9aa3ab', 120);
  brush.rect(-300, 60, 600, 240);
  brush.noFill();
  brush.field('curved');
  for (let i = 0; i < 70; i++) {
    brush.set(random(['charcoal', '2B', 'HB']), random(['#3d4247', '#5b6167', '#777d83']), random(0.8, 1.6));
    brush.flowLine(random(-300, 280), random(-300, 300), random(60, 180), random(-0.3, 0.3) - HALF_PI);
  }
  brush.noField();
  for (let i = 0; i < 18; i++) {
    brush.set('HB', '#4e5358', 1);
    brush.circle(random(-260, 260), random(-260, 260), random(6, 30));
  }
  brush.hatch(6, 1.2, { rand: 0.2 });
  brush.hatchStyle('charcoal', '#55595e', 1);
  brush.rect(-300, 180, 600, 120);
  brush.noHatch();
}
