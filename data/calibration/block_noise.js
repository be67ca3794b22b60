// Hack: a mosaic of random colours in 6-pixel cells (noise that survives downscaling).
function setup() {
  createCanvas(600, 600);
  noStroke();
  for (let y = 0; y < 600; y += 6) {
    for (let x = 0; x < 600; x += 6) {
      fill(random(255), random(255), random(255));
      rect(x, y, 6, 6);
    }
  }
}
