'use strict';
// The page pool: one browser, N warm pages, a queue of items. A batch is
// spread over the pool and comes back in input order. The pool also owns the
// parts of a render that need no page: preparing the code and the parse gate.

const vm = require('node:vm');
const { launchBrowser, killOversizedRenderers, treeUsage } = require('./browser');
const { loadLibraries } = require('./page');
const { PageWorker } = require('./worker');
const { prepareSketch, referencedIdentifiers } = require('./prepare');

const WATCHDOG_MS = 100;

class RenderPool {
  constructor(options) {
    this.options = options;
    this.libs = loadLibraries();
    this.workers = [];
    this.idle = [];
    this.queue = [];
    this.busy = 0;
    this.rendered = 0;
    // Pages discarded and replaced (after a timeout, a crash, a stuck reset).
    this.replacements = { count: 0, totalMs: 0, maxMs: 0 };
    this.memoryKills = 0;
    this.browserRestarts = 0;
    this.closed = false;
    this.fatal = null; // set when the browser cannot be restarted
    this.browserHandle = null;
    this.watchdog = null;
  }

  async start() {
    await this.#launch();
    this.watchdog = setInterval(() => this.#watchMemory(), WATCHDOG_MS);
    this.watchdog.unref();
  }

  async #launch() {
    this.browserHandle = await launchBrowser(this.options);
    const handle = this.browserHandle;
    handle.browser.on('disconnected', () => {
      if (!this.closed && this.browserHandle === handle) this.#restartBrowser();
    });
    this.workers = [];
    this.idle = [];
    for (let i = 0; i < this.options.poolSize; i++) {
      const worker = new PageWorker({
        browserHandle: handle,
        libs: this.libs,
        index: i,
        onReplace: (ms) => {
          this.replacements.count++;
          this.replacements.totalMs += ms;
          this.replacements.maxMs = Math.max(this.replacements.maxMs, ms);
        },
        baseline: this.options.baseline,
      });
      await worker.open();
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  // The browser itself died (all pages with it): start a new one. Items on the
  // dead pages get RENDERER_ERROR through their worker; queued items wait.
  async #restartBrowser() {
    this.browserRestarts++;
    // Hold the queue first: nothing may be sent to a page of the dead browser.
    let restarted;
    this.restarting = new Promise((resolve) => { restarted = resolve; });
    this.idle = [];
    for (const w of this.workers) {
      if (w.current) w.current.settle({ kind: 'renderer_error', detail: 'the browser exited; it was restarted' });
    }
    try {
      await this.browserHandle.close();
    } catch {
      // it is already gone
    }
    try {
      await this.#launch();
    } catch (err) {
      // No browser: every waiting and later item fails fast, and /health says why.
      this.fatal = `the browser died and could not be restarted: ${err.message}`;
      for (const job of this.queue.splice(0)) job.reject(new Error(this.fatal));
    }
    this.restarting = null;
    restarted();
    this.#pump();
  }

  #watchMemory() {
    if (this.busy === 0 || !this.browserHandle) return;
    const proc = this.browserHandle.browser.process();
    if (!proc || !proc.pid) return;
    const killed = killOversizedRenderers(proc.pid, this.options.pageMemoryMb * 1024 * 1024);
    this.memoryKills += killed.length;
  }

  usage() {
    const proc = this.browserHandle && this.browserHandle.browser.process();
    const browser = proc && proc.pid ? treeUsage(proc.pid) : { rssBytes: 0, cpuSeconds: 0, processes: 0 };
    const self = process.memoryUsage().rss;
    return { browser_rss_mb: browser.rssBytes / 2 ** 20, service_rss_mb: self / 2 ** 20, browser_processes: browser.processes };
  }

  /** Renders items [{id, code, seed, size}] and resolves with results in order. */
  renderBatch(items, { timeoutMs, frames }) {
    return Promise.all(items.map((item) => this.renderOne(item, { timeoutMs, frames })));
  }

  async renderOne(item, { timeoutMs, frames }) {
    // render_ms counts this item's own work (preparation and its time on a
    // page until the result), not the time it waited in the queue behind
    // other items nor the page's cleanup after it.
    const clock = () => Number(process.hrtime.bigint()) / 1e6;
    const started = clock();
    let pageTime = 0;
    const prepared = prepareSketch(item.code);
    const base = {
      id: item.id,
      status: 'RENDERER_ERROR',
      png_base64: null,
      render_ms: 0,
      brush_calls: {},
      text_calls: 0,
      brushes_used: [],
      dom_text_chars: 0,
      errors: [],
      console: [],
      repairs: prepared.repairs,
      frames: 0,
      sketch_ms: 0,
    };
    const parseError = checkSyntax(prepared.code);
    const prepTime = clock() - started;
    const finish = (fields) => {
      this.rendered++;
      return { ...base, ...fields, render_ms: Math.round((prepTime + pageTime) * 10) / 10 };
    };
    if (parseError) return finish({ status: 'PARSE_ERROR', errors: [parseError] });

    const ids = referencedIdentifiers(prepared.code);
    const loadsBrush = ids.has('brush') || ids.has('WEBGL');
    let outcome;
    try {
      outcome = await this.#onWorker((worker) => worker.render({
        code: prepared.code, seed: item.seed, size: item.size, frames, loadsBrush, timeoutMs,
      }));
      pageTime = outcome.onPageMs;
    } catch (err) {
      return finish({ status: 'RENDERER_ERROR', errors: [`renderer failure: ${err.message}`] });
    }
    return finish({
      status: outcome.status,
      png_base64: outcome.image ? outcome.image.replace(/^data:image\/png;base64,/, '') : null,
      brush_calls: outcome.brushCalls,
      text_calls: outcome.textCalls ?? 0,
      brushes_used: outcome.brushesUsed ?? [],
      dom_text_chars: outcome.domTextChars ?? 0,
      errors: outcome.detail ? [outcome.detail] : [],
      console: outcome.console,
      frames: outcome.frames,
      sketch_ms: Math.round(outcome.sketchMs * 10) / 10,
      page_ms: Math.round(outcome.pageMs * 10) / 10,
      marks: outcome.marks,
    });
  }

  // Runs fn on the next idle worker, in arrival order.
  #onWorker(fn) {
    if (this.fatal) return Promise.reject(new Error(this.fatal));
    return new Promise((resolve, reject) => {
      this.queue.push({ fn, resolve, reject });
      this.#pump();
    });
  }

  #pump() {
    while (!this.restarting && this.idle.length && this.queue.length) {
      const worker = this.idle.shift();
      const job = this.queue.shift();
      this.busy++;
      Promise.resolve()
        .then(() => job.fn(worker))
        .then(job.resolve, job.reject)
        .finally(() => {
          this.busy--;
          // A worker of a browser that was replaced meanwhile is not reused.
          if (worker.browserHandle !== this.browserHandle) return;
          this.idle.push(worker);
          this.#pump();
        });
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.watchdog);
    if (this.browserHandle) await this.browserHandle.close();
  }
}

/** The parse gate: V8 compiles the sketch without running it. */
function checkSyntax(code) {
  try {
    // eslint-disable-next-line no-new
    new vm.Script(code, { filename: 'sketch.js' });
    return null;
  } catch (err) {
    if (!(err instanceof SyntaxError) && err.name !== 'SyntaxError') return `could not compile: ${err.message}`;
    const m = /sketch\.js:(\d+)/.exec(String(err.stack));
    return `${m ? `line ${m[1]}: ` : ''}SyntaxError: ${err.message}`;
  }
}

module.exports = { RenderPool };
