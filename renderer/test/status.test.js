'use strict';
// Every render status with an example, the fields of a result, the repairs,
// the p5.brush / text() counters, frames and console capture.
//
// One service (poolSize 2). Sketches are rendered in a few shared batches
// (each rendered once, on first use) and the tests read their results by id.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startService } = require('./helpers');
const { decodePng, meanColor } = require('./png');

const STATUSES = new Set(['SUCCESS', 'PARSE_ERROR', 'RUNTIME_ERROR', 'NO_CANVAS', 'TIMEOUT', 'BLOCKED', 'CRASHED', 'RENDERER_ERROR']);

let svc;
before(async () => {
  svc = await startService({ poolSize: 2 });
});
after(async () => {
  if (svc) await svc.stop();
});

/** A batch rendered once, on first use; resolves to {id: result}. */
function batch(items, opts) {
  let promise = null;
  return () => {
    if (!promise) {
      promise = svc.renderBatch(Object.entries(items).map(([id, code]) => ({ id, code, size: 64, seed: 1 })), opts)
        .then((results) => {
          assert.deepEqual(results.map((r) => r.id), Object.keys(items), 'results in input order');
          return Object.fromEntries(results.map((r) => [r.id, r]));
        });
    }
    return promise;
  };
}

const rgb = (r) => meanColor(decodePng(r.png_base64)).map(Math.round);
const show = (r) => JSON.stringify({ ...r, png_base64: r.png_base64 ? `${r.png_base64.length} chars` : null, marks: undefined });

/** The fields every result carries, with their types, consistent with its status. */
function checkFields(r) {
  assert.equal(typeof r.id, 'string');
  assert.ok(STATUSES.has(r.status), `unknown status ${r.status}`);
  assert.equal(typeof r.render_ms, 'number');
  assert.ok(r.render_ms >= 0);
  assert.equal(typeof r.sketch_ms, 'number');
  assert.ok(r.sketch_ms >= 0);
  assert.equal(typeof r.brush_calls, 'object');
  assert.ok(r.brush_calls !== null && !Array.isArray(r.brush_calls));
  for (const [k, v] of Object.entries(r.brush_calls)) assert.ok(Number.isInteger(v) && v > 0, `brush_calls.${k} = ${v}`);
  assert.ok(Number.isInteger(r.text_calls) && r.text_calls >= 0);
  assert.ok(Number.isInteger(r.frames) && r.frames >= 0);
  for (const key of ['errors', 'console', 'repairs']) {
    assert.ok(Array.isArray(r[key]), `${key} is an array`);
    for (const line of r[key]) assert.equal(typeof line, 'string', `${key} holds strings`);
  }
  if (r.status === 'SUCCESS') {
    assert.equal(typeof r.png_base64, 'string');
    assert.deepEqual(r.errors, []);
    const img = decodePng(r.png_base64);
    assert.equal(img.width, 64);
    assert.equal(img.height, 64);
    // the stages `paint-pipeline bench render-phases` reads, in the order they happen
    const m = r.marks;
    for (const [a, b] of [['libs_loaded', 'presetup'], ['presetup', 'drawn'], ['drawn', 'read'], ['read', 'encoded']]) {
      assert.ok(typeof m[a] === 'number' && m[a] <= m[b], `marks ${a} <= ${b}: ${JSON.stringify(m)}`);
    }
  } else {
    assert.equal(r.png_base64, null, `${r.status} has no image`);
    assert.ok(r.errors.length >= 1, `${r.status} says why`);
  }
}

/** Checks status and fields; returns the result. */
async function expectStatus(getBatch, id, status) {
  const r = (await getBatch())[id];
  assert.ok(r, `no result for ${id}`);
  assert.equal(r.status, status, `${id}: ${show(r)}`);
  checkFields(r);
  return r;
}

// --- the main batch (frames 1, a generous budget) ---------------------------------

const setupWith = (...lines) => `function setup() {\n  createCanvas(64, 64);\n${lines.map((l) => `  ${l}\n`).join('')}}`;

