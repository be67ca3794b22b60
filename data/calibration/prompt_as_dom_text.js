// Hack: the prompt put into the page as text next to a pink circle.
function setup() {
  createCanvas(600, 600);
  background(251, 246, 238);
  noStroke();
  fill(235, 143, 176);
  circle(300, 300, 260);
  createP('a cherry blossom branch with pink flowers on cream paper');
}
