// An awning of bold vertical teal and cream stripes, scalloped hem, with shade hatched beneath and a metal rod
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e4d6bb');
  brush.scaleBrushes(3);
  const w = 60, top = -230, bottom = 120;

  // Wall in shadow under the awning: charcoal hatching fading down
  brush.noStroke();
  brush.hatch(6, 0.15, { gradient: 0.4 });
  brush.hatchStyle('charcoal', '#6b625a', 0.9);
  brush.rect(-300, bottom, 600, 180);
  brush.noHatch();

  // The stripes: teal with textured fill, cream washed flat, each a slight trapezoid for perspective
  for (let i = 0; i < 10; i++) {
    const x = -300 + i * w;
    const pts = [[x + 4, top], [x + w + 4, top], [x + w * 1.04, bottom], [x - w * 0.04, bottom]];
    if (i % 2 === 0) {
      brush.wash('#1f7f7f', 235);
      brush.polygon(pts);
      brush.noWash();
      brush.fill('#145c5c', 120);
      brush.fillTexture(0.55, 0.2);
      brush.polygon(pts);
      brush.noFill();
    } else {
      brush.wash('#f6efdc', 250);
      brush.polygon(pts);
      brush.noWash();
    }
  }

  // Scalloped hem: one arc per stripe, filled in the stripe's colour
  for (let i = 0; i < 10; i++) {
    const cx = -300 + i * w + w / 2;
    brush.fill(i % 2 === 0 ? '#1f7f7f' : '#f1e6cc', 220);
    brush.set('HB', '#1b4f4f', 1);
    brush.beginShape(0.7);
    brush.vertex(cx - w / 2, bottom);
    brush.vertex(cx, bottom + 26);
    brush.vertex(cx + w / 2, bottom);
    brush.endShape(true);
    brush.noFill();
  }

  // Fold lines and the rod with its brackets
  brush.set('2B', '#14494a', 1);
  for (let i = 1; i < 10; i++) brush.line(-300 + i * w + 3, top + 4, -300 + i * w + 1, bottom - 4);
  brush.set('rotring', '#3b3b3b', 3);
  brush.line(-300, top - 8, 300, top - 8);
  brush.set('pen', '#3b3b3b', 1.5);
  for (const x of [-240, 0, 240]) brush.line(x, top - 8, x, top - 40);
}
