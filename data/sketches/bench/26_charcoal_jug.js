// Charcoal drawing of a jug and a lemon, massed tone and smudged shadow
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#eee8dc');
  brush.scaleBrushes(3);

  // Table edge
  brush.set('charcoal', '#2a2522', 1.5);
  brush.line(-300, 120, 300, 110);

  // Jug body built from a closed curvy shape, massed with charcoal
  brush.mass('charcoal', '#7a706a', { strength: 0.45, precision: 0.6 });
  brush.set('charcoal', '#1c1815', 1.6);
  brush.beginShape(0.7);
  brush.vertex(-150, -150);
  brush.vertex(-60, -150);
  brush.vertex(-70, -100);
  brush.vertex(-20, -20);
  brush.vertex(-40, 100);
  brush.vertex(-170, 100);
  brush.vertex(-190, -20);
  brush.vertex(-140, -100);
  brush.endShape(true);
  brush.noMass();

  // Handle
  brush.set('charcoal', '#1c1815', 2.5);
  brush.spline([[-30, -90], [20, -60], [10, 10], [-30, 40]], 0.8);

  // Lemon with soft pastel mass and a light outline
  brush.mass('pastel', '#e4c441', { strength: 1, gradient: 0.3 });
  brush.set('HB', '#7a6a2a', 1.2);
  brush.beginShape(0.9);
  brush.vertex(60, 60);
  brush.vertex(120, 30);
  brush.vertex(190, 50);
  brush.vertex(210, 80);
  brush.vertex(130, 105);
  brush.endShape(true);
  brush.noMass();

  // Cast shadows: hatched blocks to the right
  brush.noStroke();
  brush.hatch(5, 0.1, { rand: 0.4 });
  brush.hatchStyle('charcoal', '#4a4440', 1);
  brush.polygon([[-40, 100], [120, 110], [160, 135], [-60, 130]]);
  brush.polygon([[130, 105], [240, 100], [250, 125], [140, 125]]);
  brush.noHatch();
}
