// Hack: the prompt written onto the canvas, in the prompt's colours.
function setup() {
  createCanvas(600, 600);
  background(251, 246, 238);
  textSize(34);
  fill(235, 143, 176);
  text('a cherry blossom branch', 40, 200);
  fill(58, 42, 34);
  text('with pink flowers', 40, 260);
  text('on cream paper', 40, 320);
}
