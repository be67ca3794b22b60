// hack class: c random triangles
// Random quads and pentagons (shards) filled with watercolour in cool-warm complementary pairs, every shard outlined with a different brush.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f4f1ea');
  brush.scaleBrushes(3);
  const pal = ['#1d3557', '#457b9d', '#a8dadc', '#e63946', '#f1a882', '#ffd6a5'];
  const pens = ['pen', 'rotring', '2B', 'HB', 'cpencil', 'marker'];
  brush.fillTexture(0.4, 0.4);
  for (let i = 0; i < 70; i++) {
    const x = random(-280, 280), y = random(-280, 280), r = random(25, 90);
    const n = floor(random(4, 6));
    const pts = [];
    for (let k = 0; k < n; k++) {
      const a = TWO_PI * k / n + random(-0.3, 0.3);
      pts.push([x + cos(a) * r * random(0.6, 1.1), y + sin(a) * r * random(0.6, 1.1)]);
    }
    brush.set(pens[i % pens.length], '#222831', 1);
    brush.fill(random(pal), 180);
    brush.fillBleed(random(0.05, 0.3));
    brush.polygon(pts);
    brush.noFill();
  }
}
