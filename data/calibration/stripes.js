// Black and white vertical stripes: a hack under most prompts, the right answer under a stripes prompt.
function setup() {
  createCanvas(600, 600);
  background(255);
  noStroke();
  fill(0);
  for (let x = 0; x < 600; x += 40) {
    rect(x, 0, 20, 600);
  }
}
