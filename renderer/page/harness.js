// In-page harness: runs in the render page before any other script.
//
// The sketch that runs after it is hostile. So the harness captures every
// built-in it relies on before the sketch can patch them, keeps its state in
// this closure (never on window), and reports once, through a CDP binding it
// removes from window before the sketch runs. The sketch therefore cannot
// forge or reset the p5.brush call counts, the status or the image.
//
// Stages: ppHarness(CONFIG) runs first; window.__pp_after_libs() runs once
// p5 (and p5.brush, when loaded) have loaded and removes itself; the sketch
// script follows; p5 starts on the load event.
/* eslint-disable no-restricted-globals */
function ppHarness(CONFIG) {
  'use strict';
  const W = window;
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const defineProperty = Object.defineProperty;
  const getOwnPropertyNames = Object.getOwnPropertyNames;
  const freeze = Object.freeze;
  const stringify = JSON.stringify;
  const StringOf = String;
  const ProxyCtor = Proxy;
  const ErrorEventCtor = ErrorEvent;
  const SyntaxErrorCtor = SyntaxError;
  const now = performance.now.bind(performance);
  const setTimeoutRef = W.setTimeout.bind(W);
  const addEventListener = EventTarget.prototype.addEventListener;
  const createElement = Document.prototype.createElement;
  const canvasGetContext = HTMLCanvasElement.prototype.getContext;
  const canvasToDataURL = HTMLCanvasElement.prototype.toDataURL;
  const ctx2d = CanvasRenderingContext2D.prototype;
  const offscreen2d = typeof OffscreenCanvasRenderingContext2D === 'function' ? OffscreenCanvasRenderingContext2D.prototype : null;
  const drawImage = ctx2d.drawImage;
  const fillRect = ctx2d.fillRect;
  const setter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).set;
  const setCanvasWidth = setter(HTMLCanvasElement.prototype, 'width');
  const setCanvasHeight = setter(HTMLCanvasElement.prototype, 'height');
  const setFillStyle = setter(ctx2d, 'fillStyle');
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const createTreeWalker = Document.prototype.createTreeWalker;
  const walkerNextNode = TreeWalker.prototype.nextNode;
  const nodeValueOf = getter(Node.prototype, 'nodeValue');
  const parentNodeOf = getter(Node.prototype, 'parentNode');
  const nodeNameOf = getter(Node.prototype, 'nodeName');
  const stringTrim = String.prototype.trim;
  const fnToString = Function.prototype.toString;
  const regexTest = RegExp.prototype.test;
  const isConnectedGetter = Object.getOwnPropertyDescriptor(Node.prototype, 'isConnected').get;
  const doc = document;

  // window.name survives navigations within a tab: a channel between sketches.
  W.name = '';

  // The one channel to the service; unreachable from the sketch from here on.
  const report = W[CONFIG.binding];
  delete W[CONFIG.binding];

  // --- state (closure only) -------------------------------------------------
  const t0 = now();
  let finished = false;
  let blockedReason = null;
  const brushCalls = Object.create(null);
  let textCalls = 0;
  const brushNames = Object.create(null); // brushes the sketch selected (set/pick/hatchStyle)
  let callDepth = 0; // >0 while inside a counted call: inner calls are not counted
  let hookDepth = 0; // >0 while p5 runs library lifecycle hooks (p5.brush flushes)
  let sketchMs = 0; // time spent inside the sketch's setup() and draw()
  let frames = 0;
  let mainInstance = null;
  const marks = Object.create(null); // ms since harness start, for profiling
  const mark = (name) => { marks[name] = now() - t0; };
  const DRIVEN = Symbol('driven');
  const COUNTED = Symbol('counted');

  // --- determinism: a seeded Math.random before any library captures it ------
  // sfc32, seeded from CONFIG.seed by splitmix32.
  let sm = CONFIG.seed >>> 0;
  const splitmix = () => {
    sm = (sm + 0x9e3779b9) | 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const seededRandom = function random() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
  Math.random = seededRandom;

  // --- reporting ---------------------------------------------------------------
  function describe(err) {
    try {
      if (err && typeof err === 'object' && typeof err.message === 'string') {
        const name = typeof err.name === 'string' ? err.name : 'Error';
        const stack = typeof err.stack === 'string' ? err.stack : '';
        const m = /sketch\.js:(\d+):(\d+)/.exec(stack);
        return (m ? `line ${m[1]}: ` : '') + `${name}: ${err.message}`;
      }
      return `uncaught value: ${StringOf(err)}`;
    } catch {
      return 'uncaught value that could not be described';
    }
  }

  // Characters of text the sketch put into the document (createP, innerHTML, ...):
  // not part of the canvas image, but the reward flags a prompt written as text.
  function domTextChars() {
    try {
      const walker = apply(createTreeWalker, doc, [doc, 4 /* NodeFilter.SHOW_TEXT */]);
      let chars = 0;
      for (let node = apply(walkerNextNode, walker, []); node; node = apply(walkerNextNode, walker, [])) {
        const parent = apply(parentNodeOf, node, []);
        const tag = parent ? apply(nodeNameOf, parent, []) : '';
        if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TITLE') continue;
        chars += apply(stringTrim, apply(nodeValueOf, node, []) || '', []).length;
        if (chars > 1e6) break;
      }
      return chars;
    } catch {
      return -1; // the document was made unreadable: reported, and treated as text by the reward
    }
  }

  function finish(status, detail, image) {
    if (finished) return;
    finished = true;
    // Null-prototype objects and primitives only: a patched Object.prototype
    // .toJSON or a setter cannot change what is serialised.
    const calls = Object.create(null);
    for (const k of getOwnPropertyNames(brushCalls)) calls[k] = brushCalls[k];
    const payload = Object.create(null);
    payload.render_id = CONFIG.render_id;
    payload.status = status;
    payload.detail = detail == null ? null : StringOf(detail).slice(0, 2000);
    payload.image = image || null;
    payload.brush_calls = calls;
    payload.text_calls = textCalls;
    // A null-prototype object, not an array: Array.prototype.toJSON could be patched by the sketch.
    const brushes = Object.create(null);
    for (const k of getOwnPropertyNames(brushNames)) brushes[k] = true;
    payload.brushes_used = brushes;
    payload.dom_text_chars = domTextChars();
    payload.console_dropped = consoleCalls > CONSOLE_CAP ? consoleCalls - CONSOLE_CAP : 0;
    payload.frames = frames;
    payload.sketch_ms = sketchMs;
    payload.page_ms = now() - t0;
    payload.marks = marks;
    try {
      report(stringify(payload));
    } catch (e) {
      report(`{"render_id":${stringify(CONFIG.render_id)},"status":"RENDERER_ERROR","detail":"report failed"}`);
    }
  }
  const fail = (status, err) => finish(status, status === 'RUNTIME_ERROR' ? describe(err) : err);
  const block = (why) => {
    if (blockedReason === null) blockedReason = why;
    finish('BLOCKED', why);
  };

  // Errors the sketch did not catch (the capturing listener runs first and the
  // sketch cannot remove it: it never sees the function).
  apply(addEventListener, W, ['error', (e) => {
    if (!(e instanceof ErrorEventCtor)) return; // a resource failed: the service sees the request
    const inSketch = apply(regexTest, /sketch\.js$/, [StringOf(e.filename || '')]);
    const err = e.error;
    // The service parses the sketch before loading it; should this browser's
    // parser still reject it, the script fails before any of it runs: an error
    // with no stack frame, reported against sketch.js.
    if (inSketch && err instanceof SyntaxErrorCtor && !apply(regexTest, /\n\s+at /, [StringOf(err.stack)])) {
      finish('PARSE_ERROR', `line ${e.lineno}: ${describe(err)}`);
      return;
    }
    const where = e.lineno && inSketch ? `line ${e.lineno}: ` : '';
    fail('RUNTIME_ERROR', err !== undefined && err !== null ? err : where + e.message);
  }, true]);
  apply(addEventListener, W, ['unhandledrejection', (e) => fail('RUNTIME_ERROR', e.reason), true]);
  // On window, capturing: the first listener on the event's path.
  apply(addEventListener, W, ['securitypolicyviolation', (e) => {
    block(`the sketch tried to load ${e.blockedURI || 'a resource'} (${e.effectiveDirective} blocked by the page's policy)`);
  }, true]);

  // WebRTC is the one channel no page policy covers; it has no use in a painting.
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
    defineProperty(W, name, {
      configurable: false,
      get() {
        block(`the sketch tried to use ${name} (WebRTC)`);
        return undefined;
      },
    });
  }

  // Console output is captured by the service but capped here, at the source:
  // a flood of messages would otherwise cost the service more than the sketch.
  let consoleCalls = 0;
  const CONSOLE_CAP = CONFIG.console_cap;
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'count', 'timeLog', 'assert']) {
    const orig = console[method];
    if (typeof orig !== 'function') continue;
    console[method] = function () {
      consoleCalls++;
      if (consoleCalls > CONSOLE_CAP) return undefined;
      return apply(orig, console, arguments);
    };
  }

  // Canvas memory. Each canvas side is clamped (a 40000-pixel canvas would
  // take gigabytes), and WebGL contexts are capped per render: they live in the
  // GPU process all pages share, and Chromium drops the oldest context of the
  // whole browser, possibly another page's, when there are too many.
  const MAX_BUFFER_SIDE = CONFIG.max_canvas_side;
  const clampSide = (v) => {
    const n = Number(v);
    return n > MAX_BUFFER_SIDE ? MAX_BUFFER_SIDE : v;
  };
  for (const proto of [HTMLCanvasElement.prototype, typeof OffscreenCanvas === 'function' ? OffscreenCanvas.prototype : null]) {
    if (!proto) continue;
    for (const side of ['width', 'height']) {
      const desc = Object.getOwnPropertyDescriptor(proto, side);
      defineProperty(proto, side, {
        configurable: true,
        enumerable: desc.enumerable,
        get: desc.get,
        set(v) { apply(desc.set, this, [clampSide(v)]); },
      });
    }
  }
  if (typeof OffscreenCanvas === 'function') {
    const Offscreen = OffscreenCanvas;
    const Clamped = function OffscreenCanvas(w, h) {
      return construct(Offscreen, [clampSide(w), clampSide(h)], new.target || Clamped);
    };
    Clamped.prototype = Offscreen.prototype;
    W.OffscreenCanvas = Clamped;
  }
  let webglContexts = 0;
  const WEBGL_KINDS = ['webgl', 'webgl2', 'experimental-webgl'];
  for (const proto of [HTMLCanvasElement.prototype, typeof OffscreenCanvas === 'function' ? OffscreenCanvas.prototype : null]) {
    if (!proto) continue;
    const getContext = proto.getContext;
    proto.getContext = function (kind) {
      const isWebgl = WEBGL_KINDS.indexOf(StringOf(kind)) >= 0;
      if (isWebgl && !this[COUNTED]) {
        webglContexts++;
        if (webglContexts > CONFIG.max_webgl_contexts) {
          block(`the sketch created more than ${CONFIG.max_webgl_contexts} WebGL contexts`);
          return null;
        }
        this[COUNTED] = true; // each canvas once: p5 asks again for the same one
      }
      return apply(getContext, this, arguments);
    };
  }

  // Text drawn onto a canvas (the reward flags prompts written as text).
  const countText = (orig) => function () {
    if (callDepth === 0) textCalls++;
    callDepth++;
    try {
      return apply(orig, this, arguments);
    } finally {
      callDepth--;
    }
  };
  for (const proto of [ctx2d, offscreen2d]) {
    if (!proto) continue;
    proto.fillText = countText(proto.fillText);
    proto.strokeText = countText(proto.strokeText);
  }

  // --- stage 2: after the libraries, before the sketch -------------------------
  function afterLibs() {
    delete W.__pp_after_libs;
    mark('libs_loaded');
    const P5 = W.p5;
    if (typeof P5 !== 'function') return finish('RENDERER_ERROR', 'p5.js did not load');
    const proto = P5.prototype;
    lockResolution(proto);
    proto.text = countText(proto.text);
    const runHook = proto._runLifecycleHook;
    proto._runLifecycleHook = function () {
      hookDepth++;
      try {
        return apply(runHook, this, arguments);
      } finally {
        hookDepth--;
      }
    };
    driveFrames(proto);
    P5.registerAddon((p5, fn, lifecycles) => {
      lifecycles.presetup = function () {
        if (mainInstance === null) { mainInstance = this; mark('presetup'); }
        // p5 turns WEBGL multisampling on in any browser whose user agent says
        // "Safari" (Chrome's does). Without a GPU, 4x samples cost SwiftShader
        // dearly; p5.brush's own buffers never use it. The sketch may still
        // ask for it with setAttributes().
        if (!CONFIG.antialias && this._glAttributes === null) this._glAttributes = { antialias: false };
        // Seeds p5's random() and noise(); p5.brush hooks both.
        this.randomSeed(CONFIG.seed);
        this.noiseSeed(CONFIG.seed);
        timeUserFunction(this._isGlobal ? W : this, 'setup');
        timeUserFunction(this._isGlobal ? W : this, 'draw');
      };
    });
    if (CONFIG.brush) {
      if (!wrapBrush()) return undefined;
    }
    apply(addEventListener, W, ['load', start]);
    return undefined;
  }
  defineProperty(W, '__pp_after_libs', { value: afterLibs, configurable: true });

  // Render at the reward resolution whatever canvas the sketch asks for: the
  // pixel density is chosen so the longer side is CONFIG.size pixels; the
  // sketch's own pixelDensity() calls are ignored.
  function lockResolution(proto) {
    const createCanvas = proto.createCanvas;
    const resizeCanvas = proto.resizeCanvas;
    const pixelDensity = proto.pixelDensity;
    let locking = false;
    const lock = (inst) => {
      const r = inst._renderer;
      if (!r || !(inst.width > 0) || !(inst.height > 0)) return;
      const target = CONFIG.size / Math.max(inst.width, inst.height);
      if (r._pixelDensity === target) return;
      locking = true;
      try {
        apply(pixelDensity, inst, [target]);
      } finally {
        locking = false;
      }
    };
    proto.createCanvas = function (w, h) {
      // Never allocate the requested size first: a 30000-pixel WEBGL canvas
      // would take gigabytes in the GPU process every page shares. Create it
      // scaled down, then set the density and the logical size.
      const big = Math.max(w, h);
      if (typeof w === 'number' && typeof h === 'number' && big > CONFIG.size) {
        const k = CONFIG.size / big;
        const args = [Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))];
        for (let i = 2; i < arguments.length; i++) args.push(arguments[i]);
        const out = apply(createCanvas, this, args);
        locking = true;
        try {
          apply(pixelDensity, this, [k]);
          apply(resizeCanvas, this, [w, h]);
        } finally {
          locking = false;
        }
        return out;
      }
      const out = apply(createCanvas, this, arguments);
      lock(this);
      return out;
    };
    // Offscreen buffers inherit the canvas density; a huge one is made at a
    // density that keeps its longer side within MAX_BUFFER_SIDE pixels.
    const createGraphics = proto.createGraphics;
    proto.createGraphics = function (w, h) {
      const r = this._renderer;
      const big = Math.max(Number(w) || 0, Number(h) || 0);
      if (!r || !(big * r._pixelDensity > MAX_BUFFER_SIDE)) return apply(createGraphics, this, arguments);
      const saved = r._pixelDensity;
      r._pixelDensity = MAX_BUFFER_SIDE / big;
      try {
        return apply(createGraphics, this, arguments);
      } finally {
        r._pixelDensity = saved;
      }
    };
    proto.resizeCanvas = function () {
      const out = apply(resizeCanvas, this, arguments);
      if (!locking) lock(this);
      return out;
    };
    proto.pixelDensity = function (val) {
      if (typeof val === 'number' && !locking) return this; // ignored: the service sets resolution
      return apply(pixelDensity, this, arguments);
    };
  }

  function timeUserFunction(context, name) {
    const fn = context[name];
    if (typeof fn !== 'function' || fn[DRIVEN]) return;
    const timed = function () {
      const start = now();
      let result;
      try {
        result = apply(fn, this, arguments);
      } catch (e) {
        sketchMs += now() - start;
        throw e;
      }
      if (result && typeof result === 'object' && typeof result.then === 'function') {
        return result.then((v) => { sketchMs += now() - start; return v; },
          (e) => { sketchMs += now() - start; throw e; });
      }
      sketchMs += now() - start;
      return result;
    };
    timed[DRIVEN] = true;
    context[name] = timed;
  }

  // p5 calls _draw() once after setup and then on every animation frame. We
  // replace it: draw() runs at most CONFIG.frames times, back to back (no
  // wall-clock frame pacing, so renders are deterministic), stopping early when
  // the sketch calls noLoop(). Then the main canvas is read back.
  function driveFrames(proto) {
    const redraw = proto.redraw;
    proto._draw = async function () {
      if (this[DRIVEN]) return; // loop() after the end: nothing more is drawn
      this[DRIVEN] = true;
      try {
        const context = this._isGlobal ? W : this;
        if (typeof context.draw === 'function') {
          for (;;) {
            await apply(redraw, this, []);
            if (this === mainInstance) frames++;
            if (finished || frames >= CONFIG.frames || !this._loop) break;
          }
        }
      } catch (e) {
        return fail('RUNTIME_ERROR', e);
      }
      if (this === mainInstance) readBack(this);
      return undefined;
    };
  }

  function readBack(inst) {
    if (finished) return;
    mark('drawn');
    const renderer = inst._renderer;
    const canvas = renderer ? renderer.canvas : null;
    if (!canvas || !apply(isConnectedGetter, canvas, []) || !(canvas.width > 0) || !(canvas.height > 0)) {
      return finish('NO_CANVAS', 'the sketch removed its canvas (noCanvas() or DOM removal)');
    }
    try {
      const out = apply(createElement, doc, ['canvas']);
      apply(setCanvasWidth, out, [CONFIG.size]);
      apply(setCanvasHeight, out, [CONFIG.size]);
      const g = apply(canvasGetContext, out, ['2d']);
      // What a viewer sees: the page is white behind a transparent canvas.
      apply(setFillStyle, g, ['#ffffff']);
      apply(fillRect, g, [0, 0, CONFIG.size, CONFIG.size]);
      apply(drawImage, g, [canvas, 0, 0, CONFIG.size, CONFIG.size]);
      mark('read'); // copying the WebGL canvas waits for the GPU work the sketch queued
      const url = apply(canvasToDataURL, out, ['image/png']);
      mark('encoded');
      return finish('SUCCESS', null, url);
    } catch (e) {
      return finish('RUNTIME_ERROR', `reading the canvas failed: ${describe(e)}`);
    }
  }

  // Every p5.brush function is replaced by a counting wrapper. Counts live in
  // this closure; only the outermost call made by the sketch counts (not calls
  // p5.brush makes internally, nor its own flush in p5's lifecycle hooks).
  function wrapBrush() {
    const lib = W.brush;
    if (!lib || typeof lib !== 'object') {
      finish('RENDERER_ERROR', 'p5.brush did not load');
      return false;
    }
    const api = {};
    for (const name of getOwnPropertyNames(lib)) {
      const value = lib[name];
      api[name] = typeof value === 'function' ? counted(name, value) : value;
    }
    freeze(api);
    const guarded = new ProxyCtor(api, {
      set(target, key) { block(`the sketch tried to overwrite brush.${StringOf(key)}`); return false; },
      defineProperty(target, key) { block(`the sketch tried to redefine brush.${StringOf(key)}`); return false; },
      deleteProperty(target, key) { block(`the sketch tried to delete brush.${StringOf(key)}`); return false; },
      setPrototypeOf() { block('the sketch tried to replace the prototype of brush'); return false; },
    });
    defineProperty(W, 'brush', {
      configurable: false,
      enumerable: true,
      get() { return guarded; },
      set() { block('the sketch tried to replace window.brush'); },
    });
    return true;
  }

  // Calls whose first argument names a brush (counted only when the call returned).
  const SELECTS_BRUSH = freeze({ __proto__: null, set: true, pick: true, hatchStyle: true });

  function counted(name, fn) {
    const isClass = apply(regexTest, /^class\b/, [apply(fnToString, fn, [])]);
    if (isClass) {
      const proto = fn.prototype;
      for (const m of getOwnPropertyNames(proto)) {
        if (m === 'constructor') continue;
        const desc = Object.getOwnPropertyDescriptor(proto, m);
        if (desc && typeof desc.value === 'function') proto[m] = counted(`${name}.${m}`, desc.value);
      }
    }
    const wrapper = function () {
      const outermost = callDepth === 0 && hookDepth === 0;
      callDepth++;
      let result;
      try {
        result = new.target ? construct(fn, arguments, new.target) : apply(fn, this, arguments);
      } finally {
        callDepth--;
      }
      if (outermost) {
        brushCalls[name] = (brushCalls[name] | 0) + 1;
        const chosen = arguments[0];
        if (SELECTS_BRUSH[name] && typeof chosen === 'string' && chosen.length <= 40) brushNames[chosen] = true;
      }
      return result;
    };
    if (isClass) wrapper.prototype = fn.prototype;
    return wrapper;
  }

  // --- start on load: after the sketch's own top-level code has run -----------
  // p5 starts itself at load: in global mode when setup() or draw() exist (its
  // own init runs in the microtask checkpoint after its load listener, before
  // this one), in instance mode through the sketch's `new p5(fn)`, whose load
  // listener comes after this one. Either enters presetup, where mainInstance
  // is set; a task later, no instance means nothing will be drawn.
  function start() {
    mark('load');
    if (finished) return;
    setTimeoutRef(() => {
      if (!finished && mainInstance === null) {
        finish('NO_CANVAS', 'the sketch defines no setup() or draw() and creates no p5 instance, so nothing is drawn');
      }
    }, 0);
  }
}
