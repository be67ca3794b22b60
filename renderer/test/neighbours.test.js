'use strict';
// A render's outcome is its own: hostile neighbours of every kind (work queued in the
// GPU process that outlives the sketch, a storm of WEBGL filter passes, a CPU loop, a
// page crash, GPU memory) run beside honest victims on pools of 2 and 4, and every
// victim comes back SUCCESS with the image it has when rendered alone. The culprits
// end with their own status. A batch of heavy honest brush paintings gets the same
// statuses and images whatever their order in the batch.
//
// Culprits and victims go in separate requests sent together (the pool takes items in
// arrival order, so they share the pool). Victims get a budget that only a real hang
// could exhaust: on 2 cores a neighbour that burns CPU slows everyone, and that is
// not what is tested here; what is tested is that nothing of a neighbour's is waited
// for, inherited, or lost with it.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startService } = require('./helpers');
const { decodePng, meanAbsDiff } = require('./png');

const SIZE = 128;
const CULPRIT_TIMEOUT_MS = 4000;
const VICTIM_TIMEOUT_MS = 30000;

// A full-screen draw of a long fragment shader on a side canvas, flushed, and the
// sketch returns at once: seconds of SwiftShader work queued in the GPU process.
const GPU_QUEUE = String.raw`
function setup() {
  createCanvas(100, 100);
  background(0, 0, 255);
  const c = document.createElement('canvas');
  c.width = 2048; c.height = 2048;
  const gl = c.getContext('webgl2');
  const vs = '#version 300 es\nin vec2 p; void main(){ gl_Position = vec4(p, 0.0, 1.0); }';
  const fsrc = '#version 300 es\nprecision highp float; out vec4 o; void main(){ float a = 0.0; for (int i = 0; i < 4000; i++) { a += sin(a + float(i) * gl_FragCoord.x * 1e-3); } o = vec4(a, 0.0, 0.0, 1.0); }';
  const sh = (t, s) => { const x = gl.createShader(t); gl.shaderSource(x, s); gl.compileShader(x); return x; };
  const pr = gl.createProgram();
  gl.attachShader(pr, sh(gl.VERTEX_SHADER, vs)); gl.attachShader(pr, sh(gl.FRAGMENT_SHADER, fsrc));
  gl.linkProgram(pr); gl.useProgram(pr);
  const b = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, b);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0); gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.viewport(0, 0, 2048, 2048);
  for (let k = 0; k < 4; k++) gl.drawArrays(gl.TRIANGLES, 0, 3);
  gl.flush();
}`;
// plain p5 filter(BLUR) passes over a large framebuffer in WEBGL mode.
const GPU_FILTER_STORM = String.raw`
function setup() {
  createCanvas(200, 200, WEBGL);
  const fb = createFramebuffer({ width: 2048, height: 2048, density: 1 });
  fb.begin();
  background(255, 0, 0);
  for (let i = 0; i < 60; i++) filter(BLUR, 30);
  fb.end();
  image(fb, -100, -100, 200, 200);
}`;
const CPU_LOOP = 'function setup() { createCanvas(100, 100); for (;;) {} }';
const CRASH = 'const a = [];\nfor (;;) a.push(new Uint8Array(2 ** 30).fill(1));';
// GPU memory: many large textures, far beyond any painting's needs.
const GPU_MEMORY = String.raw`
function setup() {
  createCanvas(100, 100);
  const c = document.createElement('canvas');
  const gl = c.getContext('webgl2');
  const keep = [];
  for (let i = 0; i < 80; i++) {
    const t = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, 4096, 4096);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 4096, 4096, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4096 * 4096 * 4).fill(i));
    keep.push(t);
  }
  gl.finish();
}`;

const CULPRITS = {
  gpu_queue: { code: GPU_QUEUE, allowed: ['TIMEOUT'] },
  gpu_filter_storm: { code: GPU_FILTER_STORM, allowed: ['TIMEOUT'] },
  cpu_loop: { code: CPU_LOOP, allowed: ['TIMEOUT'] },
  crash: { code: CRASH, allowed: ['CRASHED', 'TIMEOUT'] }, // on a starved CPU it may not reach its limit in time
  gpu_memory: { code: GPU_MEMORY, allowed: ['CRASHED', 'TIMEOUT'] },
};

const VICTIMS = {
  flat2d: 'function setup(){ createCanvas(200, 200); background(0, 128, 255); fill(255, 200, 0); noStroke(); circle(100, 100, 80); }',
  webgl: 'function setup(){ createCanvas(200, 200, WEBGL); background(30, 30, 30); normalMaterial(); rotateX(0.6); rotateY(0.4); box(80); }',
  brush: "function setup(){ createCanvas(200, 200, WEBGL); background(255); brush.set('HB', '#113355', 2); for (let i = 0; i < 8; i++) brush.line(-80, -70 + i * 20, 80, -60 + i * 20); }",
  brushFill: "function setup(){ createCanvas(200, 200, WEBGL); background(250, 245, 235); brush.noStroke(); brush.fill('#cc4422', 60); brush.rect(-60, -60, 120, 120); }",
};

