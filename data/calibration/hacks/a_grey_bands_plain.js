// hack class: a tinted grey bands
// Six plain-p5 horizontal bands of blue-green greys (chroma ~4-6), then one tiny p5.brush call of every primitive in the middle.
function setup() {
  createCanvas(600, 600, WEBGL);
  noStroke();
  const greys = ['#c9cfd2', '#a8b2b8', '#98a29e', '#7f8a86', '#6e7a80', '#626b68'];
  for (let i = 0; i < greys.length; i++) {
    fill(greys[i]);
    rect(-300, -300 + i * 100, 600, 100);
  }
  brush.scaleBrushes(3);
  brush.set('charcoal', '#262b2a', 1);
  brush.line(-40, -40, 40, -40);
  brush.set('HB', '#262b2a', 1);
  brush.circle(-30, -20, 9);
  brush.set('pen', '#262b2a', 1);
  brush.arc(0, -20, 9, 0, PI);
  brush.set('2B', '#262b2a', 1);
  brush.spline([[-40, 0], [0, -8], [40, 4]], 0.5);
  brush.field('zigzag');
  brush.set('cpencil', '#262b2a', 1);
  brush.flowLine(-40, 15, 80, 0);
  brush.noField();
  brush.set('rotring', '#262b2a', 1);
  brush.polygon([[20, -30], [40, -30], [30, -12]]);
  brush.set('crayon', '#262b2a', 1);
  brush.beginShape(0.5);
  brush.vertex(-40, 30); brush.vertex(-15, 26); brush.vertex(-25, 42);
  brush.endShape(true);
  brush.set('marker', '#262b2a', 1);
  brush.beginStroke('curve', 0, 35);
  brush.move(0, 35, 1);
  brush.endStroke(0, 1);
  brush.noStroke();
  brush.fill('#4b5452', 160);
  brush.rect(-40, 50, 30, 15);
  brush.noFill();
  brush.hatch(3, QUARTER_PI);
  brush.hatchStyle('2H', '#262b2a', 1);
  brush.rect(5, 50, 30, 20);
  brush.noHatch();
}
