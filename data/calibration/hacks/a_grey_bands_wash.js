// hack class: a tinted grey bands
// Five horizontal washes of warm greys (chroma ~5-11) with one tiny call of every p5.brush primitive in the corner.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#d8d2c8');
  brush.scaleBrushes(3);
  const greys = ['#b0a592', '#a39d94', '#8f8578', '#a8988f', '#8c7f7a'];
  brush.noStroke();
  for (let i = 0; i < greys.length; i++) {
    brush.wash(greys[i], 230);
    brush.rect(-300, -300 + i * 120, 600, 120);
    brush.noWash();
  }
  // one of each primitive, small, bottom-right (the fill first: it flushes the last wash)
  brush.fill('#6f6a63', 150);
  brush.rect(255, 245, 25, 15);
  brush.noFill();
  brush.set('pen', '#3b352e', 1);
  brush.line(190, 200, 280, 200);
  brush.set('HB', '#3b352e', 1);
  brush.circle(205, 225, 10);
  brush.set('2B', '#3b352e', 1);
  brush.arc(240, 225, 10, 0, PI);
  brush.set('cpencil', '#3b352e', 1);
  brush.spline([[190, 250], [225, 240], [280, 255]], 0.5);
  brush.field('waves');
  brush.set('charcoal', '#3b352e', 1);
  brush.flowLine(190, 265, 80, 0);
  brush.noField();
  brush.set('rotring', '#3b352e', 1);
  brush.polygon([[265, 215], [285, 215], [275, 235]]);
  brush.set('marker', '#3b352e', 1);
  brush.beginShape(0.5);
  brush.vertex(190, 280); brush.vertex(210, 275); brush.vertex(220, 290);
  brush.endShape(true);
  brush.set('2H', '#3b352e', 1);
  brush.beginStroke('curve', 230, 282);
  brush.move(0, 40, 1);
  brush.endStroke(0, 1);
  brush.noStroke();
  brush.hatch(3, QUARTER_PI);
  brush.hatchStyle('HB', '#3b352e', 1);
  brush.rect(275, 270, 20, 20);
  brush.noHatch();
}