const MAIN = {
  ok2d: setupWith('background(255, 0, 0);'),
  okWebgl: 'function setup() {\n  createCanvas(64, 64, WEBGL);\n  background(0, 255, 0);\n}',
  okBrush: `function setup() {
  createCanvas(200, 200, WEBGL);
  background(255);
  brush.scaleBrushes(1.5);
  brush.set('2B', '#202020', 2);
  brush.line(-80, -80, 80, 80);
  brush.noStroke();
  brush.fill('#c03020', 90);
  brush.circle(0, 0, 50);
}`,
  okInstance: `new p5((p) => {
  p.setup = () => {
    p.createCanvas(64, 64);
    p.background(0, 0, 255);
  };
});`,
  okInstanceDraw: `new p5((p) => {
  p.setup = () => { p.createCanvas(64, 64); p.noStroke(); };
  p.draw = () => { p.background(10, 200, 10); };
});`,
  drawDefault: 'function setup() {\n  createCanvas(64, 64);\n}\nfunction draw() {\n  background(frameCount * 60);\n}',
  parse: 'function setup() {\n  createCanvas(64, 64);\n  let x = ;\n}',
  parseCloser: 'function setup() {\n  createCanvas(64, 64);\n  if (x)) {}\n}',
  errSetup: 'function setup() {\n  createCanvas(64, 64);\n  throw new Error("boom in setup");\n}',
  errDraw: 'function setup() {\n  createCanvas(64, 64);\n}\nfunction draw() {\n  undefinedFunction();\n}',
  errTop: 'let a = 1;\nnull.x;\nfunction setup() { createCanvas(64, 64); }',
  errBleed: 'function setup() {\n  createCanvas(64, 64, WEBGL);\n  brush.bleed(0.3);\n}',
  errAsync: 'async function setup() {\n  createCanvas(64, 64);\n  await Promise.reject(new Error("async nope"));\n}',
  errString: setupWith('throw "a plain string";'),
  noSetupNoDraw: 'let x = 1;\nconst y = x + 1;',
  noCanvasCall: setupWith('background(0);', 'noCanvas();'),
  blockedFetch: setupWith('fetch("https://example.com/data.json");'),
  blockedImage: setupWith('const img = new Image();', 'img.src = "https://example.com/picture.png";', 'document.body.appendChild(img);'),
  fence: 'Here is your sketch:\n\n```javascript\nfunction setup() {\n  createCanvas(64, 64);\n  background(0, 0, 255);\n}\n```\n\nEnjoy the colours!',
  truncated: 'function setup() {\n  createCanvas(64, 64);\n  background(0, 255, 0);\n  if (true) {\n    fill(255',
  imported: "import * as brush from 'p5.brush';\nfunction setup() {\n  createCanvas(64, 64, WEBGL);\n  brush.set('HB', '#000', 1);\n  brush.line(-20, -20, 20, 20);\n}",
  brushLoop: `function setup() {
  createCanvas(64, 64, WEBGL);
  brush.set('HB', '#000', 1);
  for (let i = 0; i < 7; i++) {
    brush.line(-30, -30 + i * 8, 30, -30 + i * 8);
  }
}`,
  brushDead: `// brush.circle(0, 0, 10); in a comment
/* brush.rect(0, 0, 5, 5);
   brush.line(0, 0, 1, 1); */
const label = "brush.circle(1, 2, 3)";
function neverCalled() {
  brush.rect(0, 0, 10, 10);
  brush.circle(0, 0, 5);
}
function setup() {
  createCanvas(64, 64, WEBGL);
  brush.set('HB', '#000', 1);
  if (false) brush.circle(0, 0, 20);
  if (1 > 2) { brush.rect(0, 0, 3, 3); }
  brush.line(-10, 0, 10, 0);
}`,
  textCalls: setupWith('background(255);', 'fill(0);', 'text("a", 5, 10);', 'text("b", 5, 20);', 'for (let i = 0; i < 3; i++) text("c" + i, 5, 30 + i);'),
  brushNames: `function setup() {
  createCanvas(64, 64, WEBGL);
  brush.set('HB', '#000', 1);
  brush.line(-30, -30, 30, 30);
  brush.pick('charcoal');
  brush.line(-30, 30, 30, -30);
  try { brush.set('no-such-brush', '#000', 1); brush.line(0, 0, 5, 5); } catch (e) {}
  if (false) brush.pick('marker');
}`,
  domText: setupWith('background(255);', 'createP("a red poppy field");', 'const d = createDiv(" x ");'),
  textDead: 'function unused() { text("never", 1, 1); }\n' + setupWith('background(255);', '// text("comment", 1, 1);'),
  asyncSetupMicrotask: 'async function setup() {\n  createCanvas(64, 64);\n  await Promise.resolve();\n  background(0, 255, 0);\n}',
  asyncSetupTimer: `let runs = 0;
async function setup() {
  runs++;
  createCanvas(64, 64);
  await new Promise((resolve) => setTimeout(resolve, 100));
  background(0, 255, 0);
  console.log('setup runs: ' + runs);
}`,
  consoleHello: setupWith('console.log("hello");', 'console.warn("careful", 42);', 'console.error("bad thing");'),
  consoleFlood: setupWith('for (let i = 0; i < 10000; i++) console.log("line " + i);'),
};
const main = batch(MAIN, { timeout_ms: 30_000 });

