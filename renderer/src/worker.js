'use strict';
// One warm page of the pool and the render of one sketch on it.
//
// Each render navigates the page to a new document (a fresh JavaScript realm
// with an opaque origin), so nothing a sketch leaves behind (globals, patched
// prototypes, seeded state, storage) reaches the next one, while the tab, its
// renderer process and its DevTools session stay warm.
//
// The outcome of a render is assembled here, from what the DevTools protocol
// says, not from what the page says:
// - the render's document is the one this worker navigated to; its main-world
//   execution context is the first one created after that navigation
//   committed. Any later navigation, new document or new context in the main
//   frame, history change, document.open() or stopped load ends the item
//   BLOCKED, whatever API caused it;
// - the sketch is compiled and run by this worker in that context, so its
//   script id is known: PARSE_ERROR and top-level errors come from V8's answer,
//   later uncaught errors from Runtime.exceptionThrown, and the line an error
//   names is the sketch's own frame in V8's stack trace;
// - the page's harness reports the image and counts through a binding; a
//   report counts only from the render's context and with the secret the
//   harness announced in its first message, before the sketch existed.
//
// A sketch is never interrupted inside its page (no Runtime.terminateExecution:
// on a tab that had just navigated to a new document it often did not answer).
// When the time budget runs out, or the page's renderer crashes, the item ends
// TIMEOUT or CRASHED and the pool starts a new browser for the slot. After any
// other render the page goes to about:blank within RESET_BUDGET_MS, or is
// closed and replaced by a new page when it cannot (its thread is stuck in
// sketch code; the benchmark baseline always takes a new page), so nothing of
// one sketch still runs when the next one starts.

const crypto = require('node:crypto');
const { CONSOLE_CAP, GATE, ORIGIN, renderDocument } = require('./page');

const MAX_CONSOLE_LINES = CONSOLE_CAP;
const MAX_CONSOLE_CHARS = 300;
const MAX_ERROR_CHARS = 500;
const RESET_BUDGET_MS = 1000; // an idle page reaches about:blank in tens of milliseconds
const FAVICON = `${ORIGIN}/favicon.ico`;

class PageWorker {
  constructor({ browserHandle, libs, index, onReplace, baseline = false, waitGpuIdle = async () => true, gpuSettleMs = 1000 }) {
    this.browserHandle = browserHandle;
    // Resolves true once the browser's GPU process is idle, false if it is
    // still busy after the given ms (see pool.js).
    this.waitGpuIdle = waitGpuIdle;
    this.gpuSettleMs = gpuSettleMs;
    // Benchmark baseline (paint-code-rl's way): a new page per sketch, painted,
    // with p5's default WEBGL multisampling.
    this.baseline = baseline;
    this.broken = null; // set when resetting the page failed; the next render replaces it
    this.crashed = false; // its renderer crashed: #afterRender replaces the page instead of resetting it
    this.libs = libs;
    this.index = index;
    this.onReplace = onReplace;
    this.page = null;
    this.context = null;
    this.session = null;
    this.binding = `__pp_${crypto.randomBytes(12).toString('hex')}`;
    this.current = null; // the render in progress
    // The document URLs of this page's earlier renders (each holds a random id no later sketch can learn):
    // a late event that names one of them is that render's, not the current one's. Only these are set
    // aside: a URL the sketch writes itself (eval with a sourceURL) names no earlier render.
    this.pastDocuments = [];
  }

