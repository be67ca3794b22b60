// Sunrise over rolling hills with radiating colored pencil rays
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fff7e8');
  brush.scaleBrushes(3);
  const sx = 0, sy = 80;

  // Rays
  for (let a = PI; a <= TWO_PI; a += PI / 40) {
    brush.set('cpencil', random(['#f9c74f', '#f8961e', '#f3722c', '#ffd6a5']), random(1.5, 3));
    brush.line(sx + cos(a) * 80, sy + sin(a) * 80, sx + cos(a) * 460, sy + sin(a) * 460);
  }

  // Sun
  brush.noStroke();
  brush.fillBleed(0.1);
  brush.fill('#f94144', 220);
  brush.circle(sx, sy, 70);
  brush.fill('#f9844a', 200);
  brush.circle(sx, sy, 50);
  brush.noFill();

  // Hills overlapping from back to front
  const hills = ['#90be6d', '#43aa8b', '#277c5b'];
  hills.forEach((c, k) => {
    brush.fill(c, 240);
    brush.fillTexture(0.5, 0.3);
    brush.beginShape(0.8);
    brush.vertex(-320, 100 + k * 50);
    brush.vertex(-160 + k * 60, 60 + k * 60);
    brush.vertex(60 - k * 40, 110 + k * 45);
    brush.vertex(220, 70 + k * 55);
    brush.vertex(320, 100 + k * 50);
    brush.vertex(320, 320);
    brush.vertex(-320, 320);
    brush.endShape(true);
  });
  brush.noFill();

  // A path winding through the front hill
  brush.set('2B', '#7f5539', 2);
  brush.spline([[-40, 320], [10, 260], [-30, 220], [20, 190]], 0.7);
}