test('SUCCESS: a 2D sketch', async () => {
  const r = await expectStatus(main, 'ok2d', 'SUCCESS');
  assert.deepEqual(rgb(r), [255, 0, 0]);
  assert.deepEqual(r.repairs, []);
  assert.deepEqual(r.brush_calls, {});
  assert.equal(r.text_calls, 0);
  assert.equal(r.frames, 0, 'no draw(): no frame');
});

test('SUCCESS: a WEBGL sketch', async () => {
  const r = await expectStatus(main, 'okWebgl', 'SUCCESS');
  assert.deepEqual(rgb(r), [0, 255, 0]);
});

test('SUCCESS: a p5.brush sketch draws, and counts its calls', async () => {
  const r = await expectStatus(main, 'okBrush', 'SUCCESS');
  const img = decodePng(r.png_base64);
  let dark = 0;
  let reddish = 0;
  for (let i = 0; i < img.pixels.length; i += 4) {
    const [red, green, blue] = img.pixels.slice(i, i + 3);
    if (red < 120 && green < 120 && blue < 120) dark++;
    if (red > green + 40 && red > blue + 40) reddish++;
  }
  assert.ok(dark > 0, 'the 2B line left dark pixels');
  assert.ok(reddish > 0, 'the filled circle left red pixels');
  assert.deepEqual(r.brush_calls, { scaleBrushes: 1, set: 1, line: 1, noStroke: 1, fill: 1, circle: 1 });
});

test('SUCCESS: instance-mode sketches (new p5(p => ...))', async () => {
  const r = await expectStatus(main, 'okInstance', 'SUCCESS');
  assert.deepEqual(rgb(r), [0, 0, 255]);
  const d = await expectStatus(main, 'okInstanceDraw', 'SUCCESS');
  assert.deepEqual(rgb(d), [10, 200, 10]);
  assert.equal(d.frames, 1);
});

test('PARSE_ERROR: errors[0] names the line', async () => {
  const r = await expectStatus(main, 'parse', 'PARSE_ERROR');
  assert.match(r.errors[0], /^line 3: SyntaxError/);
  assert.equal(r.frames, 0);
  assert.deepEqual(r.console, []);
  const c = await expectStatus(main, 'parseCloser', 'PARSE_ERROR');
  assert.match(c.errors[0], /^line 3: SyntaxError/);
});

test('RUNTIME_ERROR: the line is counted as JavaScript counts lines (a U+2028 starts one)', async () => {
  const sep = batch({ sep: '/* one\u2028two */\nfunction setup() {\n  createCanvas(64, 64);\n  missing();\n}' }, { timeout_ms: 30_000 });
  const r = await expectStatus(sep, 'sep', 'RUNTIME_ERROR');
  assert.match(r.errors[0], /^line 5: ReferenceError: missing is not defined/);
});