  async open() {
    const browser = this.browserHandle.browser;
    // A browser context per page: separate HTTP cache and permissions.
    this.context = await browser.createBrowserContext();
    const page = await this.context.newPage();
    this.page = page;
    const session = await page.createCDPSession();
    this.session = session;
    const { frameTree } = await session.send('Page.getFrameTree');
    this.mainFrameId = frameTree.frame.id;
    const main = (frameId) => frameId === this.mainFrameId;

    // --- the render's document, and every way of leaving it -------------------------
    // Guards apply from the moment the render's own navigation committed: a
    // navigation event before that belongs to the document before it (an
    // earlier sketch's last request, our reset to about:blank), which the
    // render's own navigation superseded.
    // (The browser reports the commit, the renderer the new context and its
    // first binding call: either may come first.)
    const guarding = () => {
      const cur = this.current;
      return cur && (cur.navigated || cur.contextId !== null) ? cur : null;
    };
    session.on('Page.frameStartedNavigating', ({ frameId, url }) => {
      if (guarding() && main(frameId)) this.#block(`the sketch navigated its page to ${clip(url)}`);
    });
    session.on('Page.frameRequestedNavigation', ({ frameId, url, reason }) => {
      if (guarding() && main(frameId)) this.#block(`the sketch navigated its page to ${clip(url)} (${reason})`);
    });
    session.on('Page.frameScheduledNavigation', ({ frameId, url, reason }) => {
      if (guarding() && main(frameId)) this.#block(`the sketch navigated its page to ${clip(url)} (${reason})`);
    });
    session.on('Page.frameNavigated', ({ frame }) => {
      const cur = this.current;
      if (!cur || frame.parentId) return;
      if (!cur.navigated && frame.url === cur.documentUrl) {
        cur.navigated = true;
        return;
      }
      if (guarding()) this.#block(`the sketch's page left its document for ${clip(frame.url)}`);
    });
    session.on('Page.navigatedWithinDocument', ({ frameId, url }) => {
      if (guarding() && main(frameId)) this.#block(`the sketch changed its page's history or address to ${clip(url)}`);
    });
    session.on('Page.documentOpened', ({ frame }) => {
      if (guarding() && !frame.parentId) this.#block('the sketch replaced its document (document.open or document.write after loading)');
    });
    session.on('Page.loadEventFired', () => {
      if (this.current && this.current.contextId !== null) this.current.loaded = true;
    });
    session.on('Page.frameStoppedLoading', ({ frameId }) => {
      const cur = this.current;
      if (!cur || !main(frameId) || cur.contextId === null || cur.loaded) return;
      // Loading stops before the load event when the page script called
      // window.stop(), and also when the renderer died: a page that still
      // answers was stopped (a dead one settles as CRASHED meanwhile).
      withTimeout(session.send('Runtime.evaluate', { expression: '0', contextId: cur.contextId }), 2000, 'probe')
        .then(() => { if (this.current === cur) this.#block('the sketch stopped its page from loading (window.stop())'); })
        .catch(() => {});
    });
    // Frames are never needed to paint, and each one would be a fresh realm
    // outside the harness (its own prototypes, console, WebRTC).
    session.on('Page.frameAttached', ({ frameId }) => {
      if (guarding() && !main(frameId)) this.#block('the sketch created a frame (iframes are not allowed)');
    });
    session.on('Runtime.executionContextCreated', ({ context }) => {
      const cur = this.current;
      const aux = context.auxData || {};
      if (!cur || !main(aux.frameId) || !aux.isDefault) return;
      // Which one is the render's is settled by its harness's first message (see #onBinding).
      if (cur.contextId === null) cur.created.add(context.id);
      else this.#block('a new document appeared in the sketch\'s page (a new execution context)');
    });
    session.on('Runtime.executionContextsCleared', () => {
      if (this.current && this.current.contextId !== null) this.#block('the sketch\'s document was discarded');
    });

    // --- what happened in it ----------------------------------------------------------
    session.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
      const cur = this.current;
      if (!cur || cur.contextId === null || exceptionDetails.executionContextId !== cur.contextId) return;
      // Context ids are per renderer process: an error of an earlier render's
      // document, arriving late from another process, names that render's path.
      if (namesPastRender(exceptionDetails, this.pastDocuments)) return;
      cur.settle({ kind: 'error', status: 'RUNTIME_ERROR', detail: describeException(exceptionDetails, cur.scriptId) });
    });
    await session.send('Page.enable');
    await session.send('Runtime.enable');
    await session.send('Log.enable');
    await session.send('Runtime.addBinding', { name: this.binding });
    session.on('Runtime.bindingCalled', (ev) => {
      if (ev.name === this.binding) this.#onBinding(ev);
    });
    session.on('Log.entryAdded', ({ entry }) => {
      // Written by the browser, not by page script: a sketch cannot forge or
      // suppress these. Warnings are about our own page (e.g. the sandbox
      // flags); refusals are errors.
      // Only the render's own document counts (an entry of the document
      // before it can arrive late, from another renderer process).
      const cur = guarding();
      if (!cur || (entry.url && isPastDocument(entry.url, this.pastDocuments))) return;
      if (entry.level === 'error' && (entry.source === 'security' || entry.source === 'violation' || /Content Security Policy/.test(entry.text))) {
        this.#block(`the browser refused: ${clip(entry.text)}`);
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
    if (cur && url === `${cur.documentUrl}${GATE}` && !cur.gateServed) {
      cur.gateServed = true;
      this.#runSketch(cur).finally(() => fulfill(200, SCRIPT_HEADERS, ''));
      return;
    }
    if (url === FAVICON) {
      fulfill(404, {}, ''); // the browser's own request
      return;
    }
    this.session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(() => {});
    const verb = ev.resourceType === 'Document' ? 'navigate to' : 'load';
    this.#block(`the sketch tried to ${verb} ${clip(url)}`);
  }

  // Runs the sketch as a classic script in the render's context while the
  // parser waits on the gate: its top-level code runs where a <script> of its
  // own would have, before the load event starts p5.
  async #runSketch(cur) {
    await cur.libsKnown;
    if (cur.settled) return;
    const session = this.session;
    try {
      const compiled = await session.send('Runtime.compileScript', {
        expression: cur.code,
        sourceURL: `${cur.documentUrl}sketch.js`,
        persistScript: true,
        executionContextId: cur.contextId,
      });
      if (compiled.exceptionDetails) {
        cur.settle({ kind: 'error', status: 'PARSE_ERROR', detail: describeException(compiled.exceptionDetails, compiled.exceptionDetails.scriptId) });
        return;
      }
      cur.scriptId = compiled.scriptId;
      const ran = await session.send('Runtime.runScript', {
        scriptId: compiled.scriptId,
        executionContextId: cur.contextId,
        awaitPromise: false,
        returnByValue: false,
        silent: false,
        objectGroup: 'sketch',
      });
      if (ran.exceptionDetails) {
        cur.settle({ kind: 'error', status: 'RUNTIME_ERROR', detail: describeException(ran.exceptionDetails, cur.scriptId) });
      }
    } catch (err) {
      // The context went away under the sketch (it navigated, the page died):
      // the event that caused it settles the item.
      if (!cur.settled && !/context|Target closed|Session closed/i.test(err.message)) {
        cur.settle({ kind: 'renderer_error', detail: `running the sketch failed: ${err.message}` });
      }
    }
  }

  // Binding calls are handled one at a time, in order (the first waits on a check).
  #onBinding(ev) {
    const cur = this.current;
    if (!cur) return;
    cur.bindings = cur.bindings.then(() => this.#handleBinding(cur, ev)).catch(() => {});
  }

  async #handleBinding(cur, ev) {
    if (cur.settled) return;
    if (cur.contextId === null) {
      // The render's context is the one, created during this render, whose
      // harness says hello first and whose address (an unforgeable accessor,
      // read before any sketch exists) is the render's document. Anything
      // else comes from another document (a late one of an earlier render,
      // or one the sketch made, which the navigation guards end).
      if (!cur.created.has(ev.executionContextId) || !/"kind":"hello"/.test(ev.payload)) return;
      let href = null;
      try {
        const answer = await this.session.send('Runtime.evaluate', {
          expression: 'location.href', contextId: ev.executionContextId, returnByValue: true,
        });
        href = answer.result && answer.result.value;
      } catch {
        return; // the context is gone
      }
      if (href !== cur.documentUrl || cur.contextId !== null || cur.settled) return;
      cur.contextId = ev.executionContextId;
    } else if (ev.executionContextId !== cur.contextId) {
      return; // another document's call cannot report for this render
    }
    let payload;
    try {
      payload = JSON.parse(ev.payload);
    } catch {
      this.#block('the harness channel received something that is not a report');
      return;
    }
    if (!payload || typeof payload !== 'object' || typeof payload.secret !== 'string') { // pragma: allowlist secret
      this.#block('the harness channel received a report without the render\'s secret');
      return;
    }
    if (payload.kind === 'hello' && cur.secret === null) {
      cur.secret = payload.secret;
      cur.contextReady();
      return;
    }
    if (payload.kind === 'ready' && payload.secret === cur.secret && !cur.libsLoaded) {
      cur.libsLoaded = true;
      cur.libsReady();
      return;
    }
    if (payload.kind !== 'result' || payload.secret !== cur.secret) {
      this.#block('the harness channel received a report without the render\'s secret');
      return;
    }
    this.#takeResult(cur, payload);
  }

  // The page's report is in: the outcome is what happened before it.
  #takeResult(cur, payload) {
    cur.settle({ kind: 'report', payload });
  }

