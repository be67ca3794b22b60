// Still life: apples, a pear and grapes in a ceramic bowl with cast shadow
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#ece3d0');
  brush.scaleBrushes(3);

  // Backdrop cloth and table
  brush.noStroke();
  brush.fillTexture(0.4, 0.3);
  brush.fill('#6b7f8e', 170);
  brush.rect(-320, -320, 640, 380);
  brush.fill('#b9875a', 210);
  brush.rect(-320, 60, 640, 260);
  brush.noFill();

  // Shadow under the bowl
  brush.fillBleed(0.35);
  brush.fill('#4a3a2c', 150);
  brush.beginShape(1);
  brush.vertex(-190, 150);
  brush.vertex(0, 120);
  brush.vertex(230, 160);
  brush.vertex(0, 200);
  brush.endShape(true);
  brush.noFill();

  // Fruit
  brush.fillBleed(0.1);
  const fruit = [[-90, 0, 55, '#b5232f'], [20, -20, 60, '#c7372f'], [110, 10, 45, '#9fb83a']];
  for (const [x, y, r, c] of fruit) {
    brush.set('cpencil', '#3b1d14', 1.5);
    brush.fill(c, 240);
    brush.circle(x, y, r, 0.4);
    brush.noStroke();
    brush.fill('#ffffff', 90);
    brush.circle(x - r * 0.35, y - r * 0.35, r * 0.25);
    brush.noFill();
    brush.set('pen', '#3b2412', 1.5);
    brush.line(x, y - r, x + 5, y - r - 15);
  }
  // Grapes
  brush.noStroke();
  for (let i = 0; i < 14; i++) {
    brush.fill('#4b2a5c', 220);
    brush.circle(-170 + (i % 4) * 18 + random(-4, 4), 10 + floor(i / 4) * 16, 11);
  }
  brush.noFill();

  // Bowl: filled half-ellipse with hatched shading
  brush.set('2B', '#2e3b4e', 1.4);
  brush.fill('#dce3e8', 230);
  brush.beginShape(0.6);
  brush.vertex(-200, 40);
  brush.vertex(200, 40);
  brush.vertex(150, 130);
  brush.vertex(0, 160);
  brush.vertex(-150, 130);
  brush.endShape(true);
  brush.noFill();
  brush.hatch(7, -0.5, { rand: 0.2, gradient: 0.4 });
  brush.hatchStyle('HB', '#5c6f80', 1);
  brush.noStroke();
  brush.polygon([[60, 50], [195, 45], [150, 128], [40, 150]]);
  brush.noHatch();
}
