// hack class: x scribble field
// Layered gestural scribbles: loose splines and curved strokes in a warm-cool palette over three overlapping wash blots, with charcoal accents.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f8f3ea');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.6, 0.4);
  brush.fillBleed(0.3, 'out');
  const blots = [['#f4a261', -120, -80, 150], ['#2a9d8f', 110, 60, 160], ['#e9c46a', -40, 150, 110]];
  for (const [c, x, y, r] of blots) {
    brush.fill(c, 150);
    brush.circle(x, y, r, 1);
  }
  brush.noFill();
  const pal = ['#264653', '#e76f51', '#2a9d8f', '#8d5a97', '#e9c46a', '#3d405b'];
  const pens = ['pen', 'HB', 'cpencil', '2B', 'marker', 'crayon'];
  for (let i = 0; i < 70; i++) {
    let x = random(-260, 260), y = random(-260, 260);
    const pts = [];
    for (let k = 0; k < 6; k++) {
      pts.push([x, y]);
      x += random(-70, 70); y += random(-70, 70);
    }
    brush.set(pens[i % pens.length], random(pal), random(0.7, 1.6));
    brush.spline(pts, random(0.4, 0.9));
  }
  for (let i = 0; i < 20; i++) {
    brush.set('charcoal', '#1d1d1d', 1.5);
    brush.beginStroke('curve', random(-250, 250), random(-250, 250));
    brush.move(random(-PI, PI), random(40, 100), 1);
    brush.move(random(-PI, PI), random(30, 80), 0.7);
    brush.endStroke(random(-PI, PI), 0.5);
  }
  brush.hatch(7, 0.8, { rand: 0.3 });
  brush.hatchStyle('HB', '#3d405b', 0.8);
  brush.circle(110, 60, 90);
  brush.noHatch();
}
