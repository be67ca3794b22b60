'use strict';
// Containment tests: hostile sketches (test/hostile/NN_name.js, one attack each) are
// rendered by ONE real service (two warm pages) in rounds, interleaved with honest
// "canary" sketches. For every hostile sketch: its status is one its attack allows,
// nothing leaks into its result, and the local listeners this test runs (an HTTP +
// WebSocket server and a UDP "STUN" socket on 127.0.0.1) never receive a single
// connection or packet. After every round: the canaries that shared the pool with
// the hostile sketches came out exactly right, /health answers ok, and a follow-up
// batch of canaries renders correctly. Sketches that attack the NEXT render on their
// page (leftover timers, unload handlers) are each followed directly by canaries on
// both pages. At the end: every item sent was counted and the browser's memory is
// bounded.
//
// A hostile module exports {expect: [statuses], code, copies?, aftermath?, check?(result, h)};
// the code uses __PORT__ / __UDP_PORT__ for the listeners' ports. Hostile items are
// rendered with timeout_ms 3000, two per request; canaries go in their own requests
// sent in between (the pool serves requests in arrival order, so they interleave over
// the two pages) with a budget large enough that only a real hang fails them.
//
// Set PP_HOSTILE_VERBOSE=1 to print every hostile result's status, errors and console.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const dgram = require('node:dgram');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { startService } = require('./helpers');
const { decodePng, meanColor, meanAbsDiff } = require('./png');

const HOSTILE_DIR = path.join(__dirname, 'hostile');
const TIMEOUT_MS = 3000; // budget of every hostile item
// Honest sketches get a generous budget: they must come out exact whatever ran next
// to them, and a p5.brush render next to a busy loop on a loaded 2-core machine can
// take several seconds. A canary that hangs still fails.
const CANARY_TIMEOUT_MS = 20000;
const NEXT_CANARY_TIMEOUT_MS = 6000;
const RETRY_TIMEOUT_MS = 15000;
const STAGGER_MS = 30;
const SIZE = 128;
const HOSTILE_PER_BATCH = 10;
const VERBOSE = process.env.PP_HOSTILE_VERBOSE === '1';

// Real containment bugs found by these tests, left unfixed on purpose (see the
// sketch files): the test is kept, marked todo, so the suite passes until fixed.
const KNOWN_BUGS = {}; // name -> reason; empty: every bug these tests found is fixed

// --- canaries: honest sketches whose result is known exactly ------------------
const CANARIES = {
  blue: 'function setup(){ createCanvas(200,200); background(0,128,255); }',
  brush: "function setup(){createCanvas(200,200,WEBGL); background(255); brush.set('HB','#000',1); brush.line(-50,0,50,0);}",
  // Depends on the harness's seeded Math.random and p5's seeded random(): a page
  // whose realm a previous sketch tampered with would draw different colours.
  random: 'function setup(){ createCanvas(100,100); noStroke(); background(Math.random()*255, Math.random()*255, Math.random()*255); fill(random(255), random(255), random(255)); rect(0,0,50,100); }',
};
const baseline = {}; // kind -> decoded image of a canary rendered first, on a fresh service

