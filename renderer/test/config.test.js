'use strict';
// The command line, the environment and the token file of the service.
// Most cases exit before Chromium starts; the token-file case starts one
// service with a single page.

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startService } = require('./helpers');

const SERVER = path.join(__dirname, '..', 'src', 'server.js');
const GOOD_TOKEN = 'test-token-0123456789abcdef';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-renderer-config-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Environment for the service: ours, minus every PP_RENDERER_* / PP_CHROMIUM setting. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^PP_(RENDERER_|CHROMIUM)/.test(k)) env[k] = v;
  // A token file of our own, so a real one under ~/.config is never touched.
  env.PP_RENDERER_TOKEN_FILE = path.join(tmp, 'default', 'renderer.token');
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Runs `node src/server.js ...args` to its end: {code, signal, stdout, stderr}. */
function run(args, env = {}, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [SERVER, ...args], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => { stdout += d; });
    proc.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => {
      proc.kill('SIGTERM');
      reject(new Error(`server.js ${args.join(' ')} still running after ${timeoutMs} ms: ${stdout} ${stderr}`));
    }, timeoutMs);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Let the pipes drain.
      setImmediate(() => resolve({ code, signal, stdout, stderr }));
    });
  });
}

test('--help prints the usage and exits 0', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Usage: node src\/server\.js/);
  for (const flag of ['--host', '--port', '--pool-size', '--max-items', '--max-code-bytes', '--max-body-bytes', '--token-file', '--allow-remote']) {
    assert.ok(r.stdout.includes(flag), `usage mentions ${flag}`);
  }
  assert.match(r.stdout, /PP_RENDERER_TOKEN/);
  assert.equal(r.stderr, '');
  const short = await run(['-h']);
  assert.equal(short.code, 0);
  assert.equal(short.stdout, r.stdout);
});

test('an unknown option exits 2 with a message naming it', async () => {
  const r = await run(['--bogus-option']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--bogus-option/);
  assert.match(r.stderr, /unknown option/);
  const inline = await run(['--port=0', '--colour=red']);
  assert.equal(inline.code, 2);
  assert.match(inline.stderr, /--colour/);
});

test('a bad value exits 2 naming the option or variable', async () => {
  const cases = [
    [['--port', 'abc'], {}, /--port/],
    [['--port', '70000'], {}, /--port/],
    [['--pool-size', '0'], {}, /--pool-size/],
    [['--max-items', '-3'], {}, /--max-items/],
    [['--port'], {}, /--port needs a value/],
    [[], { PP_RENDERER_PORT: 'eighty' }, /PP_RENDERER_PORT/],
    [[], { PP_RENDERER_ALLOW_REMOTE: 'maybe' }, /PP_RENDERER_ALLOW_REMOTE/],
  ];
  for (const [args, env, message] of cases) {
    const r = await run(args, env);
    assert.equal(r.code, 2, `${args.join(' ')} ${JSON.stringify(env)}: ${r.stderr}`);
    assert.match(r.stderr, message, `${args.join(' ')} ${JSON.stringify(env)}`);
  }
});

test('--host 0.0.0.0 without --allow-remote exits 2', async () => {
  const r = await run(['--host', '0.0.0.0']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /0\.0\.0\.0/);
  assert.match(r.stderr, /--allow-remote/);
  const env = await run([], { PP_RENDERER_HOST: '192.168.1.1' });
  assert.equal(env.code, 2, env.stderr);
  assert.match(env.stderr, /--allow-remote/);
});

test('a missing Chromium exits non-zero and says how to install it', async () => {
  const r = await run(['--port', '0', '--pool-size', '1'], { PP_CHROMIUM: '/nonexistent/chromium', PP_RENDERER_TOKEN: GOOD_TOKEN });
  assert.notEqual(r.code, 0);
  assert.equal(r.signal, null);
  assert.match(r.stderr, /apt-get install chromium/);
  assert.match(r.stderr, /\/nonexistent\/chromium/);
  assert.doesNotMatch(r.stdout, /listening/);
});

