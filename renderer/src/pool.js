'use strict';
// The render pool: N slots, each one browser (with its own GPU process) and
// one warm page, and a queue of items. A batch is spread over the slots and
// comes back in input order. The pool also owns the parts of a render that
// need no page: preparing the code and the parse gate.
//
// Why a browser per slot: WebGL runs in the browser's GPU process (SwiftShader,
// on the CPU), which every page of a browser shares. A sketch that queues GPU
// work and returns, or floods the GPU process, would otherwise make the
// renders beside and after it time out. With a browser per slot, a render's
// GPU work can only delay its own slot, and the slot does not take its next
// item before that GPU process is idle again: the work is charged to the
// render that queued it (it is waited for within its budget, and cut off with
// the browser when the budget ends). Memory is watched per process, the GPU
// process included.

const vm = require('node:vm');
const { launchBrowser, killOversizedRenderers, treeUsage, gpuProcess, processActiveNs, residentBytes } = require('./browser');
const { loadLibraries } = require('./page');
const { PageWorker } = require('./worker');
const { prepareSketch, referencedIdentifiers } = require('./prepare');

const WATCHDOG_MS = 100;
// A GPU process is idle when its threads ran or waited to run for under a
// third of each of two consecutive windows of this length. (The kernel adds
// a thread's time up at scheduler ticks, so a window much shorter than a few
// ticks can show a busy process as idle.)
const GPU_WINDOW_MS = 20;
const GPU_IDLE_SHARE = 0.33;

class Slot {
  constructor(pool, index) {
    this.pool = pool;
    this.index = index;
    this.handle = null;
    this.worker = null;
    this.gpuPid = null;
    this.needsRestart = null; // why the browser must be restarted before the next item
    this.dead = null; // why the last start failed
  }

  async start() {
    const { options } = this.pool;
    const handle = await launchBrowser({ ...options, poolSize: 1 });
    this.handle = handle;
    this.gpuPid = null;
    handle.browser.on('disconnected', () => {
      if (!this.pool.closed && this.handle === handle) this.#browserDied();
    });
    this.worker = new PageWorker({
      browserHandle: handle,
      libs: this.pool.libs,
      index: this.index,
      onReplace: (ms) => this.pool.noteReplacement(ms),
      baseline: options.baseline,
      waitGpuIdle: (ms) => this.waitGpuIdle(ms),
      gpuSettleMs: options.gpuSettleMs,
    });
    await this.worker.open();
  }

  // The browser died under a render: that item is RENDERER_ERROR (not the
  // sketch's fault), and the slot starts a new browser before its next item.
  #browserDied() {
    if (this.worker && this.worker.current) this.worker.abort('renderer_error', 'the browser exited; it was restarted');
    this.needsRestart = 'the browser exited';
  }

  async restart() {
    this.needsRestart = null;
    const old = this.handle;
    this.handle = null;
    if (old) await old.close().catch(() => {});
    try {
      await this.start();
      this.dead = null;
    } catch (err) {
      // No browser: this item fails; the next one on this slot tries again.
      this.dead = `the browser could not be started: ${err.message}`;
      this.needsRestart = this.dead;
      throw err;
    }
  }

  gpu() {
    if (!this.handle) return null;
    if (this.gpuPid && residentBytes(this.gpuPid) !== null) return this.gpuPid;
    const proc = this.handle.browser.process();
    this.gpuPid = proc && proc.pid ? gpuProcess(proc.pid) : null;
    return this.gpuPid;
  }

  /** Waits until the slot's GPU process is idle; false if it is still busy after `ms`. */
  async waitGpuIdle(ms) {
    const pid = this.gpu();
    if (!pid) return true; // no GPU process (yet): nothing queued
    const deadline = performance.now() + ms;
    let quiet = 0;
    let before = processActiveNs(pid);
    for (;;) {
      const t = performance.now();
      await new Promise((resolve) => { setTimeout(resolve, GPU_WINDOW_MS); });
      const after = processActiveNs(pid);
      if (after === null) return true; // it exited: nothing left running
      const share = (after - before) / 1e6 / Math.max(1, performance.now() - t);
      before = after;
      quiet = share < GPU_IDLE_SHARE ? quiet + 1 : 0;
      if (quiet >= 2) return true;
      if (performance.now() >= deadline) return false;
    }
  }

  async render(item, prepared, { timeoutMs, frames, fresh }) {
    if (fresh || this.needsRestart) await this.restart();
    const outcome = await this.worker.render({ ...prepared, seed: item.seed, size: item.size, frames, timeoutMs });
    // Work it may have left in the GPU process would slow the next item: cut it off.
    if (outcome.needsNewBrowser) this.needsRestart = this.needsRestart || `its last render ended ${outcome.status}`;
    if (outcome.gpuLeftBusy) this.needsRestart = this.needsRestart || 'the GPU work of its last render was still running';
    if (this.needsRestart) {
      this.pool.browserRestarts++;
      await this.restart().catch(() => {});
    }
    return outcome;
  }

  /** Kills what went over its memory limit; the item it served fails on its own. */
  watchMemory() {
    const { options } = this.pool;
    const proc = this.handle && this.handle.browser.process();
    if (!proc || !proc.pid) return 0;
    let kills = killOversizedRenderers(proc.pid, options.pageMemoryMb * 2 ** 20).length;
    const gpu = this.gpu();
    const rss = gpu ? residentBytes(gpu) : null;
    if (rss !== null && rss > options.gpuMemoryMb * 2 ** 20) {
      try {
        process.kill(gpu, 'SIGKILL');
        kills++;
      } catch {
        // already gone
      }
      this.needsRestart = 'its GPU process went over its memory limit';
      if (this.worker && this.worker.current) {
        this.worker.abort('crashed', `the sketch's GPU memory went over ${options.gpuMemoryMb} MB (WebGL buffers and textures); the GPU process was stopped`);
      }
    }
    return kills;
  }

  async close() {
    if (this.handle) await this.handle.close();
  }
}

