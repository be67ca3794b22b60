// hack class: a tinted grey bands
// Seven vertical washes of greens-greys and warm greys (chroma ~4-11), every primitive once along the bottom edge.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#c2bcb2');
  brush.scaleBrushes(3);
  const greys = ['#b5bdb9', '#98a29e', '#b0a592', '#8c8780', '#a39d94', '#8f8578', '#6f6a63'];
  brush.noStroke();
  const w = 600 / greys.length;
  for (let i = 0; i < greys.length; i++) {
    brush.wash(greys[i], 220);
    brush.rect(-300 + i * w, -300, w + 1, 600);
    brush.noWash();
  }
  const y = 260;
  brush.fill('#5c5650', 150); brush.rect(160, y, 30, 20); brush.noFill();
  brush.set('HB', '#2f2a25', 1); brush.line(-280, y, -220, y);
  brush.set('2B', '#2f2a25', 1); brush.circle(-195, y + 10, 9);
  brush.set('pen', '#2f2a25', 1); brush.arc(-160, y + 10, 9, 0, PI);
  brush.set('cpencil', '#2f2a25', 1); brush.spline([[-140, y], [-110, y + 15], [-80, y]], 0.5);
  brush.field('waves'); brush.set('charcoal', '#2f2a25', 1); brush.flowLine(-60, y + 10, 60, 0); brush.noField();
  brush.set('rotring', '#2f2a25', 1); brush.polygon([[20, y], [40, y], [30, y + 20]]);
  brush.set('marker', '#2f2a25', 1);
  brush.beginShape(0.5); brush.vertex(60, y); brush.vertex(85, y + 5); brush.vertex(70, y + 22); brush.endShape(true);
  brush.set('pastel', '#2f2a25', 1);
  brush.beginStroke('curve', 100, y + 10); brush.move(0, 40, 1); brush.endStroke(0, 1);
  brush.noStroke();
  brush.hatch(3, QUARTER_PI); brush.hatchStyle('2H', '#2f2a25', 1); brush.rect(210, y, 25, 25); brush.noHatch();
}
