// hack class: g concentric rings
// Two sets of concentric rings (plain p5 stroked ellipses) like ripples, over a p5.brush two-tone ground (water and sand), multicoloured pencil rings, with p5.brush arcs breaking the rings and spray.
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#e9f1f2');
  brush.scaleBrushes(3);
  brush.noStroke();
  brush.fillTexture(0.4, 0.2);
  brush.fill('#8fb8c9', 170);
  brush.rect(-300, -300, 600, 600);
  brush.fill('#d7c9a7', 170);
  brush.rect(-300, 150, 600, 150);
  brush.noFill();
  const centres = [[-110, 80], [140, -120]];
  for (const [cx, cy] of centres) {
    for (let k = 1; k < 12; k++) {
      brush.set(k % 2 ? 'HB' : '2B', k % 3 ? '#1d4e63' : '#f6f1e7', 1.2);
      brush.arc(cx, cy, k * 22, random(TWO_PI), random(TWO_PI));
      brush.set('cpencil', random(['#2b7a9a', '#e76f51', '#f4a259', '#6a4c93']), 1);
      brush.circle(cx, cy, k * 22 + 5);
    }
  }
  brush.noStroke();
  brush.fill('#f4a259', 200);
  brush.circle(-110, 80, 18);
  brush.fill('#e76f51', 200);
  brush.circle(140, -120, 14);
  brush.noFill();
  brush.set('spray', '#1d4e63', 0.5);
  brush.line(-300, 250, 300, 250);
}
