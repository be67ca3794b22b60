'use strict';
// The HTTP protocol of the renderer service: /health, the token, request
// validation and limits, result order, image size, and a clean shutdown.
//
// One service (poolSize 2) serves most tests; a second one (poolSize 2)
// runs with tight limits for the 413 cases. The shutdown test runs last.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const { startService } = require('./helpers');
const { decodePng, meanColor } = require('./png');

const PKG_VERSION = require('../package.json').version;

let svc; // poolSize 2, default limits
let small; // poolSize 2, max 3 items (env), 20000-byte bodies, 1000-byte sketches

before(async () => {
  [svc, small] = await Promise.all([
    startService({ poolSize: 2 }),
    startService({
      poolSize: 2,
      env: { PP_RENDERER_MAX_ITEMS: '3', PP_RENDERER_BODY_TIMEOUT_MS: '1500' },
      args: ['--max-body-bytes', '20000', '--max-code-bytes', '1000'],
    }),
  ]);
});

after(async () => {
  await Promise.all([svc && svc.stop(), small && small.stop()]);
});

const post = (service, body, opts = {}) => service.request('/render_batch', { method: 'POST', body, ...opts });
const rendered = async (service) => (await service.health()).rendered;
const sketch = (body) => `function setup() {\n  createCanvas(64, 64);\n  ${body}\n}`;

// --- /proc helpers -----------------------------------------------------------

function procInfo(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0], ppid: Number(rest[1]), start: rest[19] };
  } catch {
    return null;
  }
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Every descendant of rootPid as {pid, start, cmd} (start tells a reused pid apart). */
function descendantsOf(rootPid) {
  const table = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = procInfo(Number(name));
    if (info) table.set(Number(name), info);
  }
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const parent = stack.pop();
    for (const [pid, info] of table) {
      if (info.ppid === parent) {
        out.push({ pid, start: info.start, cmd: cmdline(pid) });
        stack.push(pid);
      }
    }
  }
  return out;
}

/** Still running: same pid and start time, and not a zombie. */
function alive({ pid, start }) {
  const info = procInfo(pid);
  return info !== null && info.start === start && info.state !== 'Z';
}

// --- /health -------------------------------------------------------------------

test('GET /health needs no token and reports versions, pool and sandbox', async () => {
  const res = await svc.request('/health', { auth: null });
  assert.equal(res.status, 200);
  const h = res.json;
  assert.equal(h.status, 'ok');
  assert.equal(h.version, PKG_VERSION);
  assert.equal(typeof h.version, 'string');
  assert.equal(h.p5, '2.3.4');
  assert.equal(h.p5_brush, '2.2.2');
  assert.equal(typeof h.pool, 'object');
  assert.equal(h.pool.size, 2);
  assert.equal(h.pool.busy, 0);
  assert.ok(Number.isInteger(h.rendered) && h.rendered >= 0, `rendered: ${h.rendered}`);
  assert.equal(typeof h.sandbox, 'object');
  assert.equal(typeof h.sandbox.runs_as, 'string');
  assert.equal(h.sandbox.chromium_sandbox, true);
  assert.equal(typeof h.sandbox.empty_network_namespace, 'boolean');
  assert.ok(Number.isInteger(h.sandbox.page_memory_mb));
  assert.ok(Number.isInteger(h.sandbox.js_heap_mb));

  const other = await small.health();
  assert.equal(other.pool.size, 2);
});

// --- the token -----------------------------------------------------------------