test('RUNTIME_ERROR: thrown in setup, in draw, at top level (with the line)', async () => {
  const s = await expectStatus(main, 'errSetup', 'RUNTIME_ERROR');
  assert.match(s.errors[0], /^line 3: Error: boom in setup/);
  const d = await expectStatus(main, 'errDraw', 'RUNTIME_ERROR');
  assert.match(d.errors[0], /^line 5: ReferenceError: undefinedFunction is not defined/);
  const t = await expectStatus(main, 'errTop', 'RUNTIME_ERROR');
  assert.match(t.errors[0], /^line 2: TypeError: Cannot read properties of null/);
});

test('RUNTIME_ERROR: an unknown p5.brush method fails as it would in a browser', async () => {
  const r = await expectStatus(main, 'errBleed', 'RUNTIME_ERROR');
  assert.match(r.errors[0], /^line 3: TypeError: brush\.bleed is not a function/);
});

test('RUNTIME_ERROR: an async setup() that rejects', async () => {
  const r = await expectStatus(main, 'errAsync', 'RUNTIME_ERROR');
  assert.match(r.errors[0], /^line 3: Error: async nope/);
});

test('RUNTIME_ERROR: a thrown non-Error value is described', async () => {
  const r = await expectStatus(main, 'errString', 'RUNTIME_ERROR');
  assert.match(r.errors[0], /a plain string/);
});

test('NO_CANVAS: no setup() or draw() at all, and noCanvas()', async () => {
  const a = await expectStatus(main, 'noSetupNoDraw', 'NO_CANVAS');
  assert.match(a.errors[0], /setup\(\)|draw\(\)/);
  const b = await expectStatus(main, 'noCanvasCall', 'NO_CANVAS');
  assert.match(b.errors[0], /noCanvas|canvas/);
});

test('BLOCKED: fetch() and an image from the network', async () => {
  const f = await expectStatus(main, 'blockedFetch', 'BLOCKED');
  assert.match(f.errors[0], /example\.com/);
  const i = await expectStatus(main, 'blockedImage', 'BLOCKED');
  assert.match(i.errors[0], /example\.com/);
});

test('repairs: a fenced Markdown completion renders and lists the fence repair', async () => {
  const r = await expectStatus(main, 'fence', 'SUCCESS');
  assert.deepEqual(rgb(r), [0, 0, 255]);
  assert.equal(r.repairs.length, 1, r.repairs.join('; '));
  assert.match(r.repairs[0], /Markdown fence/);
  assert.match(r.repairs[0], /prose/);
});

test('repairs: truncated code gets its delimiters closed, and says so', async () => {
  const r = await expectStatus(main, 'truncated', 'SUCCESS');
  assert.deepEqual(rgb(r), [0, 255, 0]);
  assert.equal(r.repairs.length, 1, r.repairs.join('; '));
  assert.match(r.repairs[0], /closed delimiters/);
  assert.match(r.repairs[0], /\)\}\}/);
});

test("repairs: `import * as brush from 'p5.brush'` is dropped and listed", async () => {
  const r = await expectStatus(main, 'imported', 'SUCCESS');
  assert.equal(r.repairs.length, 1, r.repairs.join('; '));
  assert.match(r.repairs[0], /dropped import statement at line 1/);
  assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
});

test('brush_calls counts executed calls: a loop of 7 brush.line calls is line: 7', async () => {
  const r = await expectStatus(main, 'brushLoop', 'SUCCESS');
  assert.deepEqual(r.brush_calls, { set: 1, line: 7 });
});

test('brush_calls ignores comments, strings, dead branches and functions never called', async () => {
  const r = await expectStatus(main, 'brushDead', 'SUCCESS');
  assert.deepEqual(r.brush_calls, { set: 1, line: 1 });
});

