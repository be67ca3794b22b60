// Op-art: two overlapping sets of concentric rotring rings around a hatched central square
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5f3ee');
  brush.scaleBrushes(3);

  const cx = [-120, 130], cy = [-90, 110];
  // Two overlapping ring systems create a moire interference
  for (let s = 0; s < 2; s++) {
    for (let r = 20; r < 260; r += 14) {
      brush.set('rotring', s === 0 ? '#111111' : '#b3261e', 1.4);
      brush.noFill();
      brush.circle(cx[s], cy[s], r);
    }
  }

  // A central square band filled with fine diagonal hatching
  brush.set('rotring', '#111111', 1);
  brush.hatch(6, QUARTER_PI);
  brush.rect(-60, -60, 120, 120);
  brush.hatch(6, -QUARTER_PI);
  brush.rect(-30, -30, 60, 60);
  brush.noHatch();

  // Corner checker accents
  for (let i = 0; i < 4; i++) {
    const x = i % 2 === 0 ? -290 : 230, y = i < 2 ? -290 : 230;
    brush.noStroke();
    brush.wash(i % 2 ? '#111111' : '#b3261e', 230);
    brush.rect(x, y, 60, 60);
    brush.noWash();
  }
}