test('render_batch and shutdown refuse a missing, wrong or malformed token with 401, changing nothing', async () => {
  const before = await svc.health();
  const body = { items: [{ id: 'a', code: sketch('background(0);') }] };
  const wrongSameLength = svc.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
  assert.equal(wrongSameLength.length, svc.token.length);
  const attempts = {
    'no Authorization header': { auth: null },
    'wrong token, same length': { auth: wrongSameLength },
    'token of a different length': { auth: `${svc.token}x` },
    'a prefix of the token': { auth: svc.token.slice(0, 8) },
    'empty bearer': { auth: '' },
    'Basic scheme': { auth: null, headers: { Authorization: `Basic ${Buffer.from(`user:${svc.token}`).toString('base64')}` } },
    'Basic scheme with the raw token': { auth: null, headers: { Authorization: `Basic ${svc.token}` } },
    'token without a scheme': { auth: null, headers: { Authorization: svc.token } },
  };
  for (const [what, opts] of Object.entries(attempts)) {
    const res = await post(svc, body, opts);
    assert.equal(res.status, 401, `${what}: ${res.text}`);
    assert.equal(typeof res.json.error, 'string', what);
    assert.doesNotMatch(res.text, new RegExp(svc.token), `${what}: the token must not be echoed`);
  }
  // A 401 on /shutdown leaves the service running.
  for (const opts of [{ auth: null }, { auth: wrongSameLength }]) {
    const res = await svc.request('/shutdown', { method: 'POST', ...opts });
    assert.equal(res.status, 401, res.text);
  }
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(svc.proc.exitCode, null, 'the service must still be running');
  const afterwards = await svc.health();
  assert.equal(afterwards.status, 'ok');
  assert.equal(afterwards.rendered, before.rendered, 'a 401 must not render anything');
  // And the right token still works.
  const ok = await post(svc, { items: [] });
  assert.equal(ok.status, 400, 'with the right token the request reaches validation');
});

// --- validation: 400 -----------------------------------------------------------

test('malformed JSON, a non-object body and empty items are 400 with a message', async () => {
  const before = await rendered(svc);
  const cases = [
    ['{"items": [', /malformed JSON/],
    ['not json at all', /malformed JSON/],
    ['', /malformed JSON/],
    ['[]', /JSON object/],
    ['[{"id":"a","code":"1"}]', /JSON object/],
    ['"a string"', /JSON object/],
    ['42', /JSON object/],
    ['null', /JSON object/],
    ['{}', /"items"/],
    ['{"items": {"id": "a"}}', /"items" must be an array/],
    ['{"items": []}', /"items" is empty/],
  ];
  for (const [body, message] of cases) {
    const res = await post(svc, body);
    assert.equal(res.status, 400, `${JSON.stringify(body)} -> ${res.text}`);
    assert.match(res.json.error, message, `${JSON.stringify(body)}`);
  }
  assert.equal(await rendered(svc), before);
});

