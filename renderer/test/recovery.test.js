'use strict';
// The browser itself dies (killed, out of memory): the service restarts it,
// the items it had in flight come back RENDERER_ERROR, and later items render.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { startService } = require('./helpers');

let svc;
before(async () => { svc = await startService({ poolSize: 1 }); });
after(async () => { await svc.stop(); });

function childPids(pid) {
  const out = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

const BLUE = 'function setup(){ createCanvas(64, 64); background(0, 0, 255); }';
const SLOW = 'function setup(){ createCanvas(64, 64); const t = performance.now(); while (performance.now() - t < 4000) {} background(0); }';

test('a killed browser is restarted; in-flight items are RENDERER_ERROR, later ones render', async () => {
  assert.equal((await svc.renderBatch([{ code: BLUE }]))[0].status, 'SUCCESS');
  const [browserPid] = childPids(svc.pid);
  assert.ok(browserPid, 'the service has a browser child process');
  const inFlight = svc.renderBatch([{ code: SLOW }], { timeout_ms: 20000 });
  await new Promise((r) => setTimeout(r, 1500));
  process.kill(browserPid, 'SIGKILL');
  const [lost] = await inFlight;
  assert.equal(lost.status, 'RENDERER_ERROR', JSON.stringify(lost.errors));
  assert.match(lost.errors[0], /browser/);
  const [next] = await svc.renderBatch([{ code: BLUE }], { timeout_ms: 20000 });
  assert.equal(next.status, 'SUCCESS', JSON.stringify(next.errors));
  const health = await svc.health();
  assert.equal(health.status, 'ok');
  assert.ok(health.browser_restarts >= 1);
  assert.notEqual(childPids(svc.pid)[0], browserPid);
});
