// hack class: b six discs ruled lines
// Six wash discs in randomly drawn colours on a ring, crossed by 12 vertical 2B rules and 12 horizontal HB rules (a graph-paper grid).
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#fbfaf5');
  brush.scaleBrushes(3);
  brush.set('HB', '#303030', 1.2);
  brush.line(-300, -275, 300, -275);
  brush.noStroke();
  const cols = shuffle(['#c1121f', '#ff9f1c', '#2ec4b6', '#3a0ca3', '#70e000', '#f72585', '#4361ee', '#8d5524', '#ffd60a']);
  for (let i = 0; i < 6; i++) {
    const c = cols[i];
    brush.wash(c, 230);
    brush.circle(180 * cos(i * TWO_PI / 6), 180 * sin(i * TWO_PI / 6), random(40, 80));
    brush.noWash();
  }
  brush.set('2B', '#303030', 1.2);
  for (let x = -275; x < 300; x += 50) brush.line(x, -300, x, 300);
  brush.set('HB', '#303030', 1.2);
  for (let y = -225; y < 300; y += 50) brush.line(-300, y, 300, y);
}
