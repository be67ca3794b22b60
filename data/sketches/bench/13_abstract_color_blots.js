// Abstract watercolor blots: overlapping bleeding pools with spray speckles
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f8f4ec');
  brush.scaleBrushes(3);
  const palette = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c', '#f78c6b'];

  brush.noStroke();
  for (let i = 0; i < 9; i++) {
    brush.fillBleed(random(0.2, 0.5), random(['in', 'out']));
    brush.fillTexture(random(0.3, 0.9), random(0.2, 0.7));
    brush.fill(random(palette), random(150, 230));
    const x = random(-220, 220), y = random(-220, 220), r = random(50, 130);
    if (random() < 0.5) {
      brush.circle(x, y, r, 1);
    } else {
      const pts = [];
      const n = floor(random(5, 9));
      for (let k = 0; k < n; k++) {
        const a = (TWO_PI * k) / n + random(-0.3, 0.3);
        const rr = r * random(0.6, 1.2);
        pts.push([x + cos(a) * rr, y + sin(a) * rr]);
      }
      brush.polygon(pts);
    }
  }
  brush.noFill();

  // Spray speckles and a few gestural lines
  for (let i = 0; i < 14; i++) {
    brush.set('spray', random(palette), random(0.5, 1.5));
    const x = random(-260, 260), y = random(-260, 260);
    brush.line(x, y, x + random(-80, 80), y + random(-80, 80));
  }
  brush.set('2B', '#073b4c', 2);
  brush.spline([[-260, 200], [-100, 120], [40, 230], [250, 90]], 0.8);
  brush.spline([[-240, -180], [-40, -260], [120, -150], [260, -240]], 0.8);
}