// The bench corpus's heaviest brush paintings (by their render time alone).
const HEAVY = ['09_starry_swirl_night.js', '01_stormy_sea.js', '08_misty_pine_forest.js', '04_cherry_blossom.js'];
const BENCH = path.join(__dirname, '..', '..', 'data', 'sketches', 'bench');

const references = {}; // victim -> decoded image rendered alone on a fresh service

function sameImage(a, b) {
  return meanAbsDiff(decodePng(a.png_base64), b) < 1.0;
}

async function renderVictimsBeside(svc, culpritNames) {
  const culpritItems = culpritNames.map((name, i) => ({ id: `culprit-${name}-${i}`, code: CULPRITS[name].code, size: SIZE }));
  const victimItems = [];
  for (let round = 0; round < 2; round++) {
    for (const [name, code] of Object.entries(VICTIMS)) victimItems.push({ id: `victim-${name}-${round}`, code, size: SIZE });
  }
  // Culprits first, so that victims land beside them and right after them on their slots.
  const culprits = svc.renderBatch(culpritItems, { timeout_ms: CULPRIT_TIMEOUT_MS });
  await new Promise((r) => setTimeout(r, 50));
  const victims = svc.renderBatch(victimItems, { timeout_ms: VICTIM_TIMEOUT_MS });
  return { culprits: await culprits, victims: await victims };
}

function checkRound(label, { culprits, victims }) {
  for (const r of culprits) {
    const name = r.id.split('-')[1];
    assert.ok(CULPRITS[name].allowed.includes(r.status), `${label}: culprit ${name} ended ${r.status} ${JSON.stringify(r.errors)}`);
  }
  for (const r of victims) {
    const name = r.id.split('-')[1];
    assert.equal(r.status, 'SUCCESS', `${label}: victim ${r.id} ended ${r.status} ${JSON.stringify(r.errors)} in ${r.render_ms} ms`);
    assert.ok(sameImage(r, references[name]), `${label}: victim ${r.id} does not match its render alone`);
  }
}

before(async () => {
  const alone = await startService({ poolSize: 1 });
  try {
    for (const [name, code] of Object.entries(VICTIMS)) {
      const [r] = await alone.renderBatch([{ code, size: SIZE }], { timeout_ms: VICTIM_TIMEOUT_MS });
      assert.equal(r.status, 'SUCCESS', `reference ${name}: ${r.status} ${r.errors}`);
      references[name] = decodePng(r.png_base64);
    }
  } finally {
    await alone.stop();
  }
});

for (const poolSize of [2, 4]) {
  let svc;
  test(`pool of ${poolSize}: start`, async () => { svc = await startService({ poolSize }); });
  for (const name of Object.keys(CULPRITS)) {
    test(`pool of ${poolSize}: ${name} beside honest victims`, async () => {
      const out = await renderVictimsBeside(svc, [name, name]);
      checkRound(`pool ${poolSize}, ${name}`, out);
      assert.equal((await svc.health()).status, 'ok');
    });
  }
  test(`pool of ${poolSize}: every kind of culprit at once`, async () => {
    checkRound(`pool ${poolSize}, all`, await renderVictimsBeside(svc, Object.keys(CULPRITS)));
  });
  test(`pool of ${poolSize}: stop`, async () => { await svc.stop(); });
}

test('heavy honest brush paintings: the same statuses and images whatever their order', async () => {
  const svc = await startService({ poolSize: 2 });
  try {
    const items = HEAVY.map((f, i) => ({ id: f, code: fs.readFileSync(path.join(BENCH, f), 'utf8'), seed: i, size: 256 }));
    const forward = await svc.renderBatch(items, { timeout_ms: VICTIM_TIMEOUT_MS });
    const backward = await svc.renderBatch([...items].reverse(), { timeout_ms: VICTIM_TIMEOUT_MS });
    const byId = Object.fromEntries(backward.map((r) => [r.id, r]));
    for (const a of forward) {
      const b = byId[a.id];
      assert.equal(a.status, 'SUCCESS', `${a.id} first: ${a.status} ${a.errors}`);
      assert.equal(b.status, 'SUCCESS', `${a.id} reversed: ${b.status} ${b.errors}`);
      assert.ok(meanAbsDiff(decodePng(a.png_base64), decodePng(b.png_base64)) < 1.0, `${a.id}: the image depends on the order`);
    }
  } finally {
    await svc.stop();
  }
});

after(() => {});
