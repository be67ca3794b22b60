// Bouquet of wildflowers tied with a ribbon, loose watercolor heads on ink stems
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf8f2');
  brush.scaleBrushes(3);
  const knot = [0, 140];

  // Stems fanning out from the knot
  const heads = [];
  for (let i = 0; i < 19; i++) {
    const a = map(i, 0, 18, -2.5, -0.65) + random(-0.08, 0.08);
    const L = random(190, 290);
    const hx = knot[0] + cos(a) * L, hy = knot[1] + sin(a) * L;
    heads.push([hx, hy]);
    brush.set('pen', '#3c6e47', 1.2);
    brush.spline([[knot[0] - cos(a) * 90, knot[1] - sin(a) * 90 * 0.6], knot, [(knot[0] + hx) / 2 + random(-15, 15), (knot[1] + hy) / 2], [hx, hy]], 0.5);
  }

  // Flower heads, each a cluster of small fills
  const cols = ['#6a4c93', '#f25f5c', '#ffe066', '#247ba0', '#f4a6c1', '#ffffff'];
  for (const [x, y] of heads) {
    const c = random(cols);
    brush.noStroke();
    brush.fillBleed(0.15);
    for (let k = 0; k < 5; k++) {
      const a = (TWO_PI * k) / 5;
      brush.fill(c, 210);
      brush.circle(x + cos(a) * 14, y + sin(a) * 14, random(11, 16), 0.5);
    }
    brush.fill('#f9c74f', 240);
    brush.circle(x, y, 6);
    brush.noFill();
  }

  // Ribbon bow
  brush.set('marker', '#d1495b', 1.5);
  brush.spline([[-5, 140], [-45, 110], [-50, 160], [-5, 140]], 0.8);
  brush.spline([[5, 140], [45, 110], [50, 160], [5, 140]], 0.8);
  brush.spline([[0, 140], [-20, 190], [-35, 230]], 0.6);
  brush.spline([[0, 140], [15, 195], [35, 235]], 0.6);
}
