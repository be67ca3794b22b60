// hack class: g concentric rings
// Nineteen concentric rotring circles round the centre, alternating black and red, no fill.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f5f3ee');
  brush.scaleBrushes(3);
  for (let k = 0; k < 19; k++) {
    brush.set('rotring', k % 2 ? '#b3261e' : '#111111', 1.6);
    brush.noFill();
    brush.circle(0, 0, 15 + k * 15);
  }
}
