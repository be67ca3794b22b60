// hack class: g concentric rings
// Eight concentric textured fills centred on the upper-left thirds point, hue walking blue to gold, pencil ring outlines, a hatched core and short radial ticks round the outside.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f8f3e8');
  brush.scaleBrushes(3);
  const cols = ['#22577a', '#38a3a5', '#57cc99', '#80ed99', '#c7f9cc', '#f6bd60', '#f28482', '#84a59d'];
  const cx = -100, cy = -100;
  brush.fillTexture(0.5, 0.3);
  for (let k = 8; k > 0; k--) {
    brush.noStroke();
    brush.fill(cols[8 - k], 210);
    brush.fillBleed(0.05);
    brush.circle(cx, cy, k * 48);
    brush.noFill();
    brush.set(random(['2B', 'HB', 'cpencil']), '#2f3e46', 1);
    brush.circle(cx, cy, k * 48 + random(-3, 3));
  }
  brush.noStroke();
  brush.hatch(5, QUARTER_PI);
  brush.hatchStyle('pen', '#2f3e46', 0.8);
  brush.circle(cx, cy, 40);
  brush.noHatch();
  for (let a = 0; a < TWO_PI; a += TWO_PI / 24) {
    brush.set(random(['pen', 'charcoal']), '#2f3e46', 1);
    brush.line(cx + cos(a) * 200, cy + sin(a) * 200, cx + cos(a) * 260, cy + sin(a) * 260);
  }
}
