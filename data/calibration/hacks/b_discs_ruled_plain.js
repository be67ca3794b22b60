// hack class: b six discs ruled lines
// Six flat plain-p5 discs of different sizes in a row of random heights, with 16 plain diagonal rules across the canvas.
function setup() {
  createCanvas(600, 600);
  background(236, 232, 220);
  const cols = ['#1d3557', '#e63946', '#a8dadc', '#457b9d', '#f1c453', '#6a994e'];
  noStroke();
  for (let i = 0; i < 6; i++) {
    fill(cols[i]);
    circle(60 + i * 96, random(150, 450), random(70, 140));
  }
  stroke(30);
  strokeWeight(2);
  for (let k = -600; k < 600; k += 75) line(k, 0, k + 600, 600);
}
