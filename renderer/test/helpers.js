'use strict';
// Test helpers: start a real renderer service on a free port and talk to it.

const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const path = require('node:path');
const readline = require('node:readline');

const SERVER = path.join(__dirname, '..', 'src', 'server.js');

/**
 * Starts `node src/server.js` on 127.0.0.1 with a random port and token.
 * Returns {url, token, proc, pid, request(), renderBatch(), health(), stop()}.
 */
async function startService({ env = {}, args = [], poolSize = 2, stdin = 'ignore' } = {}) {
  const token = crypto.randomBytes(24).toString('hex');
  const proc = spawn(process.execPath, [SERVER, '--port', '0', '--pool-size', String(poolSize), ...args], {
    env: { ...process.env, PP_RENDERER_TOKEN: token, ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in 60 s: ${stderr}`)), 60_000);
    const lines = readline.createInterface({ input: proc.stdout });
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line);
        if (msg.event === 'listening') {
          clearTimeout(timer);
          resolve(msg.url);
        }
      } catch {
        // not our line
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${stderr}`));
    });
  });

  async function request(pathname, { method = 'GET', body, auth = token, headers = {} } = {}) {
    const h = { ...headers };
    if (auth !== null) h.Authorization = `Bearer ${auth}`;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // left null
    }
    return { status: res.status, json, text };
  }

  async function renderBatch(items, opts = {}) {
    const res = await request('/render_batch', {
      method: 'POST',
      body: { items: items.map((it, i) => ({ id: `item-${i}`, seed: 1, size: 128, ...it })), timeout_ms: 8000, ...opts },
    });
    if (res.status !== 200) throw new Error(`render_batch answered ${res.status}: ${res.text}`);
    return res.json.results;
  }

  async function health() {
    return (await request('/health')).json;
  }

  async function stop() {
    if (proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    try {
      await request('/shutdown', { method: 'POST' });
    } catch {
      proc.kill('SIGKILL');
    }
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  return { url, token, proc, pid: proc.pid, request, renderBatch, health, stop, stderr: () => stderr };
}

/** Decodes a PNG's width and height from its IHDR chunk. */
function pngSize(base64) {
  const buf = Buffer.from(base64, 'base64');
  if (buf.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

module.exports = { startService, pngSize };
