// Stained glass window: jittered grid of jewel-toned panes with heavy lead lines
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#efe9dc');
  brush.scaleBrushes(3);

  // Jittered lattice of points
  const n = 6, s = 560 / n, P = [];
  for (let i = 0; i <= n; i++) {
    P.push([]);
    for (let j = 0; j <= n; j++) {
      const edge = i === 0 || j === 0 || i === n || j === n;
      P[i].push([-280 + i * s + (edge ? 0 : random(-25, 25)), -280 + j * s + (edge ? 0 : random(-25, 25))]);
    }
  }
  const jewels = ['#9b2226', '#005f73', '#ee9b00', '#0a9396', '#ae2012', '#94d2bd', '#3a0ca3', '#e9d8a6'];

  // Each cell is split into two triangles with its own watercolor pane
  brush.noStroke();
  brush.fillTexture(0.6, 0.6);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = P[i][j], b = P[i + 1][j], c = P[i + 1][j + 1], d = P[i][j + 1];
      brush.fill(random(jewels), 235);
      brush.polygon([a, b, c]);
      brush.fill(random(jewels), 235);
      brush.polygon([a, c, d]);
    }
  }
  brush.noFill();

  // Lead came: thick marker lines along every edge and diagonal
  brush.set('marker', '#15151a', 1.6);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      if (i < n) brush.line(P[i][j][0], P[i][j][1], P[i + 1][j][0], P[i + 1][j][1]);
      if (j < n) brush.line(P[i][j][0], P[i][j][1], P[i][j + 1][0], P[i][j + 1][1]);
      if (i < n && j < n) brush.line(P[i][j][0], P[i][j][1], P[i + 1][j + 1][0], P[i + 1][j + 1][1]);
    }
  }
}
