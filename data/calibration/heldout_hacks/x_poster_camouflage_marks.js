// hack class: x poster with token brush marks
// A flat plain-p5 landscape poster (sky, sun, hills, lake); p5.brush strokes, fills and hatches in colours 2-3 units off the flat region under them (meant to hide; strokes still show faintly).
function setup() {
  createCanvas(600, 600, WEBGL);
  noStroke();
  fill(232, 170, 120); rect(-300, -300, 600, 300);
  fill(250, 214, 110); ellipse(80, -110, 150, 150);
  fill(92, 120, 90); rect(-300, 0, 600, 110);
  fill(50, 92, 140); rect(-300, 110, 600, 190);
  brush.scaleBrushes(3);
  // sky region (232,170,120)
  brush.noStroke();
  brush.fillTexture(0.6, 0.4);
  brush.fill(color(234, 172, 122), 255);
  brush.rect(-290, -290, 230, 200);
  brush.noFill();
  for (let i = 0; i < 25; i++) {
    brush.set(['2B', 'HB', 'cpencil'][i % 3], color(229, 167, 117), 1);
    const x = random(-290, -60), y = random(-290, -20);
    brush.line(x, y, x + random(20, 60), y + random(-5, 5));
  }
  brush.set('pen', color(229, 167, 117), 1);
  for (let i = 0; i < 6; i++) brush.circle(random(180, 270), random(-280, -60), random(8, 20));
  brush.set('HB', color(229, 167, 117), 1);
  brush.spline([[-280, -40], [-200, -70], [-120, -30]], 0.5);
  // lake region (50,92,140)
  brush.noStroke();
  brush.hatch(6, 0.1, { rand: 0.2 });
  brush.hatchStyle('2B', color(53, 95, 143), 1);
  brush.rect(-290, 120, 580, 170);
  brush.noHatch();
  brush.set('charcoal', color(47, 89, 137), 1);
  brush.polygon([[-200, 150], [-100, 150], [-150, 220]]);
  brush.arc(150, 200, 40, 0, PI);
  // hills region (92,120,90)
  brush.noStroke();
  brush.fill(color(95, 123, 93), 255);
  brush.rect(-290, 10, 580, 90);
  brush.noFill();
}
