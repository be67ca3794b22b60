'use strict';
// One warm page of the pool and the render of one sketch on it.
//
// Each render navigates the page to a new document (a fresh JavaScript realm
// with an opaque origin), so nothing a sketch leaves behind (globals, patched
// prototypes, seeded state, storage) reaches the next one, while the tab, its
// renderer process and its CDP session stay warm. A hung sketch is stopped
// with Runtime.terminateExecution on the session opened when the page was
// healthy (milliseconds); a page that does not recover is closed and replaced.

const crypto = require('node:crypto');
const { CONSOLE_CAP, ORIGIN, renderDocument } = require('./page');

const MAX_CONSOLE_LINES = CONSOLE_CAP;
const MAX_CONSOLE_CHARS = 300;
const RESET_BUDGET_MS = 1000; // an idle page reaches about:blank in tens of milliseconds
const FAVICON = `${ORIGIN}/favicon.ico`;

class PageWorker {
  constructor({ browserHandle, libs, index, onReplace, baseline = false }) {
    this.browserHandle = browserHandle;
    // Benchmark baseline (paint-code-rl's way): a new page per sketch, painted,
    // with p5's default WEBGL multisampling.
    this.baseline = baseline;
    this.broken = null; // set when resetting the page failed; the next render replaces it
    this.libs = libs;
    this.index = index;
    this.onReplace = onReplace;
    this.page = null;
    this.context = null;
    this.session = null;
    this.binding = `__pp_${crypto.randomBytes(12).toString('hex')}`;
    this.current = null; // the render in progress: {renderId, resolve, ...}
  }