function checkCanary(kind, r) {
  const where = `canary ${r.id}`;
  assert.equal(r.status, 'SUCCESS', `${where}: status ${r.status} ${JSON.stringify(r.errors)}`);
  assert.equal(r.text_calls, 0, `${where}: text_calls`);
  assert.deepEqual(r.errors, [], `${where}: errors`);
  // The GPU process's own performance notes about WebGL read-back arrive late and may
  // land on whichever render follows on the page; anything else is not the canary's.
  const foreign = r.console.filter((line) => !/^warn: \[\.WebGL-[0-9a-fx]+\]GL Driver Message \(/.test(line));
  assert.deepEqual(foreign, [], `${where}: console lines that are not the canary's`);
  const img = decodePng(r.png_base64);
  assert.deepEqual([img.width, img.height], [SIZE, SIZE], `${where}: image size`);
  const mean = meanColor(img);
  if (kind === 'blue') {
    assert.deepEqual(r.brush_calls, {}, `${where}: brush_calls`);
    const want = [0, 128, 255];
    mean.forEach((v, i) => assert.ok(Math.abs(v - want[i]) <= 3, `${where}: mean colour ${mean} is not ${want}`));
  } else if (kind === 'brush') {
    assert.deepEqual(r.brush_calls, { set: 1, line: 1 }, `${where}: brush_calls`);
    mean.forEach((v) => assert.ok(v > 200 && v < 255, `${where}: mean colour ${mean} is not white with a dark line`));
    if (baseline.brush) assert.ok(meanAbsDiff(img, baseline.brush) < 1.5, `${where}: differs from its baseline render`);
  } else {
    assert.deepEqual(r.brush_calls, {}, `${where}: brush_calls`);
    if (baseline.random) assert.ok(meanAbsDiff(img, baseline.random) < 0.5, `${where}: seeded randomness differs from its baseline render`);
  }
  return img;
}

// --- hostile sketches ----------------------------------------------------------
const hostile = fs.readdirSync(HOSTILE_DIR)
  .filter((f) => /^\d+_.*\.js$/.test(f))
  .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
  .map((f) => {
    const mod = require(path.join(HOSTILE_DIR, f));
    return { name: f.replace(/\.js$/, ''), copies: mod.copies || 1, ...mod };
  });

// Rounds of at most HOSTILE_PER_BATCH hostile items (the copies of one sketch stay in
// one round). Sketches whose danger is what they leave behind for the NEXT render on
// their page ("aftermath") get a round of their own, followed directly by canaries.
const rounds = [];
{
  let cur = [];
  let count = 0;
  for (const h of hostile.filter((x) => !x.aftermath)) {
    if (count + h.copies > HOSTILE_PER_BATCH && cur.length) {
      rounds.push(cur);
      cur = [];
      count = 0;
    }
    cur.push(h);
    count += h.copies;
  }
  if (cur.length) rounds.push(cur);
}
const aftermath = hostile.filter((x) => x.aftermath);

// --- shared state ----------------------------------------------------------------
let svc = null;
let ports = null;
let itemsSent = 0;
const results = new Map(); // hostile name -> [result, ...]
const nextRenders = new Map(); // aftermath sketch name -> canaries rendered right after it
const roundErrors = new Map(); // hostile name -> error of its round
const retried = [];
const traffic = { tcp: 0, http: 0, upgrade: 0, udp: 0, seen: [] };
const servers = [];

function noteTraffic(kind, what) {
  traffic[kind]++;
  if (traffic.seen.length < 50) traffic.seen.push(`${kind}: ${what}`);
}

async function startListeners() {
  const handler = (req, res) => {
    noteTraffic('http', `${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
    res.end('pp-listener-reached');
  };
  const watch = (server, label) => {
    server.on('connection', (s) => {
      noteTraffic('tcp', `${label} from ${s.remoteAddress}:${s.remotePort}`);
      s.on('error', () => {});
    });
    server.on('upgrade', (req, socket) => {
      noteTraffic('upgrade', `${label} ${req.url}`);
      socket.destroy();
    });
    server.on('clientError', (err, socket) => socket.destroy());
  };
  const httpV4 = http.createServer(handler);
  watch(httpV4, '127.0.0.1');
  await new Promise((resolve, reject) => httpV4.once('error', reject).listen(0, '127.0.0.1', resolve));
  servers.push(httpV4);
  const port = httpV4.address().port;
  // The same port on ::1 too, when free, for "localhost" URLs.
  const httpV6 = http.createServer(handler);
  watch(httpV6, '::1');
  await new Promise((resolve) => {
    httpV6.once('error', () => resolve());
    httpV6.listen(port, '::1', () => { servers.push(httpV6); resolve(); });
  });

  const udp = dgram.createSocket('udp4');
  udp.on('message', (msg, rinfo) => noteTraffic('udp', `${msg.length} bytes from ${rinfo.address}:${rinfo.port}`));
  await new Promise((resolve, reject) => udp.once('error', reject).bind(0, '127.0.0.1', resolve));
  servers.push(udp);
  return { http: port, udp: udp.address().port };
}

function assertNoTraffic(when) {
  assert.deepEqual(
    { tcp: traffic.tcp, http: traffic.http, upgrade: traffic.upgrade, udp: traffic.udp },
    { tcp: 0, http: 0, upgrade: 0, udp: 0 },
    `${when}: a listener was reached: ${traffic.seen.join('; ')}`,
  );
}

function withPorts(code) {
  return code.replace(/__UDP_PORT__/g, String(ports.udp)).replace(/__PORT__/g, String(ports.http));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One render_batch request; items are [{id, code}]. */
async function render(items, timeoutMs) {
  itemsSent += items.length;
  return svc.renderBatch(items.map(({ id, code }) => ({ id, code })), { timeout_ms: timeoutMs });
}

/**
 * Sends several requests back to back (a few ms apart, so they reach the pool's
 * queue in this order) and waits for all of them: the pool interleaves their items
 * over its two pages. Returns the results of each request.
 */
async function renderInterleaved(requests) {
  const pending = [];
  for (const { items, timeoutMs } of requests) {
    pending.push(render(items, timeoutMs));
    await sleep(STAGGER_MS);
  }
  return Promise.all(pending);
}

function canaryItems(prefix, kinds) {
  return kinds.map((kind, i) => ({ id: `${prefix}-canary-${i}-${kind}`, code: CANARIES[kind], kind }));
}

async function checkHealthOk(when) {
  const h = await svc.health();
  assert.ok(h, `${when}: /health did not answer JSON`);
  assert.equal(h.status, 'ok', `${when}: /health status`);
  return h;
}

async function followUpCanaries(prefix) {
  const items = canaryItems(`${prefix}-after`, ['brush', 'random', 'blue']);
  const out = await render(items, CANARY_TIMEOUT_MS);
  out.forEach((r, i) => checkCanary(items[i].kind, r));
}

function logResult(r) {
  if (!VERBOSE) return;
  process.stderr.write(`[hostile] ${r.id}: ${r.status} ${r.render_ms}ms errors=${JSON.stringify(r.errors).slice(0, 300)} `
    + `console=${JSON.stringify(r.console.slice(0, 4)).slice(0, 400)} brush=${JSON.stringify(r.brush_calls)} text=${r.text_calls}\n`);
}

// --- lifecycle -------------------------------------------------------------------
before(async () => {
  ports = await startListeners();
  svc = await startService({ poolSize: 2 });
  const items = canaryItems('baseline', ['brush', 'random', 'blue']);
  const out = await render(items, CANARY_TIMEOUT_MS);
  baseline.brush = checkCanary('brush', out[0]);
  baseline.random = checkCanary('random', out[1]);
  checkCanary('blue', out[2]);
});

after(async () => {
  if (svc) await svc.stop();
  for (const s of servers) await new Promise((resolve) => s.close(() => resolve()));
});

// --- rounds of hostile sketches, then one test per sketch --------------------------
rounds.forEach((round, b) => {
  const names = round.map((h) => h.name);
  test(`round ${b + 1}/${rounds.length}: ${names.join(', ')}`, async () => {
    // Hostile items two per request (timeout_ms TIMEOUT_MS), a canary request
    // (generous budget: it must come out exact, not merely in time) before each.
    const hostileItems = [];
    for (const h of round) {
      for (let c = 0; c < h.copies; c++) hostileItems.push({ id: `${h.name}#${c + 1}`, code: withPorts(h.code), hostile: h });
    }
    const requests = [];
    const kinds = ['blue', 'brush', 'random'];
    for (let i = 0; i < hostileItems.length; i += 2) {
      const kind = kinds[(i / 2) % kinds.length];
      requests.push({ items: [{ id: `r${b + 1}-canary-${i / 2}-${kind}`, code: CANARIES[kind], kind }], timeoutMs: CANARY_TIMEOUT_MS });
      requests.push({ items: hostileItems.slice(i, i + 2), timeoutMs: TIMEOUT_MS });
    }
    requests.push({ items: canaryItems(`r${b + 1}-last`, ['brush']), timeoutMs: CANARY_TIMEOUT_MS });
    const t0 = Date.now();
    let outs;
    try {
      outs = await renderInterleaved(requests);
    } catch (err) {
      for (const n of names) roundErrors.set(n, err);
      throw err;
    }
    const byId = new Map();
    outs.forEach((out, k) => {
      assert.equal(out.length, requests[k].items.length);
      out.forEach((r, i) => {
        assert.equal(r.id, requests[k].items[i].id, 'results come back in input order');
        byId.set(r.id, r);
      });
    });
    // A hostile item that ran out of time although its attack has another outcome
    // may just have been starved of CPU (2 cores, a busy neighbour): it is rendered
    // once more, alone, with a longer budget, and that result is the one judged.
    for (const item of hostileItems) {
      const r = byId.get(item.id);
      if (r.status === 'TIMEOUT' && !item.hostile.expect.includes('TIMEOUT')) {
        const [again] = await render([{ id: `${item.id}-retry`, code: item.code }], RETRY_TIMEOUT_MS);
        retried.push(`${item.id}: ${again.status}`);
        again.id = item.id;
        byId.set(item.id, again);
      }
    }
    for (const item of hostileItems) {
      const r = byId.get(item.id);
      logResult(r);
      if (!results.has(item.hostile.name)) results.set(item.hostile.name, []);
      results.get(item.hostile.name).push(r);
    }
    if (VERBOSE) process.stderr.write(`[hostile] round ${b + 1}: ${hostileItems.length} hostile items in ${Date.now() - t0} ms\n`);
    // The canaries that shared the pool with the attacks.
    for (const req of requests) for (const it of req.items) if (it.kind) checkCanary(it.kind, byId.get(it.id));
    assertNoTraffic(`after round ${b + 1}`);
    await checkHealthOk(`after round ${b + 1}`);
    await followUpCanaries(`r${b + 1}`);
    assertNoTraffic(`after the follow-up canaries of round ${b + 1}`);
  });

  for (const h of round) {
    test(`${h.name}: contained`, KNOWN_BUGS[h.name] ? { todo: KNOWN_BUGS[h.name] } : {}, () => {
      if (roundErrors.has(h.name)) throw roundErrors.get(h.name);
      const rs = results.get(h.name);
      assert.ok(rs && rs.length === h.copies, 'the round produced this sketch\'s results');
      for (const r of rs) checkHostile(h, r);
    });
  }
});