class RenderPool {
  constructor(options) {
    this.options = options;
    this.libs = loadLibraries({ brushMaskReadFrequently: options.brushMaskReadFrequently });
    this.slots = [];
    this.idle = [];
    this.queue = [];
    this.busy = 0;
    this.rendered = 0;
    this.cancelled = 0; // queued items dropped because their client closed its connection
    // Pages discarded and replaced (after a timeout, a crash, a stuck reset).
    this.replacements = { count: 0, totalMs: 0, maxMs: 0 };
    this.memoryKills = 0;
    this.browserRestarts = 0;
    this.closed = false;
    this.watchdog = null;
  }

  // Set when no slot has a browser: /health says why, and items fail fast.
  get fatal() {
    const dead = this.slots.filter((s) => s.dead);
    return this.slots.length && dead.length === this.slots.length ? dead[0].dead : null;
  }

  get jail() {
    return this.slots.length && this.slots[0].handle ? this.slots[0].handle.jail : {};
  }

  async start() {
    for (let i = 0; i < this.options.poolSize; i++) {
      const slot = new Slot(this, i);
      await slot.start();
      this.slots.push(slot);
      this.idle.push(slot);
    }
    this.watchdog = setInterval(() => this.#watchMemory(), WATCHDOG_MS);
    this.watchdog.unref();
  }

  noteReplacement(ms) {
    this.replacements.count++;
    this.replacements.totalMs += ms;
    this.replacements.maxMs = Math.max(this.replacements.maxMs, ms);
  }

  #watchMemory() {
    if (this.busy === 0) return;
    for (const slot of this.slots) this.memoryKills += slot.watchMemory();
  }

  usage() {
    let rssBytes = 0;
    let processes = 0;
    for (const slot of this.slots) {
      const proc = slot.handle && slot.handle.browser.process();
      if (!proc || !proc.pid) continue;
      const u = treeUsage(proc.pid);
      rssBytes += u.rssBytes;
      processes += u.processes;
    }
    return { browser_rss_mb: rssBytes / 2 ** 20, service_rss_mb: process.memoryUsage().rss / 2 ** 20, browser_processes: processes };
  }

  /**
   * Renders items [{id, code, seed, size}] and resolves with results in order.
   * `fresh`: each item gets a newly started browser (confirming a timeout or
   * a renderer fault where nothing of an earlier render can be to blame).
   */
  renderBatch(items, { timeoutMs, frames, fresh = false, signal = null }) {
    return Promise.all(items.map((item) => this.renderOne(item, { timeoutMs, frames, fresh, signal })));
  }

  async renderOne(item, { timeoutMs, frames, fresh = false, signal = null }) {
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
      brush_marks: {},
      brush_mark_kinds: {},
      brushes_marked: [],
      brush_paint_share: 0,
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
      outcome = await this.#onSlot((slot) => slot.render(item, { code: prepared.code, loadsBrush }, { timeoutMs, frames, fresh }), signal);
      pageTime = outcome.onPageMs;
    } catch (err) {
      // Dropped before it reached a page (its client is gone): nobody reads it, and it was not rendered.
      if (err.code === 'CANCELLED') return { ...base, errors: [err.message] };
      return finish({ status: 'RENDERER_ERROR', errors: [`renderer failure: ${err.message}`] });
    }
    return finish({
      status: outcome.status,
      png_base64: outcome.image ? outcome.image.replace(/^data:image\/png;base64,/, '') : null,
      brush_calls: outcome.brushCalls,
      brush_marks: outcome.brushMarks ?? {},
      brush_mark_kinds: outcome.brushMarkKinds ?? {},
      brushes_marked: outcome.brushesMarked ?? [],
      brush_paint_share: outcome.brushPaintShare ?? 0,
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

  // Runs fn on the next idle slot, in arrival order; a job whose signal aborted while it waited never runs.
  #onSlot(fn, signal = null) {
    return new Promise((resolve, reject) => {
      this.queue.push({ fn, resolve, reject, signal });
      this.#pump();
    });
  }

  #pump() {
    while (this.idle.length && this.queue.length) {
      const job = this.queue.shift();
      if (job.signal && job.signal.aborted) {
        this.cancelled++;
        job.reject(Object.assign(new Error('cancelled: the client closed its connection'), { code: 'CANCELLED' }));
        continue;
      }
      const slot = this.idle.shift();
      this.busy++;
      Promise.resolve()
        .then(() => job.fn(slot))
        .then(job.resolve, job.reject)
        .finally(() => {
          this.busy--;
          this.idle.push(slot);
          this.#pump();
        });
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.watchdog);
    await Promise.all(this.slots.map((s) => s.close().catch(() => {})));
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