  async open() {
    const browser = this.browserHandle.browser;
    // A browser context per page: separate HTTP cache and permissions.
    this.context = await browser.createBrowserContext();
    const page = await this.context.newPage();
    this.page = page;
    const session = await page.createCDPSession();
    this.session = session;
    // The page's main frame and, per document, its main-world context: the
    // only context whose reports count.
    const { frameTree } = await session.send('Page.getFrameTree');
    this.mainFrameId = frameTree.frame.id;
    this.mainContextId = null;
    session.on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context.auxData || {};
      if (aux.frameId === this.mainFrameId && aux.isDefault) this.mainContextId = context.id;
    });
    // Frames are never needed to paint, and each one would be a fresh realm
    // outside the harness (its own prototypes, console, WebRTC).
    session.on('Page.frameAttached', ({ frameId }) => {
      if (frameId !== this.mainFrameId) this.#block('the sketch created a frame (iframes are not allowed)');
    });
    await session.send('Page.enable');
    await session.send('Runtime.enable');
    await session.send('Log.enable');
    await session.send('Runtime.addBinding', { name: this.binding });
    session.on('Runtime.bindingCalled', (ev) => {
      if (ev.name !== this.binding) return;
      if (ev.executionContextId !== this.mainContextId) {
        this.#block('the sketch called the harness channel from another context');
        return;
      }
      this.#onReport(ev.payload);
    });
    session.on('Log.entryAdded', ({ entry }) => {
      // Written by the browser, not by page script: a sketch cannot forge or
      // suppress these.
      // Warnings are about our own page (e.g. the sandbox flags); refusals are errors.
      if (entry.level === 'error' && (entry.source === 'security' || entry.source === 'violation' || /Content Security Policy/.test(entry.text))) {
        this.#block(`the browser refused: ${entry.text}`);
      }
    });
    // Every request stops here first (CDP Fetch domain on our own session).
    session.on('Fetch.requestPaused', (ev) => this.#onRequest(ev));
    await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    // Only what page script printed (not the browser's own log lines, which
    // vary from run to run, e.g. GPU driver messages).
    session.on('Runtime.consoleAPICalled', (ev) => this.#onConsole(ev));
    page.on('dialog', (dialog) => {
      this.#block(`the sketch opened a ${dialog.type()} dialog`);
      dialog.dismiss().catch(() => {});
    });
    page.on('popup', (popup) => {
      this.#block('the sketch opened a new window');
      if (popup) popup.close().catch(() => {});
    });
    // Events of a page this worker has already replaced are ignored.
    page.on('error', (err) => { if (page === this.page) this.#onCrash(err); });
    page.on('close', () => { if (page === this.page) this.#onCrash(new Error('the page closed')); });
    page.setDefaultNavigationTimeout(0);
    await page.setViewport({ width: 800, height: 800 });
  }

  // --- events --------------------------------------------------------------
  #onRequest(ev) {
    const cur = this.current;
    const url = ev.request.url;
    const requestId = ev.requestId;
    const fulfill = (status, headers, body64) => this.session.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: status,
      responseHeaders: Object.entries(headers).map(([name, value]) => ({ name, value })),
      body: body64,
    }).catch(() => {});
    const lib = this.libs.byUrl.get(url);
    if (lib) {
      fulfill(200, LIB_HEADERS, lib.body64); // our own public files
      return;
    }
    if (cur && url === cur.documentUrl && ev.resourceType === 'Document' && !cur.documentServed) {
      cur.documentServed = true;
      fulfill(200, cur.document.headers, Buffer.from(cur.document.html).toString('base64'));
      return;
    }
    if (cur && url === `${cur.documentUrl}sketch.js` && !cur.sketchServed) {
      cur.sketchServed = true;
      fulfill(200, SKETCH_HEADERS, Buffer.from(cur.code).toString('base64'));
      return;
    }
    if (url === FAVICON) {
      fulfill(404, {}, ''); // the browser's own request
      return;
    }
    this.session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(() => {});
    const verb = ev.resourceType === 'Document' ? 'navigate to' : 'load';
    this.#block(`the sketch tried to ${verb} ${url.slice(0, 200)}`);
  }

  #onConsole(ev) {
    const cur = this.current;
    if (!cur) return;
    cur.consoleCount++;
    if (cur.console.length < MAX_CONSOLE_LINES) {
      const text = ev.args.map(describeRemoteValue).join(' ');
      const level = ev.type === 'warning' ? 'warn' : ev.type; // as the method was called
      cur.console.push(`${level}: ${text.slice(0, MAX_CONSOLE_CHARS)}`);
    }
  }

  #onReport(payloadText) {
    const cur = this.current;
    if (!cur) return;
    let payload;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      return;
    }
    if (!payload || payload.render_id !== cur.renderId) return; // a stale report
    cur.settle({ kind: 'report', payload });
  }

  #block(reason) {
    const cur = this.current;
    if (!cur) return;
    if (!cur.blocked) cur.blocked = reason;
    cur.settle({ kind: 'blocked' });
  }

  #onCrash(err) {
    this.crashed = true;
    const cur = this.current;
    if (cur) cur.settle({ kind: 'crashed', detail: String(err && err.message ? err.message : err) });
  }

  // --- one render ------------------------------------------------------------
  /**
   * Renders one prepared item and returns the raw outcome:
   * {status, detail, image, brushCalls, textCalls, console, frames, sketchMs}.
   */
  async render({ code, seed, size, frames, loadsBrush, timeoutMs }) {
    const started = performance.now();
    if (this.broken) await this.replace(); // throws if the browser is gone: RENDERER_ERROR
    // history.length would otherwise tell a sketch how many ran before it.
    await this.session.send('Page.resetNavigationHistory').catch(() => {});
    const renderId = crypto.randomBytes(8).toString('hex');
    const documentUrl = `${ORIGIN}/r/${this.index}/${renderId}/`;
    const document = renderDocument({
      renderId,
      renderPath: `/r/${this.index}/${renderId}/`,
      seed,
      size,
      frames,
      loadsBrush,
      baseline: this.baseline,
      binding: this.binding,
      libs: this.libs,
    });
    let settle;
    const outcome = new Promise((resolve) => { settle = resolve; });
    const cur = {
      renderId,
      documentUrl,
      document,
      code,
      documentServed: false,
      sketchServed: false,
      console: [],
      consoleCount: 0,
      blocked: null,
      settled: false,
      settle: (value) => {
        if (cur.settled) return;
        cur.settled = true;
        settle(value);
      },
    };
    this.current = cur;
    const timer = setTimeout(() => cur.settle({ kind: 'timeout' }), timeoutMs);
    this.page.goto(documentUrl, { waitUntil: [] }).catch((err) => {
      // A navigation the sketch started aborts ours; that is reported as BLOCKED
      // by the request handler. Anything else is ours to own.
      if (!cur.settled && !cur.blocked && !/ERR_ABORTED|ERR_BLOCKED|frame was detached|Target closed|Navigating frame was detached/i.test(err.message)) {
        cur.settle({ kind: 'renderer_error', detail: `navigation failed: ${err.message}` });
      }
    });
    const result = await outcome;
    clearTimeout(timer);
    const consoleLines = cur.console.slice();
    const dropped = cur.consoleCount - consoleLines.length
      + (result.kind === 'report' && Number.isInteger(result.payload.console_dropped) ? result.payload.console_dropped : 0);
    if (dropped > 0) consoleLines.push(`(${dropped} more console lines dropped)`);
    // The outcome is what happened until the result; whatever the sketch does
    // after that dies with its document, below.
    const out = toOutcome(result, cur, consoleLines, size);
    out.onPageMs = performance.now() - started; // until the result, not the cleanup after it
    this.current = null;
    try {
      await this.#afterRender(result.kind);
    } catch (err) {
      this.broken = err; // the item's outcome stands; the next render replaces the page first
    }
    return out;
  }

  // After every render, leave the sketch's document for about:blank, so
  // nothing of it (a timer, a loop, an unload handler) is alive when the next
  // sketch starts. A page that cannot get there in time (its main thread is
  // stuck in sketch code) is discarded and replaced: a new tab costs a few
  // hundred milliseconds, never a browser restart. Runtime.terminateExecution
  // was tried first and dropped: on a tab that had just navigated to a new
  // document it often did not answer at all.
  async #afterRender(kind) {
    if (this.crashed || kind === 'crashed' || kind === 'timeout' || this.baseline) {
      await this.replace();
      return;
    }
    try {
      await withTimeout(this.page.goto('about:blank', { waitUntil: 'load' }), RESET_BUDGET_MS, 'reset to about:blank');
    } catch {
      await this.replace();
    }
  }

  async replace() {
    const started = performance.now();
    const old = { page: this.page, context: this.context };
    this.crashed = false;
    this.broken = null;
    this.page = null;
    withTimeout(old.context ? old.context.close() : Promise.resolve(), 5000, 'close').catch(() => {
      // the context is gone with its crashed renderer; nothing to free
    });
    try {
      await this.open();
    } catch (err) {
      this.broken = err;
      throw err;
    }
    this.onReplace(performance.now() - started);
  }

  async close() {
    try {
      if (this.context) await withTimeout(this.context.close(), 5000, 'close');
    } catch {
      // closing a dead page is not an error
    }
  }
}