test('a bad field is 400 naming the field, and nothing of the batch is rendered', async () => {
  const before = await rendered(svc);
  const good = { id: 'good', code: sketch('background(0);') };
  const cases = [
    [{ items: [good, { code: '1' }] }, /items\[1\]\.id/],
    [{ items: [{ id: '', code: '1' }] }, /items\[0\]\.id/],
    [{ items: [{ id: 7, code: '1' }] }, /items\[0\]\.id/],
    [{ items: [{ id: 'x'.repeat(201), code: '1' }] }, /items\[0\]\.id/],
    [{ items: [good, { id: 'b', code: '1' }, { id: 'good', code: '1' }] }, /items\[2\]\.id "good" is repeated/],
    [{ items: [good, { id: 'b' }] }, /items\[1\]\.code/],
    [{ items: [{ id: 'a', code: 12 }] }, /items\[0\]\.code/],
    [{ items: [good, { id: 'b', code: '1', seed: -1 }] }, /items\[1\]\.seed/],
    [{ items: [{ id: 'a', code: '1', seed: 1.5 }] }, /items\[0\]\.seed/],
    [{ items: [{ id: 'a', code: '1', seed: 2 ** 32 }] }, /items\[0\]\.seed/],
    [{ items: [{ id: 'a', code: '1', seed: '3' }] }, /items\[0\]\.seed/],
    [{ items: [good, { id: 'b', code: '1', size: 5000 }] }, /items\[1\]\.size/],
    [{ items: [{ id: 'a', code: '1', size: 8 }] }, /items\[0\]\.size/],
    [{ items: [{ id: 'a', code: '1', size: 64.5 }] }, /items\[0\]\.size/],
    [{ items: [null] }, /items\[0\] must be an object/],
    [{ items: [good], timeout_ms: 10 }, /"timeout_ms"/],
    [{ items: [good], timeout_ms: 10_000_000 }, /"timeout_ms"/],
    [{ items: [good], timeout_ms: '1000' }, /"timeout_ms"/],
    [{ items: [good], frames: 0 }, /"frames"/],
    [{ items: [good], frames: 601 }, /"frames"/],
  ];
  for (const [body, message] of cases) {
    const res = await post(svc, body);
    assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 200)} -> ${res.text}`);
    assert.match(res.json.error, message, JSON.stringify(body).slice(0, 200));
  }
  assert.equal(await rendered(svc), before, 'a rejected batch renders none of its items');
});

// --- limits: 413 ---------------------------------------------------------------

test('more items than the limit (PP_RENDERER_MAX_ITEMS=3) is 413', async () => {
  const items = [1, 2, 3, 4].map((i) => ({ id: `i${i}`, code: '1' }));
  const res = await post(small, { items });
  assert.equal(res.status, 413, res.text);
  assert.match(res.json.error, /4 items/);
  assert.match(res.json.error, /limit of 3/);
});

test('an oversized sketch is 413 naming the item', async () => {
  const items = [{ id: 'ok', code: '1' }, { id: 'big', code: `// ${'x'.repeat(1000)}` }];
  const res = await post(small, { items });
  assert.equal(res.status, 413, res.text);
  assert.match(res.json.error, /items\[1\]\.code/);
  assert.match(res.json.error, /1000/);
  // Bytes, not characters: 400 three-byte characters are 1200 bytes.
  const wide = await post(small, { items: [{ id: 'w', code: `// ${'€'.repeat(400)}` }] });
  assert.equal(wide.status, 413, wide.text);
  assert.match(wide.json.error, /items\[0\]\.code/);
  // The default limit (200000 bytes) on the main service.
  const before = await rendered(svc);
  const big = await post(svc, { items: [{ id: 'a', code: '1' }, { id: 'huge', code: `// ${'y'.repeat(200_000)}` }] });
  assert.equal(big.status, 413, big.text);
  assert.match(big.json.error, /items\[1\]\.code/);
  assert.equal(await rendered(svc), before);
});

test('an oversized body (Content-Length over --max-body-bytes) is 413', async () => {
  const res = await post(small, { items: [{ id: 'a', code: '1', pad: 'z'.repeat(30_000) }] });
  assert.equal(res.status, 413, res.text);
  assert.match(res.json.error, /20000/);
  assert.equal((await small.health()).status, 'ok');
});

