// Minimalist grid: thin graphite lines on the thirds, one red block in the upper right cell, soft paper wash
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5f2ea');
  brush.scaleBrushes(3);

  // Paper tone, uneven
  brush.noStroke();
  brush.fill('#ece5d5', 90);
  brush.fillTexture(0.4, 0.3);
  brush.rect(-300, -300, 600, 600);
  brush.noFill();

  // The red block: a flat wash, watercolour with a bleeding edge over it, then a light crosshatch for weave
  brush.wash('#c62828', 220);
  brush.rect(116, -284, 168, 168);
  brush.noWash();
  brush.fill('#b71c1c', 160);
  brush.fillBleed(0.12, 'out');
  brush.fillTexture(0.6, 0.2);
  brush.rect(112, -288, 176, 176);
  brush.noFill();
  brush.hatch(9, 0.2);
  brush.hatchStyle('cpencil', '#8f1b1b', 0.7);
  brush.rect(118, -282, 164, 164);
  brush.noHatch();

  // Thin lines on the thirds, drawn twice with a hard and a soft pencil
  brush.set('2H', '#4a4540', 0.9);
  for (const t of [-100, 100]) {
    brush.line(t, -300, t, 300);
    brush.line(-300, t, 300, t);
  }
  brush.set('HB', '#2c2925', 0.6);
  for (const t of [-100, 100]) {
    brush.line(t + 1, -280, t, 280);
    brush.line(-280, t - 1, 280, t);
  }
  // Tiny construction tick marks at the intersections
  brush.set('pen', '#2c2925', 0.6);
  for (const a of [-100, 100]) for (const b of [-100, 100]) brush.circle(a, b, 3);
}
