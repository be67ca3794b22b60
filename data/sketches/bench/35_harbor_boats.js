// Small harbor: sailboats with tall masts on a wobbly hand-drawn sea
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4f1ea');
  brush.scaleBrushes(3);

  // Sky and sea
  brush.noStroke();
  brush.fill('#cfe3ef', 180);
  brush.rect(-320, -320, 640, 360);
  brush.fill('#4f7ca8', 220);
  brush.rect(-320, 40, 640, 280);
  brush.noFill();

  // Distant pier
  brush.set('2B', '#5a4632', 2);
  brush.line(-300, 30, -60, 30);
  for (let x = -290; x < -60; x += 25) brush.line(x, 30, x, 50);

  // Boats
  brush.wiggle(2);
  const boats = [[-150, 140, 1.1], [60, 110, 0.8], [190, 190, 1.3]];
  for (const [x, y, s] of boats) {
    brush.set('pen', '#1f2a36', 1.2);
    brush.fill(random(['#e63946', '#f1faee', '#ffb703']), 230);
    brush.polygon([[x - 60 * s, y], [x + 60 * s, y], [x + 40 * s, y + 25 * s], [x - 40 * s, y + 25 * s]]);
    brush.noFill();
    brush.set('rotring', '#1f2a36', 1.4);
    brush.line(x, y, x, y - 170 * s);
    // Sails
    brush.set('HB', '#1f2a36', 1);
    brush.fill('#fdfcf7', 220);
    brush.polygon([[x + 4, y - 165 * s], [x + 4, y - 10 * s], [x + 70 * s, y - 10 * s]]);
    brush.polygon([[x - 4, y - 140 * s], [x - 4, y - 20 * s], [x - 50 * s, y - 20 * s]]);
    brush.noFill();
  }
  brush.noField();

  // Wave marks across the sea using the hand field
  brush.field('hand');
  for (let i = 0; i < 90; i++) {
    const x = random(-300, 280), y = random(60, 300);
    brush.set('HB', random(['#ffffff', '#2b4c6f']), 1.5);
    brush.flowLine(x, y, random(15, 45), 0);
  }
}
