// hack class: x generic still life
// A catch-all still life: draped wall, wooden table with grain hatch, a vase of mixed flowers, a bowl with fruit and a cast shadow.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#efe7d6');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.5, 0.3);
  brush.fill('#8fa3a8', 160);
  brush.rect(-320, -320, 640, 420);
  brush.fill('#a0693f', 200);
  brush.rect(-320, 100, 640, 220);
  brush.noFill();
  brush.set('2B', '#5a3520', 1);
  brush.hatch(10, 0.05, { rand: 0.2 });
  brush.rect(-320, 100, 640, 220);
  brush.noHatch();
  // stems and vase
  const heads = [];
  for (let i = 0; i < 9; i++) {
    const a = map(i, 0, 8, -2.4, -0.7);
    const L = random(120, 200);
    heads.push([-110 + cos(a) * L, -10 + sin(a) * L]);
    brush.set('pen', '#3d6b35', 1.2);
    brush.spline([[-110, 20], [-110 + cos(a) * L * 0.5, -10 + sin(a) * L * 0.5], heads[i]], 0.5);
  }
  brush.set('rotring', '#1f2f4a', 1.2);
  brush.fill('#3f6fb0', 210);
  brush.beginShape(0.5);
  brush.vertex(-140, -10); brush.vertex(-80, -10); brush.vertex(-60, 60);
  brush.vertex(-80, 130); brush.vertex(-140, 130); brush.vertex(-160, 60);
  brush.endShape(true);
  brush.noFill();
  brush.noStroke();
  for (const [x, y] of heads) {
    const c = random(['#f6c026', '#e63946', '#f4a6c1', '#ffffff', '#9b5de5']);
    brush.fillBleed(0.1);
    for (let k = 0; k < 6; k++) {
      const a = TWO_PI * k / 6;
      brush.fill(c, 210);
      brush.circle(x + cos(a) * 12, y + sin(a) * 12, 10);
    }
    brush.fill('#6b3e1f', 230);
    brush.circle(x, y, 6);
  }
  brush.noFill();
  // shadow, bowl, fruit
  brush.fillBleed(0.3);
  brush.fill('#4a3526', 140);
  brush.beginShape(1);
  brush.vertex(40, 170); brush.vertex(150, 150); brush.vertex(280, 175); brush.vertex(150, 205);
  brush.endShape(true);
  brush.fillBleed(0.08);
  const fruit = [[100, 90, 38, '#c0392b'], [160, 80, 40, '#e67e22'], [215, 95, 34, '#a4b83a']];
  for (const [x, y, r, c] of fruit) {
    brush.set('cpencil', '#3b1d14', 1.2);
    brush.fill(c, 235);
    brush.circle(x, y, r);
    brush.noFill();
  }
  brush.set('2B', '#2e3b4e', 1.3);
  brush.fill('#e3e8ea', 230);
  brush.beginShape(0.6);
  brush.vertex(50, 110); brush.vertex(270, 110); brush.vertex(230, 170); brush.vertex(160, 185); brush.vertex(90, 170);
  brush.endShape(true);
  brush.noFill();
  brush.noStroke();
  brush.hatch(6, -0.5, { rand: 0.2 });
  brush.hatchStyle('HB', '#5c6f80', 1);
  brush.polygon([[180, 115], [265, 112], [228, 168], [170, 180]]);
  brush.noHatch();
}
