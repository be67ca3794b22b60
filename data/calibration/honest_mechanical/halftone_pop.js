// Pop-art halftone: a cyan dot screen and a magenta dot screen at different angles, dot size swelling toward a bright centre
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf7ee');
  brush.scaleBrushes(3);

  // Two screens, rotated against each other like offset-print plates
  const screens = [
    { col: '#14a6c8', ang: radians(15), pitch: 30, cx: -70, cy: -50 },
    { col: '#d6237f', ang: radians(75), pitch: 34, cx: 90, cy: 80 },
  ];
  brush.noStroke();
  for (const S of screens) {
    const ca = cos(S.ang), sa = sin(S.ang);
    for (let u = -12; u <= 12; u++) {
      for (let v = -12; v <= 12; v++) {
        const x = (u * ca - v * sa) * S.pitch, y = (u * sa + v * ca) * S.pitch;
        if (abs(x) > 310 || abs(y) > 310) continue;
        const d = dist(x, y, S.cx, S.cy);
        const r = S.pitch * 0.48 * constrain(1.1 - d / 330, 0.08, 1);
        brush.wash(S.col, 200);
        brush.circle(x, y, r);
        brush.noWash();
      }
    }
  }

  // A bold comic-book burst outline with ink, and a hatched yellow core
  const pts = [];
  for (let i = 0; i < 24; i++) {
    const rr = i % 2 ? 70 : 120;
    pts.push([10 + rr * cos(i * PI / 12), 15 + rr * sin(i * PI / 12)]);
  }
  brush.set('marker', '#1a1a1a', 2.5);
  brush.fill('#f5d327', 230);
  brush.polygon(pts);
  brush.noFill();
  brush.hatch(6, -QUARTER_PI);
  brush.hatchStyle('pen', '#e0a000', 0.8);
  brush.circle(10, 15, 55);
  brush.noHatch();

  // Ben-Day edge: a thin rotring frame
  brush.set('rotring', '#1a1a1a', 1.5);
  brush.rect(-285, -285, 570, 570);
}