test('text_calls counts executed p5 text() calls', async () => {
  const r = await expectStatus(main, 'textCalls', 'SUCCESS');
  assert.equal(r.text_calls, 5);
  const d = await expectStatus(main, 'textDead', 'SUCCESS');
  assert.equal(d.text_calls, 0);
});

test('brushes_used lists brushes selected by calls that returned', async () => {
  const r = await expectStatus(main, 'brushNames', 'SUCCESS');
  assert.deepEqual(r.brushes_used, ['HB', 'charcoal']);
  const plain = await expectStatus(main, 'textCalls', 'SUCCESS');
  assert.deepEqual(plain.brushes_used, []);
});

test('dom_text_chars counts text the sketch put into the document', async () => {
  const r = await expectStatus(main, 'domText', 'SUCCESS');
  assert.equal(r.dom_text_chars, 'a red poppy field'.length + 1);
  const plain = await expectStatus(main, 'textCalls', 'SUCCESS');
  assert.equal(plain.dom_text_chars, 0);
});

test('frames: by default draw() runs once', async () => {
  const r = await expectStatus(main, 'drawDefault', 'SUCCESS');
  assert.equal(r.frames, 1);
  assert.deepEqual(rgb(r), [60, 60, 60]);
});

test('console lines are captured with their level', async () => {
  const r = await expectStatus(main, 'consoleHello', 'SUCCESS');
  assert.ok(r.console.includes('log: hello'), JSON.stringify(r.console));
  assert.ok(r.console.includes('warn: careful 42'), JSON.stringify(r.console));
  assert.ok(r.console.some((l) => /^error: bad thing/.test(l)), JSON.stringify(r.console));
});

test('the console holds only what the sketch wrote', async () => {
  const r = await expectStatus(main, 'consoleHello', 'SUCCESS');
  assert.deepEqual(r.console, ['log: hello', 'warn: careful 42', 'error: bad thing']);
  const quiet = await expectStatus(main, 'ok2d', 'SUCCESS');
  assert.deepEqual(quiet.console, []);
});

test('the console of WEBGL / p5.brush sketches holds only what they wrote (no browser messages)', async () => {
  const all = await main();
  for (const id of ['okWebgl', 'okBrush', 'imported', 'brushLoop', 'brushDead']) {
    assert.deepEqual(all[id].console, [], `${id}: ${JSON.stringify(all[id].console)}`);
  }
});

test('console lines are capped: 10k logs give at most ~51 lines, the last says how many were dropped', async () => {
  const r = await expectStatus(main, 'consoleFlood', 'SUCCESS');
  assert.ok(r.console.length <= 51, `${r.console.length} lines`);
  assert.ok(r.console.length >= 10, `${r.console.length} lines`);
  const own = r.console.filter((l) => /^log: line \d+$/.test(l));
  assert.equal(own[0], 'log: line 0');
  const last = r.console[r.console.length - 1];
  assert.match(last, /^\(\d+ more console lines dropped\)$/);
  const dropped = Number(/(\d+)/.exec(last)[1]);
  assert.ok(dropped + own.length >= 10_000, `${own.length} shown + ${dropped} dropped`);
  assert.ok(dropped + own.length <= 10_000 + (r.console.length - 1 - own.length), `${own.length} shown + ${dropped} dropped`);
});

test('async setup(): p5 awaits it (a microtask await)', async () => {
  const r = await expectStatus(main, 'asyncSetupMicrotask', 'SUCCESS');
  assert.deepEqual(rgb(r), [0, 255, 0]);
});

test('async setup(): awaiting a timer, setup runs once and its drawing is in the image', async () => {
  const r = await expectStatus(main, 'asyncSetupTimer', 'SUCCESS');
  assert.deepEqual(r.console, ['log: setup runs: 1']);
  assert.deepEqual(rgb(r), [0, 255, 0]);
});

// --- frames > 1 -------------------------------------------------------------