  #onConsole(ev) {
    const cur = this.current;
    if (!cur || ev.executionContextId !== cur.contextId) return;
    cur.consoleCount++;
    if (cur.console.length < MAX_CONSOLE_LINES) {
      const text = ev.args.map(describeRemoteValue).join(' ');
      const level = ev.type === 'warning' ? 'warn' : ev.type; // as the method was called
      cur.console.push(`${level}: ${text.slice(0, MAX_CONSOLE_CHARS)}`);
    }
  }

  #block(reason) {
    const cur = this.current;
    if (!cur) return;
    if (!cur.blocked) cur.blocked = reason;
    cur.settle({ kind: 'blocked' });
  }

  /** Ends the render in progress from outside (the pool's memory watchdog, a dead browser). */
  abort(kind, detail) {
    if (this.current) this.current.settle({ kind, detail });
  }

  #onCrash(err) {
    this.crashed = true;
    const cur = this.current;
    if (cur) cur.settle({ kind: 'crashed', detail: String(err && err.message ? err.message : err) });
  }

  // --- one render ------------------------------------------------------------
  /**
   * Renders one prepared item and returns the raw outcome:
   * {status, detail, image, brushCalls, textCalls, console, frames, sketchMs, ...}.
   */
  async render({ code, seed, size, frames, loadsBrush, timeoutMs }) {
    const started = performance.now();
    if (this.broken) await this.replace(); // throws if the browser is gone: RENDERER_ERROR
    // history.length would otherwise tell a sketch how many ran before it.
    await this.session.send('Page.resetNavigationHistory').catch(() => {});
    const renderId = crypto.randomBytes(8).toString('hex');
    const renderPath = `/r/${this.index}/${renderId}/`;
    const documentUrl = `${ORIGIN}${renderPath}`;
    const document = renderDocument({
      renderPath, seed, size, frames, loadsBrush, baseline: this.baseline, binding: this.binding, libs: this.libs,
    });
    let settle;
    const outcome = new Promise((resolve) => { settle = resolve; });
    let contextReady;
    let libsReady;
    const cur = {
      documentUrl,
      document,
      code,
      documentServed: false,
      gateServed: false,
      navigated: false, // our navigation committed
      contextId: null, // the render's main-world execution context
      created: new Set(), // main-world contexts created during this render, before that one was known
      bindings: Promise.resolve(), // binding calls, handled in order
      contextKnown: new Promise((resolve) => { contextReady = resolve; }),
      contextReady: () => contextReady(),
      libsLoaded: false, // the harness has wrapped p5 (and p5.brush): the sketch may run
      libsKnown: new Promise((resolve) => { libsReady = resolve; }),
      libsReady: () => libsReady(),
      scriptId: null,
      secret: null,
      loaded: false,
      console: [],
      consoleCount: 0,
      blocked: null,
      settled: false,
      settle: (value) => {
        if (cur.settled) return;
        cur.settled = true;
        contextReady(); // nothing waits on a context or the libraries after the end
        libsReady();
        settle(value);
      },
    };
    this.current = cur;
    this.pastDocuments.push(documentUrl);
    if (this.pastDocuments.length > PAST_DOCUMENTS + 1) this.pastDocuments.shift();
    const timer = setTimeout(() => cur.settle({ kind: 'timeout' }), timeoutMs);
    this.page.goto(documentUrl, { waitUntil: [] }).catch((err) => {
      // A navigation the sketch started aborts ours; that is reported as BLOCKED
      // by the navigation events. Anything else is ours to own.
      if (!cur.settled && !cur.blocked && !/ERR_ABORTED|ERR_BLOCKED|frame was detached|Target closed|Navigating frame was detached/i.test(err.message)) {
        cur.settle({ kind: 'renderer_error', detail: `navigation failed: ${err.message}` });
      }
    });
    const result = await outcome;
    clearTimeout(timer);
    if (result.kind === 'report') {
      // What only the browser can say about the document, read from outside
      // the page's JavaScript before the document is left.
      try {
        result.domText = await withTimeout(renderedTextChars(this.session), RESET_BUDGET_MS, 'DOM snapshot');
      } catch {
        result.domText = -1; // unreadable: reported, and treated as text by the reward
      }
    }
    const consoleLines = cur.console.slice();
    const dropped = cur.consoleCount - consoleLines.length
      + (result.kind === 'report' && Number.isInteger(result.payload.console_dropped) ? result.payload.console_dropped : 0);
    if (dropped > 0) consoleLines.push(`(${dropped} more console lines dropped)`);
    // The outcome is what happened until the result; whatever the sketch does
    // after that dies with its document, below.
    const out = toOutcome(result, cur, consoleLines, size);
    out.onPageMs = performance.now() - started; // until the result, not the cleanup after it
    this.current = null;
    // The next render must inherit nothing of this one: its document is left
    // and, meanwhile, its GPU process must fall idle (see pool.js).
    const gpuIdle = this.waitGpuIdle(this.gpuSettleMs);
    try {
      await this.#afterRender(result.kind);
    } catch (err) {
      this.broken = err; // the item's outcome stands; the next render replaces the page first
    }
    out.gpuLeftBusy = !(await gpuIdle);
    out.needsNewBrowser = result.kind === 'crashed' || result.kind === 'timeout';
    return out;
  }

  // After every render, leave the sketch's document for about:blank, so
  // nothing of it (a timer, a loop, an unload handler) is alive when the next
  // sketch starts. A page that cannot get there in time (its main thread is
  // stuck in sketch code) is discarded and replaced: a new tab costs a few
  // hundred milliseconds, never a browser restart.
  async #afterRender(kind) {
    // After a timeout or a crash the pool starts a new browser for this slot
    // (whatever was left running in its GPU process dies with it).
    if (kind === 'crashed' || kind === 'timeout') return;
    if (this.crashed || this.baseline) {
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

const SCRIPT_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};
// The libraries never change while the service runs.
const LIB_HEADERS = { ...SCRIPT_HEADERS, 'Cache-Control': 'public, max-age=31536000, immutable' };

