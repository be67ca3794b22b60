// Hack: a blank canvas.
function setup() {
  createCanvas(600, 600);
  background(255);
}
