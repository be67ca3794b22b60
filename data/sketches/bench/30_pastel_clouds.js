// Big cumulus clouds in pastel over a low green horizon
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4f1ea');
  brush.scaleBrushes(3);

  // Sky deepening upward
  brush.noStroke();
  brush.fillBleed(0.2, 'out', 90);
  brush.fill('#5f8fc4', 220);
  brush.rect(-320, -320, 640, 240);
  brush.fill('#9dc0e3', 190);
  brush.rect(-320, -120, 640, 260);
  brush.noFill();

  // Clouds: soft grey-violet shadow masses, then white bumps washed on top
  const clouds = [[-130, -160, 1.2], [150, -60, 1], [-40, 50, 0.75]];
  for (const [cx, cy, s] of clouds) {
    brush.mass('pastel', '#9a9fbd', { strength: 0.7, precision: 0.5 });
    brush.rect(cx - 95 * s, cy, 190 * s, 30 * s);
    brush.noMass();
    brush.noStroke();
    for (let k = 0; k < 7; k++) {
      const bx = cx + map(k, 0, 6, -80, 80) * s, by = cy - random(0, 30) * s - (k % 3) * 8 * s;
      brush.wash('#fbfbff', 235);
      brush.circle(bx, by, random(26, 42) * s);
    }
    brush.noWash();
    brush.fillTexture(0.6, 0.2);
    brush.fill('#dfe3f0', 140);
    brush.rect(cx - 100 * s, cy - 10 * s, 200 * s, 35 * s);
    brush.noFill();
  }

  // Pastel and crayon highlights along cloud tops
  for (let i = 0; i < 40; i++) {
    const [cx, cy, s] = random(clouds);
    brush.set(random(['pastel', 'crayon']), '#ffffff', 1.2);
    const x = cx + random(-90, 60) * s, y = cy - random(25, 55) * s;
    brush.line(x, y, x + random(15, 40) * s, y - random(0, 8));
  }

  // Horizon fields
  brush.noStroke();
  brush.fill('#6a994e', 230);
  brush.rect(-320, 200, 640, 120);
  brush.fill('#386641', 200);
  brush.rect(-320, 200, 640, 30);
  brush.set('2B', '#2d4f2a', 1.5);
  brush.spline([[-320, 205], [-100, 195], [120, 208], [320, 198]], 0.6);
}