const clip = (text) => String(text).slice(0, 200);

/**
 * "line N: <message>" for an exception V8 reported. The line is the sketch's
 * own topmost frame in V8's stack trace (or the throw site when that is in the
 * sketch), so neither Error.prepareStackTrace nor code evaluated under the
 * sketch's file name can move it. The message is the sketch's own words.
 */
function describeException(details, sketchScriptId) {
  let line = null;
  const frames = (details.stackTrace && details.stackTrace.callFrames) || [];
  for (const f of frames) {
    if (sketchScriptId && f.scriptId === sketchScriptId) {
      line = f.lineNumber + 1;
      break;
    }
  }
  if (line === null && sketchScriptId && details.scriptId === sketchScriptId && Number.isInteger(details.lineNumber)) {
    line = details.lineNumber + 1;
  }
  const ex = details.exception;
  let message = ex && typeof ex.description === 'string' ? ex.description
    : ex && ex.value !== undefined ? `uncaught value: ${JSON.stringify(ex.value)}`
      : details.text || 'uncaught error';
  // V8's own prefix for an error nobody caught says nothing the status does not.
  message = String(message).split('\n')[0];
  const inPromise = /^Uncaught \(in promise\) /.test(message);
  message = message.replace(/^Uncaught (\(in promise\) )?/, '');
  if (inPromise && message === 'undefined') message = 'a promise was rejected with no reason and never handled';
  message = message.slice(0, MAX_ERROR_CHARS);
  return `${line !== null ? `line ${line}: ` : ''}${message}`;
}

