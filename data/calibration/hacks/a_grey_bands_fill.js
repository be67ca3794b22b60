// hack class: a tinted grey bands
// Four horizontal textured watercolour fills of violet greys (chroma ~7-8) with a sampler of every primitive top-left.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#b8b3bf');
  brush.scaleBrushes(3);
  const greys = ['#9a95a3', '#857f8c', '#b8b3bf', '#5e5a66'];
  brush.noStroke();
  for (let i = 0; i < greys.length; i++) {
    brush.fill(greys[i], 200);
    brush.fillTexture(0.4, 0.2);
    brush.rect(-300, -300 + i * 150, 600, 150);
    brush.noFill();
  }
  // every primitive once, top-left
  const x = -285, y = -285;
  brush.set('2B', '#2e2b33', 1);
  brush.line(x, y, x + 60, y + 5);
  brush.set('pen', '#2e2b33', 1);
  brush.circle(x + 10, y + 25, 8);
  brush.set('cpencil', '#2e2b33', 1);
  brush.arc(x + 35, y + 25, 8, 0, PI);
  brush.set('HB', '#2e2b33', 1);
  brush.spline([[x, y + 45], [x + 30, y + 38], [x + 60, y + 48]], 0.5);
  brush.field('curved');
  brush.set('pastel', '#2e2b33', 1);
  brush.flowLine(x, y + 60, 60, 0);
  brush.noField();
  brush.set('rotring', '#2e2b33', 1);
  brush.polygon([[x + 70, y], [x + 90, y], [x + 80, y + 18]]);
  brush.set('marker', '#2e2b33', 1);
  brush.beginShape(0.4);
  brush.vertex(x + 70, y + 30); brush.vertex(x + 95, y + 28); brush.vertex(x + 85, y + 45);
  brush.endShape(true);
  brush.set('2H', '#2e2b33', 1);
  brush.beginStroke('segments', x, y + 75);
  brush.move(0, 30, 1);
  brush.endStroke(0, 1);
  brush.noStroke();
  brush.hatch(3, -QUARTER_PI);
  brush.hatchStyle('2B', '#2e2b33', 1);
  brush.rect(x + 70, y + 55, 25, 25);
  brush.noHatch();
}
