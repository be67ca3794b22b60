// Generative flow field: hundreds of colored ribbons following a Perlin-noise field
function setup() {
  createCanvas(600, 600, WEBGL);
  background('#f7f1e3');
  brush.scaleBrushes(3);

  // Custom field from p5 noise, given in radians
  brush.addField('noiseflow', (t, field) => {
    for (let c = 0; c < field.length; c++) {
      for (let r = 0; r < field[0].length; r++) {
        field[c][r] = (noise(c * 0.03, r * 0.03) - 0.5) * TWO_PI * 1.5;
      }
    }
    return field;
  }, { angleMode: 'radians' });
  brush.field('noiseflow');

  const palette = ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'];
  const kinds = ['pen', 'HB', 'cpencil', 'marker', '2B'];
  for (let i = 0; i < 320; i++) {
    const x = random(-300, 300), y = random(-300, 300);
    const k = floor(random(kinds.length));
    brush.set(kinds[k], random(palette), kinds[k] === 'marker' ? random(0.3, 0.7) : random(1, 2.5));
    brush.flowLine(x, y, random(60, 220), 0);
  }
  brush.noField();

  // Frame
  brush.set('rotring', '#264653', 2);
  brush.rect(-280, -280, 560, 560);
}