// How many earlier renders' late events are recognised (they arrive within a render or two).
const PAST_DOCUMENTS = 8;

// Whether a URL lies in one of this page's earlier render documents (the last entry is the current one's).
function isPastDocument(url, pastDocuments) {
  for (let i = 0; i < pastDocuments.length - 1; i++) if (url.startsWith(pastDocuments[i])) return true;
  return false;
}

// Whether V8's report of an exception points into an earlier render's document.
function namesPastRender(details, pastDocuments) {
  const urls = [details.url, ...((details.stackTrace && details.stackTrace.callFrames) || []).map((f) => f.url)];
  return urls.some((u) => typeof u === 'string' && isPastDocument(u, pastDocuments));
}

/**
 * Characters of text the document shows outside its canvases, read from the
 * browser's own layout (DOMSnapshot), so every route counts: text nodes in
 * any shadow root, form values and placeholders, alt text, generated content,
 * a visible <script type=text/plain>. -1 when the document cannot be read.
 */
async function renderedTextChars(session) {
  const snap = await session.send('DOMSnapshot.captureSnapshot', { computedStyles: [], includeDOMRects: false });
  let chars = 0;
  for (const d of snap.documents) {
    const textIndexes = d.layout && d.layout.text ? d.layout.text : [];
    for (const idx of textIndexes) {
      if (idx >= 0) chars += snap.strings[idx].trim().length;
    }
    const values = d.nodes && d.nodes.inputValue ? d.nodes.inputValue.value : [];
    for (const idx of values) {
      if (idx >= 0) chars += snap.strings[idx].trim().length;
    }
    // Text the browser shows from attributes: placeholders, and the alt text of an image that did not load.
    for (const attrs of (d.nodes && d.nodes.attributes) || []) {
      for (let i = 0; i + 1 < attrs.length; i += 2) {
        const name = snap.strings[attrs[i]];
        if (name === 'placeholder' || name === 'alt') chars += snap.strings[attrs[i + 1]].trim().length;
      }
    }
  }
  return chars;
}

