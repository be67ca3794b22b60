'use strict';
// The renderer's HTTP API (see renderer/README.md for the protocol):
//   GET  /health         public: versions, pool state, sandbox in force
//   POST /render_batch   token: render items, results in input order
//   POST /shutdown       token: close the browser and exit

const http = require('node:http');
const { execFileSync } = require('node:child_process');
const { loadConfig, ConfigError, usage } = require('./config');
const { resolveToken, authorized } = require('./token');
const { RenderPool } = require('./pool');

const SERVICE_VERSION = require('../package.json').version;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function readBody(req, limit, timeoutMs) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      reject(new HttpError(413, `request body of ${declared} bytes exceeds the limit of ${limit} bytes`));
      return;
    }
    const chunks = [];
    let size = 0;
    // A client that trickles (or stalls) its body holds a connection and memory: it gets a deadline. (Node's own
    // requestTimeout is off, as a batch's answer may take minutes.)
    const timer = setTimeout(() => {
      req.off('data', onData);
      reject(new HttpError(408, `the request body did not arrive within ${timeoutMs} ms`));
    }, timeoutMs);
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        // Answer now; the connection is closed once the answer is out.
        clearTimeout(timer);
        req.off('data', onData);
        reject(new HttpError(413, `request body exceeds the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Validates a render_batch request; every message names the field at fault. */
function parseBatch(text, cfg) {
  let body;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `malformed JSON: ${err.message}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body must be a JSON object');
  const { items } = body;
  if (!Array.isArray(items)) throw new HttpError(400, '"items" must be an array');
  if (items.length === 0) throw new HttpError(400, '"items" is empty: nothing to render');
  if (items.length > cfg.maxItems) throw new HttpError(413, `batch of ${items.length} items exceeds the limit of ${cfg.maxItems}`);
  const timeoutMs = body.timeout_ms === undefined ? cfg.defaultTimeoutMs : body.timeout_ms;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > cfg.maxTimeoutMs) {
    throw new HttpError(400, `"timeout_ms" must be an integer in [100, ${cfg.maxTimeoutMs}]`);
  }
  const frames = body.frames === undefined ? 1 : body.frames;
  if (!Number.isInteger(frames) || frames < 1 || frames > 600) throw new HttpError(400, '"frames" must be an integer in [1, 600]');
  const fresh = body.fresh === undefined ? false : body.fresh;
  if (typeof fresh !== 'boolean') throw new HttpError(400, '"fresh" must be true or false');
  const seen = new Set();
  const parsed = items.map((item, i) => {
    const at = `items[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new HttpError(400, `${at} must be an object`);
    if (typeof item.id !== 'string' || item.id.length === 0 || item.id.length > 200) {
      throw new HttpError(400, `${at}.id must be a non-empty string of at most 200 characters`);
    }
    if (seen.has(item.id)) throw new HttpError(400, `${at}.id ${JSON.stringify(item.id)} is repeated`);
    seen.add(item.id);
    if (typeof item.code !== 'string') throw new HttpError(400, `${at}.code must be a string`);
    const bytes = Buffer.byteLength(item.code, 'utf8');
    if (bytes > cfg.maxCodeBytes) throw new HttpError(413, `${at}.code is ${bytes} bytes; the limit is ${cfg.maxCodeBytes}`);
    const seed = item.seed === undefined ? 0 : item.seed;
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new HttpError(400, `${at}.seed must be an integer in [0, 4294967295]`);
    const size = item.size === undefined ? 256 : item.size;
    if (!Number.isInteger(size) || size < 16 || size > 2048) throw new HttpError(400, `${at}.size must be an integer in [16, 2048]`);
    return { id: item.id, code: item.code, seed, size };
  });
  return { items: parsed, timeoutMs, frames, fresh };
}

function chromiumVersion(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10000 }).trim().split('\n').pop();
  } catch {
    return 'unknown';
  }
}

async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`renderer: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (cfg.help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  let token;
  let tokenSource;
  try {
    ({ token, source: tokenSource } = resolveToken(process.env, cfg.tokenFile));
  } catch (err) {
    process.stderr.write(`renderer: ${err.message}\n`);
    process.exit(2);
  }
  const pool = new RenderPool(cfg);
  try {
    await pool.start();
  } catch (err) {
    process.stderr.write(`renderer: could not start Chromium: ${err.message}\n`);
    process.exit(err.code === 'CHROMIUM_MISSING' ? 3 : 1);
  }
  const chromium = chromiumVersion(cfg.chromiumPath);
  let shuttingDown = false;

  const send = (res, status, obj) => {
    const body = JSON.stringify(obj);
    const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' };
    // An answer given before the request body was read (401, 413) closes the
    // connection: the rest of the body is never read.
    const unread = !res.req.complete;
    if (unread) headers.Connection = 'close';
    res.writeHead(status, headers);
    res.end(body, () => {
      if (unread) res.req.destroy();
    });
  };

  const shutdown = async (code) => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.close();
    await pool.close();
    process.exit(code);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    try {
      if (url.pathname === '/health') {
        if (req.method !== 'GET') throw new HttpError(405, 'use GET /health');
        send(res, 200, {
          status: shuttingDown ? 'stopping' : pool.fatal ? 'error' : 'ok',
          ...(pool.fatal ? { error: pool.fatal } : {}),
          version: SERVICE_VERSION,
          p5: pool.libs.p5.version,
          p5_brush: pool.libs.brush.version,
          chromium,
          pid: process.pid,
          pool: { size: cfg.poolSize, busy: pool.busy, queued: pool.queue.length },
          limits: { max_items: cfg.maxItems, max_code_bytes: cfg.maxCodeBytes, max_body_bytes: cfg.maxBodyBytes },
          rendered: pool.rendered,
          cancelled: pool.cancelled,
          page_replacements: pool.replacements.count,
          replacement_ms: {
            mean: pool.replacements.count ? Math.round(pool.replacements.totalMs / pool.replacements.count) : 0,
            max: Math.round(pool.replacements.maxMs),
          },
          memory_kills: pool.memoryKills,
          browser_restarts: pool.browserRestarts,
          sandbox: { ...pool.jail, page_memory_mb: cfg.pageMemoryMb, gpu_memory_mb: cfg.gpuMemoryMb, js_heap_mb: cfg.jsHeapMb },
          memory: pool.usage(),
        });
        return;
      }
      if (url.pathname !== '/render_batch' && url.pathname !== '/shutdown') throw new HttpError(404, `no route ${url.pathname}`);
      if (req.method !== 'POST') throw new HttpError(405, `use POST ${url.pathname}`);
      if (!authorized(req.headers.authorization, token)) {
        throw new HttpError(401, 'missing or wrong token: send "Authorization: Bearer <token>"');
      }
      if (url.pathname === '/shutdown') {
        send(res, 200, { status: 'stopping' });
        setImmediate(() => shutdown(0));
        return;
      }
      if (shuttingDown) throw new HttpError(503, 'the renderer is shutting down');
      const batch = parseBatch(await readBody(req, cfg.maxBodyBytes, cfg.bodyTimeoutMs), cfg);
      // A client that has gone (closed its connection) gets no answer: its items still waiting for a page are
      // dropped, so the pool serves the clients that are still there.
      const gone = new AbortController();
      const onClose = () => {
        if (!res.writableFinished) gone.abort();
      };
      res.on('close', onClose);
      const results = await pool.renderBatch(batch.items, { ...batch, signal: gone.signal });
      res.off('close', onClose);
      if (gone.signal.aborted) return;
      send(res, 200, { results });
    } catch (err) {
      if (err instanceof HttpError) {
        send(res, err.status, { error: err.message });
      } else {
        process.stderr.write(`renderer: internal error: ${err.stack}\n`);
        send(res, 500, { error: `internal renderer error: ${err.message}` });
      }
    }
  });
  server.requestTimeout = 0; // a large batch may take minutes; each item has its own budget
  server.headersTimeout = 30_000;
  server.on('error', async (err) => {
    process.stderr.write(`renderer: cannot listen on ${cfg.host}:${cfg.port}: ${err.message}\n`);
    await pool.close();
    process.exit(4);
  });
  server.listen(cfg.port, cfg.host, () => {
    const { port } = server.address();
    const host = cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
    // One machine-readable line: the Python process manager waits for it.
    process.stdout.write(`${JSON.stringify({ event: 'listening', url: `http://${host}:${port}`, pid: process.pid, token_source: tokenSource, pool: cfg.poolSize })}\n`);
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => shutdown(0));
  if (cfg.exitWithStdin) {
    // The parent keeps our stdin's write end open and never writes: the kernel closes it when the parent dies,
    // however it dies, so an orphaned service (and its browser) cannot outlive a killed job.
    process.stdin.on('end', () => shutdown(0));
    process.stdin.on('error', () => shutdown(0));
    process.stdin.resume();
  }
  // Last resort: a failure nobody awaited (a page closing under a DevTools
  // call) is logged; the service keeps serving.
  process.on('unhandledRejection', (err) => {
    process.stderr.write(`renderer: unhandled rejection: ${err && err.stack ? err.stack : err}\n`);
  });
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`renderer: ${err.stack}\n`);
    process.exit(1);
  });
}

module.exports = { parseBatch, HttpError };
