// hack class: x generic still life
// The catch-all still life recentred for balance: the vase of mixed flowers on the vertical axis, fruit on both sides, a striped drape and a hatched shadow.
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
  for (let x = -300; x < 300; x += 60) {
    brush.set('cpencil', '#6d7f86', 1.5);
    brush.line(x, -300, x + 20, 100);
  }
  brush.set('2B', '#5a3520', 1);
  brush.hatch(10, 0.05, { rand: 0.2 });
  brush.rect(-320, 100, 640, 220);
  brush.noHatch();
  // stems and vase
  const heads = [];
  for (let i = 0; i < 9; i++) {
    const a = map(i, 0, 8, -2.4, -0.7);
    const L = random(120, 200);
    heads.push([cos(a) * L, -10 + sin(a) * L]);
    brush.set('pen', '#3d6b35', 1.2);
    brush.spline([[-110, 20], [cos(a) * L * 0.5, -10 + sin(a) * L * 0.5], heads[i]], 0.5);
  }
  brush.set('rotring', '#1f2f4a', 1.2);
  brush.fill('#3f6fb0', 210);
  brush.beginShape(0.5);
  brush.vertex(-30, -10); brush.vertex(30, -10); brush.vertex(50, 60);
  brush.vertex(30, 130); brush.vertex(-30, 130); brush.vertex(-50, 60);
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
  brush.vertex(-250, 175); brush.vertex(0, 150); brush.vertex(250, 175); brush.vertex(0, 210);
  brush.endShape(true);
  brush.fillBleed(0.08);
  const fruit = [[-190, 110, 38, '#c0392b'], [-120, 120, 32, '#e67e22'], [130, 115, 34, '#a4b83a'], [195, 105, 40, '#c0392b']];
  for (const [x, y, r, c] of fruit) {
    brush.set('cpencil', '#3b1d14', 1.2);
    brush.fill(c, 235);
    brush.circle(x, y, r);
    brush.noFill();
  }
  brush.set('2B', '#2e3b4e', 1.3);
  brush.fill('#e3e8ea', 230);
  brush.beginShape(0.6);
  brush.vertex(90, 125); brush.vertex(250, 125); brush.vertex(225, 170); brush.vertex(170, 182); brush.vertex(115, 170);
  brush.endShape(true);
  brush.noFill();
  brush.noStroke();
  brush.hatch(6, -0.5, { rand: 0.2 });
  brush.hatchStyle('HB', '#5c6f80', 1);
  brush.polygon([[175, 128], [248, 128], [224, 168], [170, 180]]);
  brush.noHatch();
}
