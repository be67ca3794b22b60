// hack class: b six discs ruled lines
// Six plain-p5 discs in jewel colours, then ruled p5.brush pen and 2B lines plus a pen circle round each disc.
function setup() {
  createCanvas(600, 600, WEBGL);
  background(245, 240, 230);
  noStroke();
  const cols = [[200, 40, 60], [30, 110, 170], [240, 180, 40], [40, 150, 110], [120, 60, 150], [230, 110, 50]];
  const pos = [];
  for (let i = 0; i < 6; i++) {
    const a = i * TWO_PI / 6 + 0.4, r = 170;
    pos.push([r * cos(a), r * sin(a)]);
    fill(cols[i][0], cols[i][1], cols[i][2]);
    ellipse(pos[i][0], pos[i][1], 130, 130);
  }
  brush.scaleBrushes(3);
  for (let y = -280; y < 300; y += 35) {
    brush.set(y % 70 ? 'pen' : '2B', '#2b2b2b', 0.8);
    brush.line(-300, y, 300, y);
  }
  for (let i = 0; i < 6; i++) {
    brush.set('rotring', '#1a1a1a', 1);
    brush.circle(pos[i][0], pos[i][1], 70);
  }
  brush.noStroke();
  brush.fill('#f4e3c1', 160);
  brush.circle(0, 0, 60);
  brush.noFill();
}
