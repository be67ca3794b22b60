// Rainy window: blurred city lights behind streaks of rain running down the glass
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#2b3440');
  brush.scaleBrushes(3);

  // Bokeh lights: soft watercolor blobs with strong bleed
  brush.noStroke();
  brush.fillBleed(0.5, 'out');
  brush.fillTexture(0.2, 0.8);
  const lights = ['#f6bd60', '#f28482', '#84a59d', '#f7ede2', '#e9c46a'];
  for (let i = 0; i < 16; i++) {
    brush.fill(random(lights), random(140, 220));
    brush.circle(random(-280, 280), random(-150, 250), random(20, 50));
  }
  brush.noFill();

  // Rain streaks: thin 2H lines with slight slant, a few thicker drips
  for (let i = 0; i < 180; i++) {
    const x = random(-300, 300), y = random(-300, 280), len = random(15, 70);
    brush.set('2H', random(['#c9d6df', '#9fb1bf']), random(0.8, 1.6));
    brush.line(x, y, x - len * 0.08, y + len);
  }
  for (let i = 0; i < 20; i++) {
    const x = random(-290, 290), y = random(-280, 100);
    brush.set('rotring', '#dbe7ee', 1.5);
    brush.spline([[x, y], [x + random(-6, 6), y + 60], [x + random(-6, 6), y + 130, 1.4]], 0.5);
    brush.noStroke();
    brush.wash('#e8f1f6', 200);
    brush.circle(x, y + 132, 3);
    brush.noWash();
  }

  // Window frame
  brush.set('marker', '#1a1f26', 3);
  brush.line(0, -300, 0, 300);
  brush.line(-300, -20, 300, -20);
}