// --- aftermath sketches: what they leave behind must not reach the next render -------
for (const h of aftermath) {
  test(`aftermath round: ${h.name}`, async () => {
    // Two copies (one per page), then canaries sent right behind them, so that the
    // first canary on each page is the very next render after the hostile sketch.
    const hostileItems = [1, 2].map((c) => ({ id: `${h.name}#${c}`, code: withPorts(h.code) }));
    const canaries = canaryItems(`${h.name}-next`, ['blue', 'random', 'brush', 'blue']);
    let outs;
    try {
      outs = await renderInterleaved([
        { items: hostileItems, timeoutMs: TIMEOUT_MS },
        { items: canaries, timeoutMs: NEXT_CANARY_TIMEOUT_MS },
      ]);
    } catch (err) {
      roundErrors.set(h.name, err);
      throw err;
    }
    // As in the rounds: a TIMEOUT its attack does not explain is judged on a retry.
    for (let i = 0; i < outs[0].length; i++) {
      if (outs[0][i].status === 'TIMEOUT' && !h.expect.includes('TIMEOUT')) {
        const [again] = await render([{ id: `${hostileItems[i].id}-retry`, code: hostileItems[i].code }], RETRY_TIMEOUT_MS);
        retried.push(`${hostileItems[i].id}: ${again.status}`);
        again.id = hostileItems[i].id;
        outs[0][i] = again;
      }
    }
    outs[0].forEach(logResult);
    outs[1].forEach(logResult);
    results.set(h.name, outs[0]);
    nextRenders.set(h.name, outs[1].map((r, i) => ({ r, kind: canaries[i].kind })));
    assertNoTraffic(`after ${h.name}`);
    await checkHealthOk(`after ${h.name}`);
    await followUpCanaries(h.name);
    assertNoTraffic(`after the follow-up canaries of ${h.name}`);
  });

  test(`${h.name}: contained`, KNOWN_BUGS[h.name] ? { todo: KNOWN_BUGS[h.name] } : {}, () => {
    if (roundErrors.has(h.name)) throw roundErrors.get(h.name);
    const rs = results.get(h.name);
    assert.ok(rs && rs.length === 2, 'the round produced this sketch\'s results');
    for (const r of rs) checkHostile(h, r);
  });

  const nextKey = `${h.name}:next`;
  test(`${h.name}: the next render on the same page is unaffected`, KNOWN_BUGS[nextKey] ? { todo: KNOWN_BUGS[nextKey] } : {}, () => {
    if (roundErrors.has(h.name)) throw roundErrors.get(h.name);
    const next = nextRenders.get(h.name);
    assert.ok(next, 'the round produced the canaries');
    for (const { r, kind } of next) checkCanary(kind, r);
  });
}

