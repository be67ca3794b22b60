// hack class: e sixteen colour patches
// 4x4 patches of textured watercolour in a muted autumn palette, each patch with a few pencil strokes and a small circle inside, alternate patches hatched.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f2e7');
  brush.scaleBrushes(3);
  const pal = ['#9c6644', '#7f5539', '#b08968', '#ddb892', '#e6ccb2', '#606c38', '#283618', '#bc6c25', '#dda15e', '#582f0e'];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const x = -290 + i * 145, y = -290 + j * 145;
      brush.noStroke();
      brush.fillTexture(0.5, 0.3);
      brush.fillBleed(0.1);
      brush.fill(pal[(i * 3 + j * 7) % pal.length], 200);
      brush.rect(x, y, 135, 135);
      brush.noFill();
      for (let k = 0; k < 5; k++) {
        brush.set(random(['2B', 'cpencil', 'charcoal']), random(['#3a2a1a', '#fefae0', '#283618']), 1);
        const sx = x + random(10, 100), sy = y + random(10, 120);
        brush.line(sx, sy, sx + random(15, 35), sy + random(-10, 10));
      }
      brush.set('pen', '#2b2118', 1);
      brush.circle(x + 100, y + 35, random(8, 16));
      if ((i + j) % 2 == 0) {
        brush.hatch(7, random([0.4, 1.2, 2.0]), { rand: 0.15 });
        brush.hatchStyle('HB', '#3a2a1a', 0.8);
        brush.rect(x + 10, y + 70, 60, 55);
        brush.noHatch();
      }
    }
  }
}