// The only statuses the harness itself may report; every other one is the service's.
const PAGE_STATUSES = new Set(['NO_CANVAS', 'BLOCKED', 'RENDERER_ERROR']);

function toOutcome(result, cur, consoleLines, size) {
  const base = { brushCalls: {}, textCalls: 0, frames: 0, sketchMs: 0, pageMs: 0, console: consoleLines, image: null, detail: null };
  if (cur.blocked) return { ...base, ...payloadCounts(result), status: 'BLOCKED', detail: cur.blocked };
  switch (result.kind) {
    case 'report': {
      const p = result.payload;
      const counts = { ...payloadCounts(result), domTextChars: result.domText };
      if (p.status !== 'SUCCESS') {
        const status = PAGE_STATUSES.has(p.status) ? p.status : 'RENDERER_ERROR';
        return { ...base, ...counts, status, detail: typeof p.detail === 'string' ? p.detail : null };
      }
      const dims = pngDimensions(p.image);
      if (!dims || dims.width !== size || dims.height !== size) {
        const got = dims ? `${dims.width}x${dims.height}` : 'no PNG';
        return { ...base, ...counts, status: 'RENDERER_ERROR', detail: `the harness read back ${got}, expected ${size}x${size}` };
      }
      return { ...base, ...counts, status: 'SUCCESS', image: p.image };
    }
    case 'error':
      return { ...base, status: result.status, detail: result.detail };
    case 'timeout':
      return { ...base, status: 'TIMEOUT', detail: result.detail || 'the sketch did not finish within the time budget' };
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
  const counts = (obj) => {
    const out = {};
    if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) if (Number.isInteger(v) && v >= 0) out[k] = v;
    return out;
  };
  return {
    brushCalls: calls,
    brushMarks: counts(p.brush_marks),
    brushMarkKinds: counts(p.brush_mark_kinds),
    brushesMarked: p.brushes_marked && typeof p.brushes_marked === 'object' ? Object.keys(p.brushes_marked).slice(0, 32).sort() : [],
    brushPaintShare: typeof p.brush_paint_share === 'number' && p.brush_paint_share >= 0 && p.brush_paint_share <= 1
      ? p.brush_paint_share : 0,
    textCalls: Number.isInteger(p.text_calls) ? p.text_calls : 0,
    brushesUsed: p.brushes_used && typeof p.brushes_used === 'object' ? Object.keys(p.brushes_used).slice(0, 32).sort() : [],
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

module.exports = { PageWorker, describeException };
