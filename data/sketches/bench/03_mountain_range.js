// Layered mountain ranges fading into mist, drawn with noise ridgelines
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f2efe6');
  brush.scaleBrushes(3);

  // Pale sky wash
  brush.noStroke();
  brush.wash('#dbe6ec', 255);
  brush.rect(-300, -300, 600, 600);
  brush.noWash();

  const layers = [
    { base: -60, amp: 160, col: '#a9b8c6' },
    { base: 10, amp: 140, col: '#7d92a8' },
    { base: 90, amp: 110, col: '#52677f' },
    { base: 170, amp: 80, col: '#2e3d52' },
  ];
  brush.fillTexture(0.6, 0.4);
  layers.forEach((L, k) => {
    const pts = [];
    for (let x = -320; x <= 320; x += 20) {
      const y = L.base - noise(x * 0.006 + k * 10, k) * L.amp;
      pts.push([x, y]);
    }
    pts.push([320, 320], [-320, 320]);
    brush.noStroke();
    brush.wash(L.col, 110 + k * 30);
    brush.polygon(pts);
    brush.noWash();
    brush.fillBleed(0.15, 'out');
    brush.fill(L.col, 220);
    brush.polygon(pts);
    // Ridge line in pen
    brush.noFill();
    brush.set('pen', '#1c2633', 0.8 + k * 0.2);
    brush.spline(pts.slice(0, pts.length - 2), 0.3);
  });

  // Birds
  brush.set('HB', '#222', 2);
  for (let i = 0; i < 6; i++) {
    const x = random(-150, 150), y = random(-250, -170), s = random(6, 12);
    brush.spline([[x - s, y], [x - s / 2, y - s / 2], [x, y]], 0.6);
    brush.spline([[x, y], [x + s / 2, y - s / 2], [x + s, y]], 0.6);
  }
}
