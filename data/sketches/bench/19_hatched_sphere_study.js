// Drawing study: a hatched sphere and cube with cast shadows
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4f1e8');
  brush.scaleBrushes(3);

  // Ground line
  brush.set('2H', '#555', 1);
  brush.line(-300, 150, 300, 150);

  // Sphere: outline, core shadow with gradient cross-hatching
  brush.set('HB', '#222', 1.5);
  brush.circle(-110, 30, 110);
  brush.noStroke();
  brush.hatch(5, 0.6, { gradient: 0.5 });
  brush.hatchStyle('HB', '#333', 1);
  brush.beginShape(0.8);
  brush.vertex(-40, -50);
  brush.vertex(-5, 40);
  brush.vertex(-110, 140);
  brush.vertex(-200, 90);
  brush.vertex(-90, 60);
  brush.endShape(true);
  brush.hatch(7, -0.7, { rand: 0.15 });
  brush.hatchStyle('2H', '#444', 1);
  brush.circle(-80, 70, 60);
  // Cast shadow
  brush.hatch(4, 0, { continuous: true });
  brush.hatchStyle('2B', '#222', 1);
  brush.beginShape(1);
  brush.vertex(-140, 140);
  brush.vertex(20, 130);
  brush.vertex(90, 160);
  brush.vertex(-40, 175);
  brush.endShape(true);
  brush.noHatch();

  // Cube in oblique projection: front face, top and side, side face hatched
  const x0 = 110, y0 = 30, e = 110, dx = 50, dy = -35;
  const F = [[x0, y0], [x0 + e, y0], [x0 + e, y0 + e], [x0, y0 + e]];
  const T = [[x0, y0], [x0 + dx, y0 + dy], [x0 + e + dx, y0 + dy], [x0 + e, y0]];
  const S = [[x0 + e, y0], [x0 + e + dx, y0 + dy], [x0 + e + dx, y0 + e + dy], [x0 + e, y0 + e]];
  brush.set('rotring', '#222', 1.2);
  brush.polygon(F);
  brush.polygon(T);
  brush.hatch(4, 1.2);
  brush.hatchStyle('HB', '#333', 1);
  brush.polygon(S);
  brush.noHatch();
  brush.hatch(3, 0.2, { continuous: true });
  brush.hatchStyle('2B', '#222', 1);
  brush.noStroke();
  brush.polygon([[x0 + e, y0 + e], [x0 + e + dx, y0 + e + dy], [x0 + e + dx + 70, y0 + e + dy + 10], [x0 + e + 40, y0 + e + 12]]);
  brush.noHatch();
}
