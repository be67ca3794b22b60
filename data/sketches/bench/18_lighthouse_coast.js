// Striped lighthouse on a rocky headland with beams and choppy water
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e9eef2');
  brush.scaleBrushes(3);

  brush.noStroke();
  brush.fill('#9db4c8', 170);
  brush.rect(-320, -320, 640, 380);
  // Rocks
  brush.fill('#4d4a45', 230);
  brush.polygon([[-320, 120], [-220, 40], [-120, 60], [-40, 30], [60, 110], [80, 320], [-320, 320]]);
  brush.noFill();
  brush.set('charcoal', '#22201d', 1.2);
  brush.hatch(6, 0.9, { rand: 0.3 });
  brush.polygon([[-320, 120], [-220, 40], [-120, 60], [-40, 30], [60, 110], [80, 320], [-320, 320]]);
  brush.noHatch();

  // Tower: tapered polygon with red stripes
  const base = 40, top = -200;
  const wB = 38, wT = 24;
  brush.set('rotring', '#1e1e1e', 1.2);
  brush.wash('#f4f1ea', 255);
  brush.polygon([[-130 - wB, base], [-130 + wB, base], [-130 + wT, top], [-130 - wT, top]]);
  brush.noWash();
  brush.noStroke();
  for (let i = 0; i < 4; i++) {
    const y1 = lerp(base, top, i / 4 + 0.06), y2 = lerp(base, top, i / 4 + 0.16);
    const w1 = lerp(wB, wT, i / 4 + 0.06), w2 = lerp(wB, wT, i / 4 + 0.16);
    brush.fill('#c0392b', 240);
    brush.polygon([[-130 - w1, y1], [-130 + w1, y1], [-130 + w2, y2], [-130 - w2, y2]]);
  }
  brush.noFill();
  // Lantern and beams
  brush.wash('#ffd54f', 255);
  brush.rect(-148, top - 30, 36, 30);
  brush.noWash();
  brush.set('rotring', '#1e1e1e', 1.2);
  brush.polygon([[-154, top - 30], [-106, top - 30], [-130, top - 55]]);
  brush.set('spray', '#fff3b0', 1.5);
  for (let i = 0; i < 5; i++) {
    brush.line(-110, top - 15, 300, top - 90 + i * 25);
  }

  // Sea with short wave strokes
  brush.noStroke();
  brush.fill('#2f5d7c', 200);
  brush.rect(60, 90, 270, 240);
  brush.noFill();
  brush.field('zigzag');
  for (let i = 0; i < 70; i++) {
    brush.set('HB', random(['#e8f1f5', '#173a52']), 1.5);
    brush.flowLine(random(70, 300), random(100, 300), random(20, 50), 0);
  }
}
