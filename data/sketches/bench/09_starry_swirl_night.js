// Starry night: crayon sky swirling around a custom vortex field above a sleeping village
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#14224a');
  brush.scaleBrushes(3);

  // Custom field: the field grid starts at the canvas' top-left corner, 6px per cell
  const eddies = [[-120, -120, 1], [140, -60, -1], [0, 40, 1]];
  brush.addField('vortex', (t, field) => {
    for (let c = 0; c < field.length; c++) {
      for (let r = 0; r < field[0].length; r++) {
        const x = c * 6 - 300, y = r * 6 - 300;
        let best = 1e9, ang = 0;
        for (const [ex, ey, s] of eddies) {
          const d = dist(x, y, ex, ey);
          if (d < best) { best = d; ang = s * (atan2(y - ey, x - ex) * 180 / PI + 90); }
        }
        field[c][r] = -ang;
      }
    }
    return field;
  });

  brush.field('vortex');
  const blues = ['#2a4d9b', '#4f79c9', '#9cc1ea', '#1c3575', '#e8d77a', '#cfe0f5'];
  for (let i = 0; i < 260; i++) {
    const x = random(-300, 300), y = random(-300, 140);
    brush.set('crayon', random(blues), random(0.7, 1.3));
    brush.flowLine(x, y, random(40, 110), 0);
  }
  brush.noField();

  // Moon and glowing stars
  brush.noStroke();
  brush.wash('#f7e27a', 255);
  brush.circle(210, -220, 34);
  brush.noWash();
  for (let i = 0; i < 10; i++) {
    const x = random(-280, 280), y = random(-280, 40);
    brush.set('pastel', '#f4eaa1', 1.2);
    brush.circle(x, y, random(10, 16));
    brush.noStroke();
    brush.wash('#fff6c2', 255);
    brush.circle(x, y, 4);
    brush.noWash();
  }

  // Hills and village
  brush.wash('#0b1226', 255);
  brush.beginShape(0.5);
  brush.vertex(-320, 150);
  brush.vertex(-100, 120);
  brush.vertex(120, 160);
  brush.vertex(320, 130);
  brush.vertex(320, 320);
  brush.vertex(-320, 320);
  brush.endShape(true);
  for (let i = 0; i < 10; i++) {
    const x = -240 + i * 50 + random(-8, 8), y = 170 + random(-6, 20);
    brush.wash('#2a3352', 255);
    brush.rect(x, y, 30, 26);
    brush.wash('#f0c75e', 255);
    brush.rect(x + 10, y + 9, 8, 8);
  }
  brush.noWash();

  // Cypress: dark flame silhouette, then charcoal splines for texture
  brush.wash('#07120e', 255);
  brush.beginShape(0.6);
  brush.vertex(-245, 310);
  brush.vertex(-240, 150);
  brush.vertex(-220, 0);
  brush.vertex(-200, -120);
  brush.vertex(-185, 20);
  brush.vertex(-165, 170);
  brush.vertex(-160, 310);
  brush.endShape(true);
  brush.noWash();
  for (let k = 0; k < 18; k++) {
    const off = random(-35, 35);
    brush.set('charcoal', random(['#0b1f16', '#1d3b2a', '#2b4a30']), 1.2);
    brush.spline([[-200 + off, 300], [-205 + off * 0.7 + random(-8, 8), 120], [-200 + off * 0.2, -100 + abs(off) * 2]], 0.7);
  }
}