// Streams a body of `bytes` bytes with chunked transfer encoding (no Content-Length).
function postChunked(service, bytes) {
  const u = new URL(service.url);
  return new Promise((resolve) => {
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: '/render_batch',
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
    }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', (err) => resolve({ status: res.statusCode, error: err.message, text }));
    });
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    const chunk = Buffer.alloc(4096, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

test('an oversized chunked body (no Content-Length) is answered 413, not a dropped connection', async () => {
  const res = await postChunked(small, 40_000);
  assert.equal(res.status, 413, JSON.stringify(res));
  assert.equal((await small.health()).status, 'ok');
});

test('a body that stalls is answered 408 once its deadline (PP_RENDERER_BODY_TIMEOUT_MS=1500) passes', async () => {
  const u = new URL(small.url);
  const started = Date.now();
  const res = await new Promise((resolve) => {
    const req = http.request({
      host: u.hostname, port: u.port, path: '/render_batch', method: 'POST',
      headers: { Authorization: `Bearer ${small.token}`, 'Content-Type': 'application/json', 'Content-Length': 1000 },
    }, (answer) => {
      let text = '';
      answer.on('data', (d) => { text += d; });
      answer.on('end', () => resolve({ status: answer.statusCode, text }));
    });
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.write('{"items": ['); // and nothing more
  });
  assert.equal(res.status, 408, JSON.stringify(res));
  assert.match(res.text, /did not arrive within 1500 ms/);
  assert.ok(Date.now() - started < 10_000);
  assert.equal((await small.health()).status, 'ok');
});

test('a client that closes its connection mid-batch: its items still queued are dropped, not rendered', async () => {
  const busy = 'function setup() { createCanvas(32, 32); const t = Date.now(); while (Date.now() - t < 800) {} background(9); }';
  const items = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, code: busy, size: 32 }));
  const before = await svc.health();
  const u = new URL(svc.url);
  await new Promise((resolve) => {
    const req = http.request({
      host: u.hostname, port: u.port, path: '/render_batch', method: 'POST',
      headers: { Authorization: `Bearer ${svc.token}`, 'Content-Type': 'application/json' },
    });
    req.on('error', () => resolve());
    req.end(JSON.stringify({ items, timeout_ms: 5000 }));
    setTimeout(() => { req.destroy(); resolve(); }, 400); // gone while the first two render
  });
  // The two on pages finish; the other ten never start.
  let after = await svc.health();
  for (let i = 0; i < 100 && after.pool.busy + after.pool.queued > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await svc.health();
  }
  assert.equal(after.pool.busy + after.pool.queued, 0);
  assert.ok(after.cancelled - before.cancelled >= 8, JSON.stringify(after));
  assert.ok(after.rendered - before.rendered <= 4, JSON.stringify(after));
  assert.equal(after.status, 'ok');
});

// --- routes --------------------------------------------------------------------

test('an unknown route is 404 and a wrong method is 405', async () => {
  for (const [path, method] of [['/nope', 'GET'], ['/render', 'POST'], ['/', 'GET'], ['/render_batch/x', 'POST']]) {
    const res = await svc.request(path, { method });
    assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
    assert.equal(typeof res.json.error, 'string');
  }
  for (const [path, method] of [['/render_batch', 'GET'], ['/render_batch', 'PUT'], ['/shutdown', 'GET'], ['/health', 'POST']]) {
    const res = await svc.request(path, { method, body: method === 'GET' ? undefined : '{}' });
    assert.equal(res.status, 405, `${method} ${path}: ${res.text}`);
    assert.equal(typeof res.json.error, 'string');
  }
  assert.equal((await svc.health()).status, 'ok');
});

// --- results -------------------------------------------------------------------

