// Sunset over a still lake with a reflected sun and dark far shore
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbf3e4');
  brush.scaleBrushes(3);
  brush.noStroke();

  // Graded sky: stacked bands of warm watercolor
  const bands = ['#f6d186', '#f4a259', '#e76f51', '#b5525c'];
  brush.fillBleed(0.2, 'out', 90);
  brush.fillTexture(0.4, 0.2);
  for (let i = 0; i < bands.length; i++) {
    brush.fill(bands[i], 150);
    brush.rect(-320, -300 + i * 70, 640, 90);
  }

  // Sun and its reflection
  brush.fillBleed(0.05);
  brush.fill('#ffdd67', 230);
  brush.circle(0, -20, 55);
  brush.noFill();
  brush.wash('#ffe8a3', 160);
  brush.rect(-70, 40, 140, 12);
  brush.rect(-50, 70, 100, 8);
  brush.rect(-30, 95, 60, 6);
  brush.noWash();

  // Far shore silhouette
  brush.fillBleed(0.1);
  brush.fill('#3b2c3f', 220);
  brush.beginShape(0.4);
  brush.vertex(-320, 20);
  for (let x = -300; x <= 300; x += 60) brush.vertex(x, 10 - noise(x * 0.01) * 45);
  brush.vertex(320, 35);
  brush.vertex(-320, 35);
  brush.endShape(true);

  // Lake: two glazes, darker towards the viewer
  brush.fill('#8c6f8f', 200);
  brush.rect(-320, 34, 640, 290);
  brush.fill('#4e3d5e', 180);
  brush.rect(-320, 150, 640, 170);
  brush.noFill();

  // Horizontal ripple strokes
  for (let i = 0; i < 90; i++) {
    const y = random(45, 300);
    const x = random(-300, 250) * map(y, 45, 300, 0.3, 1);
    const w = map(y, 45, 300, 1.5, 4);
    brush.set(random(['HB', '2B', 'cpencil']), random(['#ffd27a', '#3a2b48', '#fbe2b4']), w);
    brush.line(x, y, x + random(20, 90) * w / 2, y + random(-1, 1));
  }
}
