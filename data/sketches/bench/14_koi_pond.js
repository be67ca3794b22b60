// Koi pond seen from above: orange and white koi, lily pads and ripple rings
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#d4e7e2');
  brush.scaleBrushes(3);

  // Deep water in two glazes
  brush.noStroke();
  brush.fillTexture(0.7, 0.3);
  brush.fill('#2a6f78', 230);
  brush.rect(-320, -320, 640, 640);
  brush.fill('#154e57', 180);
  brush.circle(40, 30, 200, 1);
  brush.noFill();

  // Ripples (strokes first, so later washes composite cleanly)
  brush.set('2H', '#e6f4f1', 2);
  for (let i = 0; i < 5; i++) {
    const x = random(-200, 200), y = random(-200, 200);
    for (let k = 1; k <= 3; k++) brush.arc(x, y, k * 16, random(TWO_PI), random(TWO_PI) + PI);
  }

  // Koi: a wash silhouette, a watercolor glaze for texture, spots and an eye
  for (let i = 0; i < 6; i++) {
    const x = random(-220, 220), y = random(-220, 220), L = random(70, 100);
    push();
    translate(x, y);
    rotate(random(TWO_PI));
    const body = [[L / 2, 0], [L * 0.2, -L * 0.16], [-L * 0.3, -L * 0.08], [-L / 2, 0], [-L * 0.3, L * 0.08], [L * 0.2, L * 0.16]];
    const white = random() < 0.35;
    brush.noStroke();
    brush.wash(white ? '#f4f1de' : '#f26b1d', 255);
    brush.polygon(body);
    brush.polygon([[-L * 0.45, 0], [-L * 0.78, -L * 0.2], [-L * 0.72, L * 0.2]]);
    brush.noWash();
    brush.fill(white ? '#e63946' : '#f7b267', 200);
    brush.circle(L * 0.05, random(-4, 4), L * 0.1, 1);
    brush.noFill();
    brush.set('pen', '#1b1b1b', 1);
    brush.circle(L * 0.36, -L * 0.06, 1.5);
    brush.circle(L * 0.36, L * 0.06, 1.5);
    pop();
  }

  // Lily pads with a notch line
  for (let i = 0; i < 7; i++) {
    const x = random(-270, 270), y = random(-270, 270), r = random(24, 45);
    brush.set('HB', '#2d5a27', 1.5);
    brush.wash('#4f8f35', 230);
    brush.fill('#7fb852', 200);
    brush.circle(x, y, r, 0.3);
    brush.noWash();
    brush.noFill();
    brush.line(x, y, x + r, y + r * 0.2);
  }
}
