// Moonlit river winding through dark fields toward distant hills
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#1b2233');
  brush.scaleBrushes(3);

  // Night sky glow around the moon
  brush.noStroke();
  brush.fillBleed(0.5, 'out');
  brush.fill('#3b4a6b', 200);
  brush.circle(120, -190, 140);
  brush.noFill();
  brush.wash('#f1ead2', 255);
  brush.circle(120, -190, 30);
  brush.noWash();

  // Hills
  brush.fill('#0a0e18', 250);
  brush.beginShape(0.6);
  brush.vertex(-320, -40);
  brush.vertex(-150, -90);
  brush.vertex(20, -50);
  brush.vertex(200, -100);
  brush.vertex(320, -60);
  brush.vertex(320, 320);
  brush.vertex(-320, 320);
  brush.endShape(true);

  // River: widening S-curve toward the viewer
  const left = [], right = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const y = lerp(-60, 310, t);
    const cx = 60 * sin(t * 5) - 40 * t;
    const w = lerp(6, 160, t * t);
    left.push([cx - w, y]);
    right.unshift([cx + w, y]);
  }
  // Light on a dark ground: a flat wash first (watercolor glazes only darken)
  brush.wash('#56658a', 255);
  brush.polygon(left.concat(right));
  brush.noWash();
  brush.fillTexture(0.6, 0.5);
  brush.fill('#8f9cc0', 200);
  brush.polygon(left.concat(right));
  brush.noFill();

  // Moon reflections as short broken strokes down the river centre
  for (let t = 0.1; t < 1; t += 0.03) {
    const y = lerp(-60, 310, t), cx = 60 * sin(t * 5) - 40 * t, w = lerp(6, 160, t * t);
    brush.set('cpencil', '#f1ead2', 1 + t * 2);
    brush.line(cx - w * 0.3 + random(-5, 5), y, cx + w * 0.3 + random(-5, 5), y);
  }

  // Reeds along the banks
  for (let i = 0; i < 40; i++) {
    const side = random() < 0.5 ? left : right;
    const [x, y] = random(side);
    brush.set('2B', '#0b0f18', random(1, 2));
    brush.line(x, y, x + random(-6, 6), y - random(15, 45));
  }
}
