// Plowed farmland: furrows bent by the columns field, a tree line and a red barn
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f1ebdc');
  brush.scaleBrushes(3);

  // Sky and warm earth
  brush.noStroke();
  brush.fill('#c9dbe6', 170);
  brush.rect(-320, -320, 640, 220);
  brush.fill('#b48a5a', 210);
  brush.rect(-320, -100, 640, 420);
  brush.noFill();

  // Furrows: vertical flow lines through the 'columns' field
  brush.field('columns');
  for (let x = -300; x <= 300; x += 9) {
    brush.set(random(['2B', 'charcoal', 'HB']), random(['#6b4a2b', '#4e3520', '#8a6239']), random(1, 2));
    brush.flowLine(x, 310, 400, HALF_PI);
  }
  brush.noField();

  // Tree line on the horizon: small hatched blobs
  for (let i = 0; i < 16; i++) {
    const x = -290 + i * 38 + random(-8, 8);
    brush.set('cpencil', '#2f4f2f', 1.2);
    brush.hatch(3, random(PI), { rand: 0.3 });
    brush.hatchStyle('cpencil', '#3e6b3e', 1);
    brush.circle(x, -112 + random(-4, 4), random(14, 22), 0.7);
    brush.noHatch();
  }

  // Barn
  brush.set('HB', '#3b1f1a', 1.4);
  brush.fill('#a4302a', 240);
  brush.rect(150, -150, 70, 48);
  brush.polygon([[145, -150], [185, -180], [225, -150]]);
  brush.noFill();
  brush.wash('#efe6d6', 255);
  brush.noStroke();
  brush.rect(175, -128, 20, 26);
  brush.noWash();
  brush.set('HB', '#efe6d6', 1.5);
  brush.line(175, -128, 195, -102);
  brush.line(195, -128, 175, -102);
}