const FRAMES = {
  threeFrames: 'function setup() {\n  createCanvas(64, 64);\n}\nfunction draw() {\n  background(frameCount * 60);\n}',
  noLoopOnce: 'function setup() {\n  createCanvas(64, 64);\n}\nfunction draw() {\n  background(frameCount * 60);\n  noLoop();\n}',
  brushPerFrame: `function setup() {
  createCanvas(64, 64, WEBGL);
  brush.set('HB', '#000', 1);
}
function draw() {
  brush.line(-20, -20, 20, 20);
}`,
};
const frames = batch(FRAMES, { frames: 3, timeout_ms: 30_000 });

test('frames: 3 requested, draw() without noLoop() runs 3 times', async () => {
  const r = await expectStatus(frames, 'threeFrames', 'SUCCESS');
  assert.equal(r.frames, 3);
  assert.deepEqual(rgb(r), [180, 180, 180], 'the last frame drawn had frameCount 3');
  const b = await expectStatus(frames, 'brushPerFrame', 'SUCCESS');
  assert.equal(b.frames, 3);
  assert.deepEqual(b.brush_calls, { set: 1, line: 3 });
});

test('frames: 3 requested, draw() that calls noLoop() runs once', async () => {
  const r = await expectStatus(frames, 'noLoopOnce', 'SUCCESS');
  assert.equal(r.frames, 1);
  assert.deepEqual(rgb(r), [60, 60, 60]);
});

// --- TIMEOUT ----------------------------------------------------------------

const BUDGET = 1500;
const TIMEOUTS = {
  loopTop: 'for (;;) {}',
  loopDraw: 'function setup() {\n  createCanvas(64, 64);\n}\nfunction draw() {\n  for (;;) {}\n}',
};
const timeouts = batch(TIMEOUTS, { timeout_ms: BUDGET });

test('TIMEOUT: an infinite loop, timeout_ms 1500', async () => {
  for (const id of Object.keys(TIMEOUTS)) {
    const r = await expectStatus(timeouts, id, 'TIMEOUT');
    assert.match(r.errors[0], /time budget/);
    assert.ok(r.render_ms >= BUDGET - 50, `${id}: render_ms ${r.render_ms} is at least the budget`);
  }
});

test('TIMEOUT: render_ms stays close to the budget (top-level loop)', async () => {
  const r = await expectStatus(timeouts, 'loopTop', 'TIMEOUT');
  assert.ok(r.render_ms <= BUDGET + 2000, `render_ms ${r.render_ms} for a budget of ${BUDGET}`);
});

test('TIMEOUT: render_ms stays close to the budget (loop inside draw())', async () => {
  const r = await expectStatus(timeouts, 'loopDraw', 'TIMEOUT');
  assert.ok(r.render_ms <= BUDGET + 2000, `render_ms ${r.render_ms} for a budget of ${BUDGET}`);
});

// --- CRASHED ----------------------------------------------------------------

test('CRASHED: a memory bomb kills only its own page; the service keeps rendering', async () => {
  const before = await svc.health();
  const crash = batch({
    bomb: 'const a = [];\nfor (;;) a.push(new Uint8Array(2 ** 30).fill(1));',
    neighbour: setupWith('background(0, 0, 255);'),
  }, { timeout_ms: 60_000 });
  const all = await crash();
  // Accepted: CRASHED. Anything else is reported here with its errors.
  assert.equal(all.bomb.status, 'CRASHED', `the memory bomb came back ${show(all.bomb)}`);
  checkFields(all.bomb);
  assert.match(all.bomb.errors[0], /page died|crash/i);
  const n = await expectStatus(crash, 'neighbour', 'SUCCESS');
  assert.deepEqual(rgb(n), [0, 0, 255]);

  const afterwards = await svc.health();
  assert.equal(afterwards.status, 'ok');
  assert.ok(afterwards.page_replacements + afterwards.browser_restarts > before.page_replacements + before.browser_restarts,
    'the crashed page was replaced (or its browser restarted)');
  const again = await svc.renderBatch([{ code: setupWith('background(1, 2, 3);'), size: 64 }, { code: setupWith('background(4, 5, 6);'), size: 64 }]);
  assert.deepEqual(again.map((r) => r.status), ['SUCCESS', 'SUCCESS']);
});