test('a PP_RENDERER_TOKEN shorter than 16 characters is refused', async () => {
  const r = await run(['--port', '0', '--pool-size', '1'], { PP_RENDERER_TOKEN: 'short' });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /PP_RENDERER_TOKEN/);
  assert.match(r.stderr, /16/);
});

test('without PP_RENDERER_TOKEN the service creates a 0600 token file and accepts that token', async () => {
  const tokenFile = path.join(tmp, 'fresh', 'nested', 'renderer.token');
  const svc = await startService({
    poolSize: 1,
    env: { PP_RENDERER_TOKEN: undefined, PP_RENDERER_TOKEN_FILE: tokenFile },
  });
  let stopped = false;
  try {
    const stat = fs.statSync(tokenFile);
    assert.equal(stat.mode & 0o777, 0o600, `mode ${(stat.mode & 0o777).toString(8)}`);
    assert.equal(fs.statSync(path.dirname(tokenFile)).mode & 0o077, 0, 'the folder is private too');
    const token = fs.readFileSync(tokenFile, 'utf8').trim();
    assert.ok(token.length >= 16, `token of ${token.length} characters`);
    assert.notEqual(token, svc.token);
    // The file's token is accepted (the request reaches validation); others are not.
    const ok = await svc.request('/render_batch', { method: 'POST', body: { items: [] }, auth: token });
    assert.equal(ok.status, 400, ok.text);
    const wrong = await svc.request('/render_batch', { method: 'POST', body: { items: [] }, auth: svc.token });
    assert.equal(wrong.status, 401, wrong.text);
    // No temporary file is left next to it.
    assert.deepEqual(fs.readdirSync(path.dirname(tokenFile)), ['renderer.token']);
    // Shut down with the file's token.
    const exited = new Promise((resolve) => svc.proc.once('exit', (code) => resolve(code)));
    const bye = await svc.request('/shutdown', { method: 'POST', auth: token });
    assert.equal(bye.status, 200, bye.text);
    assert.equal(await exited, 0);
    stopped = true;
  } finally {
    if (!stopped) {
      // startService's stop() would send its own token; use the file's.
      const token = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '';
      await svc.request('/shutdown', { method: 'POST', auth: token }).catch(() => {});
      await svc.stop();
    }
  }
});

test('a token file readable by others (0644) is refused with a clear message', async () => {
  const dir = path.join(tmp, 'loose');
  fs.mkdirSync(dir, { mode: 0o700 });
  const tokenFile = path.join(dir, 'renderer.token');
  fs.writeFileSync(tokenFile, 'loose-token-0123456789abcdef\n');
  fs.chmodSync(tokenFile, 0o644);
  const r = await run(['--port', '0', '--pool-size', '1'], { PP_RENDERER_TOKEN: undefined, PP_RENDERER_TOKEN_FILE: tokenFile });
  assert.notEqual(r.code, 0);
  assert.equal(r.signal, null);
  assert.doesNotMatch(r.stdout, /listening/);
  assert.ok(r.stderr.includes(tokenFile), r.stderr);
  assert.match(r.stderr, /readable by others/);
  assert.match(r.stderr, /644/);
  assert.match(r.stderr, /chmod 600/);
  // The file is left as it was.
  assert.equal(fs.statSync(tokenFile).mode & 0o777, 0o644);
  assert.equal(fs.readFileSync(tokenFile, 'utf8'), 'loose-token-0123456789abcdef\n');
});

test('--exit-with-stdin: the service closes its browser and exits when its stdin closes (its parent died)', async () => {
  const svc = await startService({ poolSize: 1, args: ['--exit-with-stdin'], stdin: 'pipe' });
  try {
    assert.equal((await svc.health()).status, 'ok');
    const exited = new Promise((resolve) => svc.proc.once('exit', (code, signal) => resolve({ code, signal })));
    svc.proc.stdin.end(); // what the kernel does to the pipe when the parent dies
    const timer = setTimeout(() => svc.proc.kill('SIGKILL'), 20_000);
    assert.deepEqual(await exited, { code: 0, signal: null });
    clearTimeout(timer);
  } finally {
    await svc.stop();
  }
});
