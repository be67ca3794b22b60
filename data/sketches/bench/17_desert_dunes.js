// Desert dunes at noon: curved sand ridges in pastel under a pale sky
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f6ecd9');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fill('#a9d1e6', 170);
  brush.rect(-320, -320, 640, 300);

  const duneCols = ['#e9b872', '#d99a55', '#c57b3f', '#a85e2f'];
  for (let k = 0; k < 4; k++) {
    const base = -60 + k * 90;
    brush.fill(duneCols[k], 220);
    brush.fillBleed(0.1);
    brush.beginShape(0.7);
    brush.vertex(-320, base + 40);
    brush.vertex(-150 + k * 40, base - 30 - random(30));
    brush.vertex(40 - k * 30, base + 20);
    brush.vertex(200 + k * 20, base - 40 - random(20));
    brush.vertex(320, base + 10);
    brush.vertex(320, 320);
    brush.vertex(-320, 320);
    brush.endShape(true);
  }
  brush.noFill();

  // Wind ripples along the "curved" field
  brush.field('curved');
  for (let i = 0; i < 120; i++) {
    const y = random(-40, 300);
    brush.set('pastel', random(['#8c4b22', '#f4d6a0', '#b86d36']), random(0.8, 1.4));
    brush.flowLine(random(-320, 250), y, random(50, 140), random(-0.1, 0.1));
  }
  brush.noField();

  // Sun
  brush.noStroke();
  brush.wash('#fff4c9', 255);
  brush.circle(190, -210, 35);
  brush.noWash();
}
