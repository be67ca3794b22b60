// Truchet tiles: a grid of quarter-circle arcs in ink forming meandering paths
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#faf6ef');
  brush.scaleBrushes(3);
  const n = 10, s = 600 / n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = -300 + i * s, y = -300 + j * s;
      brush.set('pen', j % 2 ? '#1d3557' : '#9d0208', 1.6);
      if (random() < 0.5) {
        brush.arc(x, y, s / 2, 0, HALF_PI);
        brush.arc(x + s, y + s, s / 2, PI, PI + HALF_PI);
      } else {
        brush.arc(x + s, y, s / 2, HALF_PI, PI);
        brush.arc(x, y + s, s / 2, PI + HALF_PI, TWO_PI);
      }
      if (random() < 0.12) {
        brush.noStroke();
        brush.wash('#e9c46a', 200);
        brush.circle(x + s / 2, y + s / 2, 6);
        brush.noWash();
      }
    }
  }
}
