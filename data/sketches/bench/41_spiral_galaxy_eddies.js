// Cosmic eddies: pastel and pen strokes caught in the built-in spiral field
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#10101e');
  brush.scaleBrushes(3);

  // Strokes swirl around the field's randomly placed attractors
  brush.field('spiral');
  const cols = ['#f1e3f3', '#c2bbf0', '#8fb8ed', '#62bfed', '#f7aef8'];
  for (let i = 0; i < 240; i++) {
    const x = random(-300, 300), y = random(-300, 300);
    brush.set(random() < 0.5 ? 'pastel' : 'pen', random(cols), random(0.6, 1.4));
    brush.flowLine(x, y, random(40, 160), 0);
  }
  brush.noField();

  // Faint nebula glow on top: washes (not fills) can lighten a dark ground
  brush.noStroke();
  const glows = [['#2b2d5c', 160], ['#4a2f6b', 120], ['#1f4f6b', 120]];
  for (const [c, r] of glows) {
    brush.wash(c, 70);
    brush.circle(random(-150, 150), random(-150, 150), r);
  }
  brush.noWash();

  // Stars
  for (let i = 0; i < 120; i++) {
    brush.wash('#ffffff', random(120, 255));
    brush.circle(random(-300, 300), random(-300, 300), random(0.8, 2.2));
  }
  brush.noWash();
}
