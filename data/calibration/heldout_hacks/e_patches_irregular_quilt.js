// hack class: e sixteen colour patches
// Sixteen irregular quadrilateral patches (jittered 4x4 lattice) in saturated complementary colours, spline borders in marker and pen, two patches hatched, white 2B stitch marks.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#faf6ee');
  brush.scaleBrushes(3);
  const pal = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c', '#f78c6b', '#8338ec', '#3a86ff'];
  const g = [];
  for (let i = 0; i <= 4; i++) {
    g.push([]);
    for (let j = 0; j <= 4; j++) {
      const edge = i == 0 || j == 0 || i == 4 || j == 4;
      g[i].push([-300 + i * 150 + (edge ? 0 : random(-40, 40)), -300 + j * 150 + (edge ? 0 : random(-40, 40))]);
    }
  }
  brush.fillTexture(0.5, 0.5);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      brush.noStroke();
      brush.fill(pal[(i * 5 + j * 3) % pal.length], 200);
      brush.fillBleed(random(0.05, 0.25));
      brush.polygon([g[i][j], g[i + 1][j], g[i + 1][j + 1], g[i][j + 1]]);
      brush.noFill();
    }
  }
  for (let i = 1; i < 4; i++) {
    const col = [], row = [];
    for (let j = 0; j <= 4; j++) { col.push(g[i][j]); row.push(g[j][i]); }
    brush.set('marker', '#1b1b1b', 1);
    brush.spline(col, 0.5);
    brush.set('pen', '#1b1b1b', 1.5);
    brush.spline(row, 0.5);
  }
  brush.noStroke();
  brush.hatch(7, 0.6, { rand: 0.15 });
  brush.hatchStyle('HB', '#1b1b1b', 0.8);
  brush.polygon([g[1][1], g[2][1], g[2][2], g[1][2]]);
  brush.polygon([g[2][2], g[3][2], g[3][3], g[2][3]]);
  brush.noHatch();
  for (let i = 0; i < 40; i++) {
    const x = random(-290, 270), y = random(-290, 290);
    brush.set('2B', '#fefae0', 1);
    brush.line(x, y, x + 14, y + 6);
  }
}