// Text that must never reach a result: files, the renderer's source, the token.
const LEAK_MARKERS = [/root:x:0:0/, /pp-listener-reached/, /class HttpError/, /function ppHarness/, /RenderPool/, /"name":\s*"paint-pipeline/];

function checkHostile(h, r) {
  const where = `${r.id}: ${r.status} ${JSON.stringify(r.errors).slice(0, 300)} console ${JSON.stringify(r.console.slice(0, 5)).slice(0, 500)}`;
  assert.ok(h.expect.includes(r.status), `${where}: status is not one of ${h.expect.join(', ')}`);
  for (const line of [...r.console, ...r.errors]) {
    assert.ok(!/\bLEAK\b/.test(line), `${r.id}: the sketch observed a leak: ${line.slice(0, 300)}`);
  }
  const text = JSON.stringify(r);
  for (const m of LEAK_MARKERS) assert.ok(!m.test(text), `${r.id}: the result contains ${m}`);
  assert.ok(!text.includes(svc.token), `${r.id}: the result contains the service token`);
  for (const [k, v] of Object.entries(r.brush_calls)) assert.ok(Number.isInteger(v) && v >= 0, `${r.id}: brush_calls.${k} = ${v}`);
  if (r.status === 'SUCCESS') {
    assert.ok(typeof r.png_base64 === 'string' && r.png_base64.length > 0, `${r.id}: SUCCESS without an image`);
    assert.doesNotThrow(() => decodePng(r.png_base64), `${r.id}: the image is a PNG`);
  } else {
    assert.equal(r.png_base64, null, `${r.id}: an image came with status ${r.status}`);
  }
  if (h.check) {
    // positiveMarks: the brush_marks entries above zero (a check that no call kept a mark expects none).
    const positiveMarks = (res) => Object.entries(res.brush_marks).filter(([, n]) => n > 0);
    h.check(r, { assert, size: SIZE, decode: (res) => decodePng(res.png_base64), meanColor, meanAbsDiff, positiveMarks });
  }
}

test('after all hostile rounds: listeners untouched, every item counted, memory bounded', async () => {
  assertNoTraffic('at the end');
  const h = await checkHealthOk('at the end');
  assert.equal(h.rendered, itemsSent, `/health counts ${h.rendered} rendered items; ${itemsSent} were sent`);
  assert.ok(h.memory.browser_rss_mb < 4000, `browser RSS ${h.memory.browser_rss_mb} MB`);
  if (VERBOSE) {
    process.stderr.write(`[hostile] retried after a TIMEOUT: ${retried.join('; ') || 'none'}\n`);
    process.stderr.write(`[hostile] health: replacements=${h.page_replacements} memory_kills=${h.memory_kills} restarts=${h.browser_restarts} `
      + `browser_rss_mb=${h.memory.browser_rss_mb.toFixed(0)} processes=${h.memory.browser_processes}\n`);
  }
  // One more pair of canaries after everything.
  await followUpCanaries('final');
  assertNoTraffic('after the final canaries');
});