const SKETCH_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};
// The libraries never change while the service runs.
const LIB_HEADERS = { ...SKETCH_HEADERS, 'Cache-Control': 'public, max-age=31536000, immutable' };

function toOutcome(result, cur, consoleLines, size) {
  const base = { brushCalls: {}, textCalls: 0, frames: 0, sketchMs: 0, pageMs: 0, console: consoleLines, image: null, detail: null };
  if (cur.blocked) return { ...base, ...payloadCounts(result), status: 'BLOCKED', detail: cur.blocked };
  switch (result.kind) {
    case 'report': {
      const p = result.payload;
      if (p.status !== 'SUCCESS') return { ...base, ...payloadCounts(result), status: p.status, detail: p.detail };
      const dims = pngDimensions(p.image);
      if (!dims || dims.width !== size || dims.height !== size) {
        const got = dims ? `${dims.width}x${dims.height}` : 'no PNG';
        return { ...base, ...payloadCounts(result), status: 'BLOCKED', detail: `the sketch tampered with the image read-back (${got}, expected ${size}x${size})` };
      }
      return { ...base, ...payloadCounts(result), status: 'SUCCESS', image: p.image };
    }
    case 'timeout':
      return { ...base, status: 'TIMEOUT', detail: 'the sketch did not finish within the time budget' };
    case 'crashed':
      return { ...base, status: 'CRASHED', detail: `the page died: ${result.detail}` };
    default:
      return { ...base, status: 'RENDERER_ERROR', detail: result.detail || 'unknown renderer failure' };
  }
}

function payloadCounts(result) {
  if (result.kind !== 'report') return {};
  const p = result.payload;
  const calls = {};
  if (p.brush_calls && typeof p.brush_calls === 'object') {
    for (const [k, v] of Object.entries(p.brush_calls)) if (Number.isInteger(v)) calls[k] = v;
  }
  return {
    brushCalls: calls,
    textCalls: Number.isInteger(p.text_calls) ? p.text_calls : 0,
    brushesUsed: p.brushes_used && typeof p.brushes_used === 'object' ? Object.keys(p.brushes_used).slice(0, 32).sort() : [],
    domTextChars: Number.isInteger(p.dom_text_chars) ? p.dom_text_chars : 0,
    frames: Number.isInteger(p.frames) ? p.frames : 0,
    sketchMs: typeof p.sketch_ms === 'number' ? p.sketch_ms : 0,
    pageMs: typeof p.page_ms === 'number' ? p.page_ms : 0,
    marks: numbersOnly(p.marks),
  };
}

function numbersOnly(obj) {
  const out = {};
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) if (typeof v === 'number') out[k] = Math.round(v * 10) / 10;
  }
  return out;
}

// Width and height from a PNG data URL's IHDR chunk, or null.
function pngDimensions(dataUrl) {
  const m = typeof dataUrl === 'string' ? /^data:image\/png;base64,(.+)$/.exec(dataUrl.slice(0, 80)) : null;
  if (!m) return null;
  const head = Buffer.from(dataUrl.slice(22, 22 + 44), 'base64');
  if (head.length < 24 || head.toString('latin1', 1, 4) !== 'PNG') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

// A console argument as text, from its DevTools preview.
function describeRemoteValue(arg) {
  if (arg.type === 'string') return arg.value;
  if (arg.value !== undefined) return JSON.stringify(arg.value);
  return arg.unserializableValue || arg.description || arg.type;
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

module.exports = { PageWorker };