test('a mixed batch comes back in input order, each result under its own id', async () => {
  // Different statuses and very different durations, so completion order differs from input order.
  // The budget is generous: other tests may load the machine; only 'q-timeout' should reach it.
  const items = [
    { id: 'zeta-slow', code: sketch('const t = performance.now(); while (performance.now() - t < 700) {}\n  background(255, 0, 0);'), want: 'SUCCESS' },
    { id: 'alpha-parse', code: 'function setup() {\n  let x = ;\n}', want: 'PARSE_ERROR' },
    { id: 'm-runtime', code: sketch('throw new Error("boom");'), want: 'RUNTIME_ERROR' },
    { id: '00-fast', code: sketch('background(0, 0, 255);'), want: 'SUCCESS' },
    { id: 'q-timeout', code: 'for (;;) {}', want: 'TIMEOUT' },
    { id: 'b-nocanvas', code: 'let x = 1;', want: 'NO_CANVAS' },
    { id: 'y-blocked', code: sketch('fetch("https://example.com/x");'), want: 'BLOCKED' },
    { id: 'c-webgl', code: 'function setup() {\n  createCanvas(64, 64, WEBGL);\n  background(0, 255, 0);\n}', want: 'SUCCESS' },
  ];
  const res = await post(svc, { items: items.map(({ id, code }) => ({ id, code, size: 64, seed: 3 })), timeout_ms: 8000 });
  assert.equal(res.status, 200, res.text);
  const { results } = res.json;
  assert.deepEqual(results.map((r) => r.id), items.map((it) => it.id));
  assert.deepEqual(results.map((r) => r.status), items.map((it) => it.want),
    JSON.stringify(results.map((r) => [r.id, r.status, r.errors])));
  for (const r of results) {
    if (r.status === 'SUCCESS') {
      const img = decodePng(r.png_base64);
      assert.equal(img.width, 64);
    } else {
      assert.equal(r.png_base64, null, r.id);
      assert.ok(r.errors.length >= 1, `${r.id} explains its status`);
    }
  }
  const colour = (id) => meanColor(decodePng(results.find((r) => r.id === id).png_base64)).map(Math.round);
  assert.deepEqual(colour('zeta-slow'), [255, 0, 0]);
  assert.deepEqual(colour('00-fast'), [0, 0, 255]);
  assert.deepEqual(colour('c-webgl'), [0, 255, 0]);
});

test('the PNG is exactly size x size whatever the canvas', async () => {
  const fill = (w, h, mode = '') => `function setup() {\n  createCanvas(${w}, ${h}${mode});\n  background(200, 30, 60);\n}`;
  const cases = [
    { code: fill(300, 100), size: 128 },
    { code: fill(100, 300), size: 128 },
    { code: fill(600, 600, ', WEBGL'), size: 128 },
    { code: fill(50, 50), size: 128 },
    { code: fill(100, 100), size: 64 },
    { code: fill(100, 100), size: 224 },
    { code: fill(100, 100), size: 256 },
    { code: fill(400, 400), size: 16 },
    // The sketch's own pixelDensity() does not change the output size.
    { code: 'function setup() {\n  pixelDensity(3);\n  createCanvas(80, 80);\n  pixelDensity(0.5);\n  background(200, 30, 60);\n}', size: 96 },
  ];
  const results = await svc.renderBatch(cases.map(({ code, size }) => ({ code, size })));
  results.forEach((r, i) => {
    const { size, code } = cases[i];
    assert.equal(r.status, 'SUCCESS', `${code}: ${r.errors}`);
    const img = decodePng(r.png_base64);
    assert.equal(img.width, size, `width for ${code.split('\n')[1]} at size ${size}`);
    assert.equal(img.height, size, `height for ${code.split('\n')[1]} at size ${size}`);
    // The centre of the image shows the canvas.
    const o = ((size >> 1) * size + (size >> 1)) * 4;
    assert.deepEqual([...img.pixels.slice(o, o + 3)], [200, 30, 60], `centre pixel for ${code.split('\n')[1]}`);
  });
});

test('one bad sketch in a batch never fails the others', async () => {
  const good = (r, g, b) => `function setup() {\n  createCanvas(64, 64);\n  background(${r}, ${g}, ${b});\n}`;
  const items = [
    { id: 'g1', code: good(255, 0, 0) },
    { id: 'bomb', code: 'const a = [];\nfor (;;) a.push(new Uint8Array(2 ** 30).fill(1));' },
    { id: 'g2', code: good(0, 255, 0) },
    { id: 'hang', code: 'for (;;) {}' },
    { id: 'g3', code: good(0, 0, 255) },
    { id: 'parse', code: 'function setup( {' },
    { id: 'throw', code: 'throw new Error("top")' },
    { id: 'g4', code: good(10, 20, 30) },
  ];
  const results = await svc.renderBatch(items, { timeout_ms: 8000 });
  assert.deepEqual(results.map((r) => r.id), items.map((it) => it.id));
  const byId = Object.fromEntries(results.map((r) => [r.id, r]));
  for (const [id, rgb] of [['g1', [255, 0, 0]], ['g2', [0, 255, 0]], ['g3', [0, 0, 255]], ['g4', [10, 20, 30]]]) {
    assert.equal(byId[id].status, 'SUCCESS', `${id}: ${byId[id].status} ${byId[id].errors}`);
    assert.deepEqual(meanColor(decodePng(byId[id].png_base64)).map(Math.round), rgb, id);
  }
  assert.notEqual(byId.bomb.status, 'SUCCESS');
  assert.equal(byId.hang.status, 'TIMEOUT');
  assert.equal(byId.parse.status, 'PARSE_ERROR');
  assert.equal(byId.throw.status, 'RUNTIME_ERROR');
  // And the service renders normally afterwards.
  const [again] = await svc.renderBatch([{ code: good(1, 2, 3), size: 32 }]);
  assert.equal(again.status, 'SUCCESS');
});

