// Bauhaus poster: primary-colour circle, bars and arcs on off-white
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#efe8da');
  brush.scaleBrushes(3);
  brush.noStroke();

  // Flat washes for the big shapes
  brush.wash('#d7263d', 240);
  brush.circle(-60, -60, 150);
  brush.wash('#1b4f9c', 240);
  brush.rect(40, 20, 220, 220);
  brush.wash('#f4c430', 250);
  brush.polygon([[-260, 260], [-60, 260], [-160, 90]]);
  brush.noWash();

  // Textured overlay fill on the blue square
  brush.fillTexture(0.7, 0.5);
  brush.fill('#0d2c5e', 140);
  brush.rect(40, 20, 220, 220);
  brush.noFill();

  // Heavy black marker bars
  brush.set('marker', '#151515', 2.5);
  brush.line(-280, 20, 280, 20);
  brush.line(20, -280, 20, 280);
  brush.set('marker', '#151515', 1.2);
  brush.line(-280, 60, -40, 60);

  // Thin arcs like compass construction lines
  brush.set('rotring', '#151515', 1.5);
  brush.arc(-60, -60, 190, PI, TWO_PI);
  brush.arc(150, 130, 80, 0, PI);
  brush.arc(150, 130, 130, HALF_PI, PI + HALF_PI);

  // Small dots
  brush.wash('#151515', 255);
  brush.noStroke();
  for (let i = 0; i < 5; i++) brush.circle(-250 + i * 30, -250, 8);
  brush.noWash();
}