// --- shutdown (last) -------------------------------------------------------------

/** Resolves with {code, signal} once the service's process has exited (or 'still running'). */
function exitOf(service, timeoutMs = 20_000) {
  return new Promise((resolve) => {
    if (service.proc.exitCode !== null || service.proc.signalCode !== null) {
      resolve({ code: service.proc.exitCode, signal: service.proc.signalCode });
      return;
    }
    const timer = setTimeout(() => resolve(`still running after ${timeoutMs} ms`), timeoutMs);
    service.proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Waits up to 5 s for the given processes to end; returns those still alive. */
async function survivors(tree) {
  const deadline = Date.now() + 5000;
  let left = tree.filter(alive);
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = tree.filter(alive);
  }
  return left;
}

test('POST /shutdown right after a batch: exit code 0, no Chromium left', async () => {
  const tree = descendantsOf(small.pid);
  const exited = exitOf(small);
  // Two items: both pages finish, and both are parked, just before the shutdown.
  const results = await small.renderBatch([{ code: sketch('background(0);'), size: 32 }, { code: sketch('background(9);'), size: 32 }]);
  assert.deepEqual(results.map((r) => r.status), ['SUCCESS', 'SUCCESS']);
  const res = await small.request('/shutdown', { method: 'POST' });
  assert.equal(res.status, 200, res.text);
  const outcome = await exited;
  const left = await survivors(tree);
  assert.deepEqual(left.map((p) => `${p.pid} ${p.cmd.slice(0, 100)}`), [], 'no descendant of the service survives it');
  assert.deepEqual(outcome, { code: 0, signal: null }, `stderr: ${small.stderr().slice(-1500)}`);
});


test('POST /shutdown with the token: 200, exit code 0, and every Chromium process is gone', async () => {
  // Let the pages settle first (see the test above for a shutdown that races the pool).
  await new Promise((r) => setTimeout(r, 1500));
  const tree = descendantsOf(svc.pid);
  const chromium = tree.filter((p) => /chrom/i.test(p.cmd));
  assert.ok(chromium.length >= 1, `a Chromium process runs under the service: ${JSON.stringify(tree.map((p) => p.cmd.slice(0, 80)))}`);
  const browser = chromium.find((p) => !/--type=/.test(p.cmd));
  assert.ok(browser, 'the browser process itself is among the descendants');

  const exited = exitOf(svc);
  const res = await svc.request('/shutdown', { method: 'POST' });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.status, 'stopping');
  assert.deepEqual(await exited, { code: 0, signal: null }, `stderr: ${svc.stderr().slice(-1500)}`);

  // Give the last children a moment to be reaped, then none may be left.
  const left = await survivors(tree);
  assert.equal(alive(browser), false, `the browser (pid ${browser.pid}) must be gone`);
  assert.deepEqual(left.map((p) => `${p.pid} ${p.cmd.slice(0, 100)}`), [], 'no descendant of the service survives it');
});
